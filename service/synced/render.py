"""A synced fan as the API shows it."""

from __future__ import annotations

from typing import Any

from service.domain.clock import isoformat
from service.synced.model import Fan


def fan_json(fan: Fan) -> dict[str, Any]:
    return {
        "id": fan.id,
        "username": fan.username,
        "name": fan.name,
        "avatarUrl": fan.avatar_url,
        "subscriptionStatus": fan.subscription_status,
        "subscribedAt": isoformat(fan.subscribed_at),
        "expiresAt": isoformat(fan.expires_at),
        "listIds": list(fan.list_ids),
    }
