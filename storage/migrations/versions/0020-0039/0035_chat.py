"""approvals in chat: connections, linked chat users, one-time codes and the chat outbox

Revision ID: a31chat
Revises: a29usesbynumber
Create Date: 2026-12-07 12:00:00
"""

import sqlalchemy as sa
from alembic import op

import storage.sql.driver.types

revision = "a31chat"
down_revision = "a34autonomy"
branch_labels = None
depends_on = None


def upgrade() -> None:
    when = storage.sql.driver.types.UtcDateTime(timezone=True)
    op.create_table(
        "chat_connections",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("provider", sa.String(length=10), nullable=False),
        sa.Column("channel", sa.String(length=64), nullable=False),
        sa.Column("account_channels", storage.sql.driver.types.Json(), nullable=False),
        sa.Column("team_id", sa.String(length=64), nullable=True),
        sa.Column("bot_token", sa.Text(), nullable=True),
        sa.Column("connected_at", when, nullable=False),
        sa.PrimaryKeyConstraint("workspace_id", "provider"),
    )
    op.create_index("ix_chat_connections_team", "chat_connections", ["team_id"])
    op.create_index("ix_chat_connections_channel", "chat_connections", ["provider", "channel"])
    op.create_table(
        "chat_users",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("provider", sa.String(length=10), nullable=False),
        sa.Column("chat_user_id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=40), nullable=False),
        sa.Column("linked_at", when, nullable=False),
        sa.PrimaryKeyConstraint("workspace_id", "provider", "chat_user_id"),
    )
    op.create_table(
        "chat_codes",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("provider", sa.String(length=10), nullable=False),
        sa.Column("chat_user_id", sa.String(length=64), nullable=True),
        sa.Column("user_id", sa.String(length=40), nullable=True),
        sa.Column("created_at", when, nullable=False),
        sa.Column("expires_at", when, nullable=False),
        sa.Column("used_at", when, nullable=True),
        sa.PrimaryKeyConstraint("code_hash"),
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("action_id", sa.String(length=40), nullable=False),
        sa.Column("provider", sa.String(length=10), nullable=False),
        sa.Column("channel", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("wanted", sa.Integer(), nullable=False),
        sa.Column("sent", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", when, nullable=False),
        sa.Column("created_at", when, nullable=False),
        sa.Column("ref", sa.String(length=64), nullable=True),
        sa.Column("claimed_by", sa.String(length=80), nullable=True),
        sa.Column("claimed_until", when, nullable=True),
        sa.Column("posted_at", when, nullable=True),
        sa.Column("last_error", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_chat_messages_due", "chat_messages", ["status", "next_attempt_at"])
    op.create_index("ix_chat_messages_action", "chat_messages", ["action_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_action", table_name="chat_messages")
    op.drop_index("ix_chat_messages_due", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_table("chat_codes")
    op.drop_table("chat_users")
    op.drop_index("ix_chat_connections_channel", table_name="chat_connections")
    op.drop_index("ix_chat_connections_team", table_name="chat_connections")
    op.drop_table("chat_connections")
