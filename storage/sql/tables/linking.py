"""Hosted links and the creator's sign-in state."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

links = sa.Table(
    "links",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("status", sa.String(12), nullable=False),
    sa.Column("step", sa.String(200), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),  # sha256 of the token
    sa.Column("note", sa.String(200), nullable=True),
    sa.Column("account_id", sa.String(64), nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=False),
    sa.Column("state", Json, nullable=False),
    # wrong sign-in attempts, raised by a conditional write before each platform call
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
)
