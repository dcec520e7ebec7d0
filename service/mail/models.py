"""Mail preferences, outbox mails and attempts as plain values (storage loads them)."""

from __future__ import annotations

import datetime as dt

from attrs import frozen

NEW_APPROVALS = ("each", "digest", "off")
MAIL_KINDS = ("approval", "digest", "reminder", "escalation", "paused")
MAIL_STATUSES = ("held", "pending", "sent", "failed", "skipped", "folded")
"""held: an approval waiting for its digest; folded: gone into a digest mail; skipped: its
action was decided before the mail went out (nothing left to ask)."""


@frozen
class MailPreference:
    """What reaches one member of one workspace. No row: the role's default (defaults_for)."""

    workspace_id: str
    user_id: str
    new_approvals: str  # each | digest | off
    digest_minutes: int
    accounts: list[str] | None  # None: every account of the workspace
    reminder_minutes: int | None  # None: no reminder; else minutes before expiry
    updated_at: dt.datetime | None = None


@frozen
class Mail:
    id: str
    workspace_id: str
    user_id: str
    to_address: str
    kind: str  # approval | digest | reminder | paused
    action_ids: list[str]
    mode: str  # live | test
    status: str
    attempts: int
    next_attempt_at: dt.datetime
    created_at: dt.datetime
    claimed_by: str | None = None
    claimed_until: dt.datetime | None = None
    sent_at: dt.datetime | None = None
    last_error: str | None = None


@frozen
class MailAttempt:
    id: str
    mail_id: str
    attempt: int
    attempted_at: dt.datetime
    duration_ms: int
    outcome: str  # sent | retry | failed
    error: str | None = None
