"""The records the service keeps. Plain attrs values: storage loads them, handlers render them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import field, frozen

Json = dict[str, Any]

UNAVAILABLE_STATUSES = frozenset(
    {"needs_relink", "awaiting_2fa", "awaiting_selfie", "restricted", "disconnected"}
)
ROLES = ("owner", "admin", "member")
SCOPES = ("read", "write")
MODES = ("live", "test")


@frozen
class Workspace:
    id: str
    name: str
    created_at: dt.datetime
    policy: list[Json] | None = None
    """The workspace's default approval rules (service/actions/policy.py); None: no rules."""


@frozen
class User:
    id: str
    email: str
    name: str
    password_hash: str
    created_at: dt.datetime


@frozen
class Member:
    workspace_id: str
    user_id: str
    role: str
    email: str = ""
    name: str = ""


@frozen
class ApiKey:
    id: str
    workspace_id: str
    name: str
    prefix: str
    secret_hash: str
    mode: str
    scopes: tuple[str, ...]
    account_ids: tuple[str, ...] | None
    created_at: dt.datetime
    expires_at: dt.datetime | None = None
    revoked_at: dt.datetime | None = None
    last_used_at: dt.datetime | None = None


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
    """This account's approval rules; None: the workspace's default applies."""

    @property
    def unavailable(self) -> bool:
        return self.status in UNAVAILABLE_STATUSES


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


@frozen
class Link:
    id: str
    workspace_id: str
    mode: str
    status: str
    step: str | None
    token_hash: str  # sha256 of the URL's token (service/linking/tokens.py); never the token
    note: str | None
    account_id: str | None
    created_at: dt.datetime
    expires_at: dt.datetime
    state: Json = field(factory=dict)
    attempts: int = 0  # sign-in attempts counted so far (at most steps.MAX_ATTEMPTS)


@frozen
class Event:
    """An outbox row: written in the same transaction as the change it reports."""

    id: str
    workspace_id: str
    type: str
    account_id: str | None
    data: Json
    created_at: dt.datetime
    mode: str  # live | test: delivered only to endpoints of the same mode
    seq: int | None = None
