"""A fan as the platform describes it, in our shape (shared by live reads and the syncer)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.accounts.model import Account
from service.synced.model import Fan


def _time(value: Any) -> dt.datetime | None:
    """Platform times are ISO 8601; an unreadable one is treated as unknown, never a 500."""
    if not value:
        return None
    try:
        return dt.datetime.fromisoformat(str(value))
    except ValueError:
        return None


def platform_fan(account: Account, row: dict[str, Any]) -> Fan:
    """A fan as the platform describes it, in our shape (shared by live reads and the syncer)."""
    expired = row.get("subscribedIsExpiredNow", row.get("subscriptionStatus") == "expired")
    return Fan(
        workspace_id=account.workspace_id,
        account_id=account.id,
        id=str(row["id"]),
        username=row.get("username") or str(row["id"]),
        name=row.get("name"),
        avatar_url=row.get("avatar") or row.get("avatarUrl"),
        subscription_status="expired" if expired else "active",
        subscribed_at=_time(row.get("subscribedAt")),
        expires_at=_time(row.get("expiredAt") or row.get("expiresAt")),
        list_ids=tuple(str(x) for x in row.get("listIds", [])),
    )
