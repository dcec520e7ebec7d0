"""SQLAlchemy's async engines, for alembic's migrations and ad-hoc SQL in tests and benchmarks.
The service's units of work run on the raw drivers instead (sqlite.py, postgres.py)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from storage.sql.driver.connection import CONNECT_TIMEOUT, POOL_TIMEOUT
from storage.sql.driver.private_file import make_private
from storage.sql.driver.types import compact_json
from storage.sql.tables import add_postgresql_options


def normalise_url(url: str) -> str:
    """Accept the URLs operators type (`postgresql://`, `sqlite:///file.db`) and pick async drivers."""
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    if url.startswith("sqlite://") and not url.startswith("sqlite+aiosqlite://"):
        return "sqlite+aiosqlite://" + url.split("://", 1)[1]
    return url


def make_engine(
    url: str,
    *,
    pool_size: int = 10,
    max_overflow: int | None = None,
    pool_timeout: float = POOL_TIMEOUT,
) -> AsyncEngine:
    url = normalise_url(url)
    overflow = pool_size if max_overflow is None else max_overflow
    if url.startswith("sqlite"):
        make_private(sa.engine.make_url(url).database or "")
        engine = create_async_engine(
            url,
            connect_args={"timeout": 30},
            json_serializer=compact_json,
            pool_size=pool_size,
            max_overflow=overflow,
            pool_timeout=pool_timeout,
        )
        _configure_sqlite(engine)
        return engine
    add_postgresql_options()
    # pool_recycle instead of pool_pre_ping: a ping per checkout would double every read.
    # A connect that hangs (a host gone from the network) fails after CONNECT_TIMEOUT seconds.
    return create_async_engine(
        url,
        pool_size=pool_size,
        max_overflow=overflow,
        pool_timeout=pool_timeout,
        pool_recycle=1800,
        json_serializer=compact_json,
        connect_args={"timeout": CONNECT_TIMEOUT},
    )


def _configure_sqlite(engine: AsyncEngine) -> None:
    """WAL for concurrent readers; BEGIN IMMEDIATE for writers so two writers queue on the lock
    instead of both reading and then failing to upgrade (which busy_timeout cannot retry)."""

    @sa.event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @sa.event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: sa.Connection) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        connection.exec_driver_sql(f"BEGIN {mode}")
