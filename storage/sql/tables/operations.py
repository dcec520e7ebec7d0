"""Operations: which worker processes are alive."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import UtcDateTime
from storage.sql.tables.schema import metadata

worker_heartbeats = sa.Table(
    "worker_heartbeats",
    metadata,
    # One row per process running the background loops, beaten every few seconds while every
    # loop runs; removed on a clean stop. A stale row is a worker that stopped without saying so.
    sa.Column("id", sa.String(80), primary_key=True),
    sa.Column("host", sa.String(200), nullable=False),
    sa.Column("pid", sa.Integer, nullable=False),
    sa.Column("started_at", UtcDateTime, nullable=False),
    sa.Column("beat_at", UtcDateTime, nullable=False),
)
