"""The synced data: fans, chats, messages, the families kept as items, each family's sync state."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime, WrittenJson
from storage.sql.tables.schema import metadata

fans = sa.Table(
    "fans",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("username", sa.String(200), nullable=False),
    sa.Column("name", sa.String(200), nullable=True),
    sa.Column("avatar_url", sa.String(2000), nullable=True),
    sa.Column("subscription_status", sa.String(10), nullable=False),
    sa.Column("subscribed_at", UtcDateTime, nullable=True),
    sa.Column("expires_at", UtcDateTime, nullable=True),
    sa.Column("list_ids", Json, nullable=False),
    sa.ForeignKeyConstraint(
        ["workspace_id", "account_id"], ["accounts.workspace_id", "accounts.id"]
    ),
)

# (docs/synced-data.md). Each row is scoped by (workspace_id, account_id); the syncer keeps a
# bounded window of each and rewrites only what changed.

synced_chats = sa.Table(
    "synced_chats",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("fan_id", sa.String(64), primary_key=True),
    sa.Column("last_activity_at", UtcDateTime, nullable=False),
    sa.Column("last_message_id", sa.String(64), nullable=True),
    sa.Column("data", Json, nullable=False),
    sa.Index("ix_synced_chats_recent", "workspace_id", "account_id", "last_activity_at", "fan_id"),
)

synced_messages = sa.Table(
    "synced_messages",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("fan_id", sa.String(64), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("mass_message_id", sa.String(64), nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("data", WrittenJson, nullable=False),
    sa.Index("ix_synced_messages_chat", "workspace_id", "account_id", "fan_id", "created_at", "id"),
)

synced_items = sa.Table(
    "synced_items",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("family", sa.String(20), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("position", sa.String(200), nullable=False),
    sa.Column("tags", sa.String(2000), nullable=False),
    sa.Column("data", Json, nullable=False),
    sa.Index("ix_synced_items_order", "workspace_id", "account_id", "family", "position", "id"),
)

sync_state = sa.Table(
    "sync_state",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("account_id", sa.String(64), primary_key=True),
    sa.Column("family", sa.String(20), primary_key=True),
    sa.Column("synced_at", UtcDateTime, nullable=False),
    sa.Column("signature", Json, nullable=True),
)
