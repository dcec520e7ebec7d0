"""API keys (stored as a digest of the secret)."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

api_keys = sa.Table(
    "api_keys",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("prefix", sa.String(40), nullable=False),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("mode", sa.String(4), nullable=False),
    sa.Column("scopes", Json, nullable=False),
    sa.Column("account_ids", Json, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=True),
    sa.Column("revoked_at", UtcDateTime, nullable=True),
    sa.Column("last_used_at", UtcDateTime, nullable=True),
)
