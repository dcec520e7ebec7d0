"""A synced fan of a linked account."""

from __future__ import annotations

import datetime as dt

from attrs import frozen


@frozen
class Fan:
    workspace_id: str
    account_id: str
    id: str
    username: str
    name: str | None
    avatar_url: str | None
    subscription_status: str
    subscribed_at: dt.datetime | None
    expires_at: dt.datetime | None
    list_ids: tuple[str, ...] = ()
