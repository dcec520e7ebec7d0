"""Records only the dashboard keeps: sign-in sessions, invitations and the audit log."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import field, frozen


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


@frozen
class AuditEntry:
    id: str
    workspace_id: str
    actor: dict[str, Any]
    action: str
    target: str | None
    created_at: dt.datetime
    details: dict[str, Any] = field(factory=dict)
