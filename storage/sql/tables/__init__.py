"""The schema, in SQLAlchemy Core, one module per feature on one MetaData (schema.py).
Alembic revisions in storage/migrations are generated from it; `tables.actions` and the like
are named here so every repository reads the schema from one place."""

from __future__ import annotations

from storage.sql.tables.accounts import accounts
from storage.sql.tables.actions import (
    APPROVED_CONDITION,
    OPEN_CONDITION,
    OPEN_INDEXES,
    OPEN_STATUSES,
    PENDING_CONDITION,
    actions,
    add_postgresql_options,
    allowance_uses,
    limit_uses,
    open_hint,
    policy_limits,
    still_open,
)
from storage.sql.tables.audit import audit_log
from storage.sql.tables.chat import chat_codes, chat_connections, chat_messages, chat_users
from storage.sql.tables.keys import api_keys
from storage.sql.tables.linking import links
from storage.sql.tables.mail import mail_attempts, mail_preferences, mails
from storage.sql.tables.operations import worker_heartbeats
from storage.sql.tables.outbox import events
from storage.sql.tables.revenue import counters, transactions
from storage.sql.tables.schema import metadata
from storage.sql.tables.synced import fans, sync_state, synced_chats, synced_items, synced_messages
from storage.sql.tables.webhooks import deliveries, delivery_attempts, webhook_endpoints
from storage.sql.tables.workspaces import invites, members, sessions, users, workspaces

__all__ = [
    "APPROVED_CONDITION",
    "OPEN_CONDITION",
    "OPEN_INDEXES",
    "OPEN_STATUSES",
    "PENDING_CONDITION",
    "accounts",
    "actions",
    "add_postgresql_options",
    "allowance_uses",
    "api_keys",
    "audit_log",
    "chat_codes",
    "chat_connections",
    "chat_messages",
    "chat_users",
    "counters",
    "deliveries",
    "delivery_attempts",
    "events",
    "fans",
    "invites",
    "limit_uses",
    "links",
    "mail_attempts",
    "mail_preferences",
    "mails",
    "members",
    "metadata",
    "open_hint",
    "policy_limits",
    "sessions",
    "still_open",
    "sync_state",
    "synced_chats",
    "synced_items",
    "synced_messages",
    "transactions",
    "users",
    "webhook_endpoints",
    "worker_heartbeats",
    "workspaces",
]
