"""synced families: chats, messages, platform records and per-family sync state

`synced_chats` and `synced_messages` hold the chat list and a bounded window of each chat's
messages; `synced_items` holds the other families (fan lists, posts, vault lists, vault media,
earnings days) as the JSON we serve, ordered by `position`; `sync_state` records when each
family of an account was last synced and the signature that says whether it changed.

Revision ID: a18c5e0d0008
Revises: a20b0011mail
Create Date: 2026-11-25 09:10:00
"""

import sqlalchemy as sa
from alembic import op

import storage.sql.driver.types

revision = "a18c5e0d0008"
down_revision = "a20b0011mail"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "synced_chats",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("fan_id", sa.String(length=64), nullable=False),
        sa.Column(
            "last_activity_at", storage.sql.driver.types.UtcDateTime(timezone=True), nullable=False
        ),
        sa.Column("last_message_id", sa.String(length=64), nullable=True),
        sa.Column("data", storage.sql.driver.types.Json(), nullable=False),
        sa.PrimaryKeyConstraint(
            "workspace_id", "account_id", "fan_id", name=op.f("pk_synced_chats")
        ),
    )
    op.create_index(
        "ix_synced_chats_recent",
        "synced_chats",
        ["workspace_id", "account_id", "last_activity_at", "fan_id"],
        unique=False,
    )
    op.create_table(
        "synced_messages",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("fan_id", sa.String(length=64), nullable=False),
        sa.Column(
            "created_at", storage.sql.driver.types.UtcDateTime(timezone=True), nullable=False
        ),
        sa.Column("mass_message_id", sa.String(length=64), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("data", storage.sql.driver.types.Json(), nullable=False),
        sa.PrimaryKeyConstraint(
            "workspace_id", "account_id", "id", name=op.f("pk_synced_messages")
        ),
    )
    op.create_index(
        "ix_synced_messages_chat",
        "synced_messages",
        ["workspace_id", "account_id", "fan_id", "created_at", "id"],
        unique=False,
    )
    op.create_table(
        "synced_items",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("family", sa.String(length=20), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("position", sa.String(length=200), nullable=False),
        sa.Column("tags", sa.String(length=2000), nullable=False),
        sa.Column("data", storage.sql.driver.types.Json(), nullable=False),
        sa.PrimaryKeyConstraint(
            "workspace_id", "account_id", "family", "id", name=op.f("pk_synced_items")
        ),
    )
    op.create_index(
        "ix_synced_items_order",
        "synced_items",
        ["workspace_id", "account_id", "family", "position", "id"],
        unique=False,
    )
    op.create_table(
        "sync_state",
        sa.Column("workspace_id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("family", sa.String(length=20), nullable=False),
        sa.Column("synced_at", storage.sql.driver.types.UtcDateTime(timezone=True), nullable=False),
        sa.Column("signature", storage.sql.driver.types.Json(), nullable=True),
        sa.PrimaryKeyConstraint("workspace_id", "account_id", "family", name=op.f("pk_sync_state")),
    )


def downgrade() -> None:
    op.drop_table("sync_state")
    op.drop_index("ix_synced_items_order", table_name="synced_items")
    op.drop_table("synced_items")
    op.drop_index("ix_synced_messages_chat", table_name="synced_messages")
    op.drop_table("synced_messages")
    op.drop_index("ix_synced_chats_recent", table_name="synced_chats")
    op.drop_table("synced_chats")
