"""The outbox: events written with the change they announce, dispatched later."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import ROW_ID, Json, UtcDateTime
from storage.sql.tables.schema import metadata

events = sa.Table(
    "events",
    metadata,
    sa.Column("seq", ROW_ID, primary_key=True, autoincrement=True),
    sa.Column("id", sa.String(40), nullable=False, unique=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False),
    sa.Column("type", sa.String(40), nullable=False),
    sa.Column("mode", sa.String(4), nullable=False),  # live | test: which endpoints get it
    sa.Column("account_id", sa.String(64), nullable=True),
    sa.Column("data", Json, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("dispatched_at", UtcDateTime, nullable=True),  # fanned out to deliveries
    # The dispatcher's queue (dispatched_at null, in order) and retention's walk (the longest
    # dispatched first). Every event written pays for each index here, so there are no others:
    # no query reads events by workspace, and dispatch follows creation within a second.
    sa.Index("ix_events_undispatched", "dispatched_at", "seq"),
)
