"""A workspace, its people, their sign-in sessions and invitations."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import frozen

Json = dict[str, Any]

ROLES = ("owner", "admin", "member")


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
class Session:
    id: str  # sha256 of the cookie token; the token itself is never stored
    user_id: str
    workspace_id: str | None
    csrf_token: str
    created_at: dt.datetime
    expires_at: dt.datetime
    ended_at: dt.datetime | None = None

    def live(self, now: dt.datetime) -> bool:
        return self.ended_at is None and now < self.expires_at


@frozen
class Invite:
    id: str
    workspace_id: str
    email: str
    role: str
    token_hash: str
    invited_by: str
    created_at: dt.datetime
    expires_at: dt.datetime
    accepted_at: dt.datetime | None = None
