"""A hosted link as the API shows it."""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.domain.clock import isoformat
from service.linking.model import Link
from service.linking.tokens import LinkTokens

EXPIRED_STEP = "The link expired before the creator finished."


def link_json(link: Link, public_url: str, now: dt.datetime, tokens: LinkTokens) -> dict[str, Any]:
    status = link.status
    if status in ("waiting", "in_progress") and link.expires_at <= now:
        status = "expired"
    return {
        "id": link.id,
        "status": status,
        "step": link.step if status == link.status else EXPIRED_STEP,
        "url": tokens.url(public_url, link),
        "accountId": link.account_id,
        "note": link.note,
        "createdAt": isoformat(link.created_at),
        "expiresAt": isoformat(link.expires_at),
    }
