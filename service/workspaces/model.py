"""A workspace, its people, their sign-in sessions and invitations."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import frozen

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

Json = dict[str, Any]

ROLES = ("owner", "admin", "member")
PASSWORD_MIN = 10
"""Characters a person's password has at least, whoever sets it: an invitation accepted, an
operator's `countersign users create`."""
EMAIL_MAX = 320


def checked_email(email: str) -> str:
    """The address a person signs in with, trimmed; refused when it cannot be one."""
    email = email.strip()
    if "@" not in email or len(email) > EMAIL_MAX:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Enter a valid email address.", param="email")
    return email


def check_password(password: str) -> None:
    if len(password) < PASSWORD_MIN:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"Choose a password of at least {PASSWORD_MIN} characters.",
            param="password",
        )


@frozen
class Workspace:
    id: str
    name: str
    created_at: dt.datetime
    policy: list[Json] | None = None
    """The workspace's default approval rules as stored (JSON, read as
    service/actions/policies/policy_rule.py's `PolicyRule`s); None: no rules."""


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
    account_ids: list[str] | None = None
    """The accounts a `member` is assigned to (None: all); owners and admins see all."""
    shift: str = "on"
    """on | off | schedule: whether new actions reach them (service/people/shifts.py)."""
    schedule: dict[str, Any] | None = None
    """`{timeZone, days: {mon: [["09:00", "17:00"]], ...}}` when `shift` is `schedule`."""

    def sees(self) -> tuple[str, ...] | None:
        """The accounts this member reaches: None for all (owners, admins, unassigned)."""
        if self.role != "member" or self.account_ids is None:
            return None
        return tuple(self.account_ids)

    def reaches(self, account_id: str) -> bool:
        seen = self.sees()
        return seen is None or account_id in seen


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
