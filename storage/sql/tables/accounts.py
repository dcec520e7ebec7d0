"""Linked accounts."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), primary_key=True),
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("username", sa.String(200), nullable=False),
    sa.Column("name", sa.String(200), nullable=True),
    sa.Column("avatar_url", sa.String(2000), nullable=True),
    sa.Column("status", sa.String(20), nullable=False),
    sa.Column("status_reason", sa.String(500), nullable=True),
    sa.Column("writes_enabled", sa.Boolean, nullable=False),
    sa.Column("linked_at", UtcDateTime, nullable=True),
    sa.Column("last_synced_at", UtcDateTime, nullable=True),
    sa.Column("counts", Json, nullable=False),
    sa.Column("revenue30d", Json, nullable=False),
    sa.Column("subscription_price", Json, nullable=True),
    sa.Column("session_secret", sa.LargeBinary, nullable=True),
    sa.Column("fan_lists", Json, nullable=True),
    sa.Column("media_ids", Json, nullable=True),
    # The syncer's lease: a worker claims the account until `sync_lease_until` (its next due
    # time) with a conditional write, so N workers sync it once per interval.
    sa.Column("sync_claimed_by", sa.String(64), nullable=True),
    sa.Column("sync_lease_until", UtcDateTime, nullable=True),
    sa.Column("policy", Json, nullable=True),  # approval rules; null: the workspace's
)
