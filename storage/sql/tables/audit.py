"""The audit log: who did what, written with the change."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

audit_log = sa.Table(
    "audit_log",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False),
    sa.Column("actor", Json, nullable=False),  # {kind, id, name, email}
    sa.Column("action", sa.String(60), nullable=False),  # e.g. action.approved, key.revoked
    sa.Column("target", sa.String(80), nullable=True),
    sa.Column("details", Json, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Index("ix_audit_log_recent", "workspace_id", "created_at"),
)
