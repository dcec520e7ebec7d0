"""mail to the people who decide: preferences, the mail outbox and its attempts

Revision ID: a20b0011mail
Revises: e10a22b0d15a
Create Date: 2026-11-25 09:40:00
"""

import sqlalchemy as sa
from alembic import op

import storage.sql.driver.types

revision = "a20b0011mail"
down_revision = "e10a22b0d15a"
branch_labels = None
depends_on = None


def upgrade() -> None:
    when = storage.sql.driver.types.UtcDateTime(timezone=True)
    op.create_table(
        "mail_preferences",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("new_approvals", sa.String(length=10), nullable=False),
        sa.Column("digest_minutes", sa.Integer(), nullable=False),
        sa.Column("accounts", storage.sql.driver.types.Json(), nullable=True),
        sa.Column("reminder_minutes", sa.Integer(), nullable=True),
        sa.Column("updated_at", when, nullable=True),
        sa.PrimaryKeyConstraint("workspace_id", "user_id"),
    )
    op.create_table(
        "mails",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("action_ids", storage.sql.driver.types.Json(), nullable=False),
        sa.Column("mode", sa.String(length=4), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", when, nullable=False),
        sa.Column("created_at", when, nullable=False),
        sa.Column("claimed_by", sa.String(length=80), nullable=True),
        sa.Column("claimed_until", when, nullable=True),
        sa.Column("sent_at", when, nullable=True),
        sa.Column("last_error", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_mails_due", "mails", ["status", "next_attempt_at"])
    op.create_index("ix_mails_user", "mails", ["workspace_id", "user_id", "status"])
    op.create_table(
        "mail_attempts",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("mail_id", sa.String(length=40), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("attempted_at", when, nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=False),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.ForeignKeyConstraint(["mail_id"], ["mails.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_mail_attempts_mail_id", "mail_attempts", ["mail_id"])


def downgrade() -> None:
    op.drop_index("ix_mail_attempts_mail_id", table_name="mail_attempts")
    op.drop_table("mail_attempts")
    op.drop_index("ix_mails_user", table_name="mails")
    op.drop_index("ix_mails_due", table_name="mails")
    op.drop_table("mails")
    op.drop_table("mail_preferences")
