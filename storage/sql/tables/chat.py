"""Approvals in chat: connections, linked chat users, one-time codes and the chat outbox."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

chat_connections = sa.Table(
    "chat_connections",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("provider", sa.String(10), primary_key=True),  # slack | telegram
    sa.Column("channel", sa.String(64), nullable=False),  # the workspace default
    sa.Column("account_channels", Json, nullable=False),  # account id -> channel
    sa.Column("team_id", sa.String(64), nullable=True),  # Slack's team
    sa.Column("bot_token", sa.Text, nullable=True),  # sealed with the secret key
    sa.Column("connected_at", UtcDateTime, nullable=False),
    sa.Index("ix_chat_connections_team", "team_id"),
    sa.Index("ix_chat_connections_channel", "provider", "channel"),
)

chat_users = sa.Table(
    "chat_users",
    metadata,
    sa.Column("workspace_id", sa.String(40), primary_key=True),
    sa.Column("provider", sa.String(10), primary_key=True),
    sa.Column("chat_user_id", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.String(40), nullable=False),
    sa.Column("linked_at", UtcDateTime, nullable=False),
)

chat_codes = sa.Table(
    "chat_codes",
    metadata,
    sa.Column("code_hash", sa.String(64), primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    sa.Column("provider", sa.String(10), nullable=False),
    sa.Column("chat_user_id", sa.String(64), nullable=True),
    sa.Column("user_id", sa.String(40), nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=False),
    sa.Column("used_at", UtcDateTime, nullable=True),
)

chat_messages = sa.Table(
    "chat_messages",
    metadata,
    # The chat outbox: written when the dispatcher fans out `action.created` (in the transaction
    # that marks the event dispatched), bumped by each later event of the action, sent by the
    # poster under a lease.
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    sa.Column("action_id", sa.String(40), nullable=False),
    sa.Column("provider", sa.String(10), nullable=False),
    sa.Column("channel", sa.String(64), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),  # queued | done | failed
    sa.Column("wanted", sa.Integer, nullable=False),
    sa.Column("sent", sa.Integer, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_attempt_at", UtcDateTime, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("ref", sa.String(64), nullable=True),
    sa.Column("claimed_by", sa.String(80), nullable=True),
    sa.Column("claimed_until", UtcDateTime, nullable=True),
    sa.Column("posted_at", UtcDateTime, nullable=True),
    sa.Column("last_error", sa.String(500), nullable=True),
    sa.Index("ix_chat_messages_due", "status", "next_attempt_at"),
    sa.Index("ix_chat_messages_action", "action_id"),
)
