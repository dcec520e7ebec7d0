"""Mail to the people who decide: preferences, mails and their attempts."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

mail_preferences = sa.Table(
    "mail_preferences",
    metadata,
    # No row: the member's role decides (owners and admins: each approval and the reminder).
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("user_id", sa.String(40), primary_key=True),
    sa.Column("new_approvals", sa.String(10), nullable=False),  # each | digest | off
    sa.Column("digest_minutes", sa.Integer, nullable=False),
    sa.Column("accounts", Json, nullable=True),  # null: every account
    sa.Column("reminder_minutes", sa.Integer, nullable=True),  # null: no reminder
    sa.Column("updated_at", UtcDateTime, nullable=True),
)

mails = sa.Table(
    "mails",
    metadata,
    # The mail outbox: written when the dispatcher fans out `action.created` (in the transaction
    # that marks the event dispatched), sent by the mailer under a lease, one attempt row each.
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    sa.Column("user_id", sa.String(40), nullable=False),
    sa.Column("to_address", sa.String(320), nullable=False),
    sa.Column("kind", sa.String(10), nullable=False),  # approval | digest | reminder | escalation
    sa.Column("action_ids", Json, nullable=False),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_attempt_at", UtcDateTime, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("claimed_by", sa.String(80), nullable=True),
    sa.Column("claimed_until", UtcDateTime, nullable=True),
    sa.Column("sent_at", UtcDateTime, nullable=True),
    sa.Column("last_error", sa.String(500), nullable=True),
    sa.Index("ix_mails_due", "status", "next_attempt_at"),
    sa.Index("ix_mails_user", "workspace_id", "user_id", "status"),
)

mail_attempts = sa.Table(
    "mail_attempts",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("mail_id", sa.ForeignKey("mails.id"), nullable=False, index=True),
    sa.Column("attempt", sa.Integer, nullable=False),
    sa.Column("attempted_at", UtcDateTime, nullable=False),
    sa.Column("duration_ms", sa.Integer, nullable=False),
    sa.Column("outcome", sa.String(10), nullable=False),  # sent | retry | failed
    sa.Column("error", sa.String(500), nullable=True),
)
