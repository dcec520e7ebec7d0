"""The raw driver a database URL names, importing only that database's client library (the
CLI on SQLite never loads asyncpg: bench/cli_start.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    from storage.sql.driver.postgres import PgDriver
    from storage.sql.driver.sqlite import SqliteDriver


def driver_for(url: str, *, size: int, timeout: float) -> SqliteDriver | PgDriver:
    """`postgresql://…` or `sqlite:///path` (driver suffixes such as `+asyncpg` are ignored)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        from storage.sql.driver.sqlite import SqliteDriver

        return SqliteDriver(parsed.database or "", size=size, timeout=timeout)
    from storage.sql.driver.postgres import PgDriver

    dsn = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    return PgDriver(dsn, size=size, timeout=timeout)
