"""A linked creator account: what every feature reaches the platform through."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import field, frozen

Json = dict[str, Any]

UNAVAILABLE_STATUSES = frozenset(
    {"needs_relink", "awaiting_2fa", "awaiting_selfie", "restricted", "disconnected"}
)


@frozen
class Account:
    workspace_id: str
    id: str
    mode: str
    username: str
    name: str | None
    avatar_url: str | None
    status: str
    status_reason: str | None
    writes_enabled: bool
    linked_at: dt.datetime | None
    last_synced_at: dt.datetime | None
    counts: Json = field(factory=dict)
    revenue30d: Json = field(factory=dict)
    subscription_price: Json | None = None
    session_secret: bytes | None = None
    fan_lists: tuple[Json, ...] | list[Json] | None = None
    """Synced fan lists `[{id, name}]`; None until the platform or sandbox has been read."""
    media_ids: tuple[str, ...] | list[str] | None = None
    """Synced vault media ids; None when unknown (never synced, or the sandbox)."""
    policy: list[Json] | None = None
    """This account's approval rules as stored (JSON; the actions feature reads them as
    `PolicyRule`s); None: the workspace's default applies."""

    @property
    def unavailable(self) -> bool:
        return self.status in UNAVAILABLE_STATUSES
