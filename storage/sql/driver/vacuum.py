"""SQLite gives deleted pages back to the file system only with auto-vacuum, which an existing
file switches to only through a VACUUM (it rewrites the file; it cannot run in a transaction, so
alembic cannot do it). `SqlStore.migrate` calls this once per file; afterwards prune batches
free pages with `PRAGMA incremental_vacuum` (`reclaim`, the pruner's), and copy the write-ahead
log back into the file between batches (`checkpoint`)."""

from __future__ import annotations

import sqlite3

import sqlalchemy as sa

from storage.sql.driver.connection import Connection
from storage.sql.driver.dialect import gives_pages_back, single_writer

INCREMENTAL = 2  # PRAGMA auto_vacuum: 0 none, 1 full, 2 incremental
ROOMY_CACHE = sa.text("PRAGMA cache_size=-65536")
"""SQLite's page cache (2 MB a connection unless told) at 64 MB, for the deletes of a prune
statement only: each removed delivery changes a page in five indexes keyed by random ids, far
more pages than 2 MB holds in a statement of a few hundred; at 1,000,000 deliveries a prune
spent a fifth to a third less system time."""
USUAL_CACHE = sa.text("PRAGMA cache_size=-2000")
"""SQLite's own default, given back after the statement: the pool's connections keep small
caches."""


def use_incremental_vacuum(path: str) -> bool:
    """Switch the file at `path` to incremental auto-vacuum; True when it had to (VACUUM ran)."""
    raw = sqlite3.connect(path, isolation_level=None, timeout=30.0)
    try:
        if raw.execute("PRAGMA auto_vacuum").fetchone()[0] == INCREMENTAL:
            return False
        raw.execute(f"PRAGMA auto_vacuum={INCREMENTAL}")
        raw.execute("VACUUM")
        return True
    finally:
        raw.close()


async def reclaim(conn: Connection, pages: int) -> int:
    """SQLite: give up to `pages` free pages back to the file system, the number freed.
    PostgreSQL reuses freed space itself (autovacuum): nothing to do, 0."""
    if not gives_pages_back(conn.dialect.name):
        return 0
    free = int((await conn.exec_driver_sql("PRAGMA freelist_count")).scalar())
    # Each step of the statement frees one page, and a driver steps a statement that
    # returns no rows once: so it is run once per page (microseconds each).
    for _ in range(min(free, pages)):
        await conn.exec_driver_sql("PRAGMA incremental_vacuum(1)")
    after = int((await conn.exec_driver_sql("PRAGMA freelist_count")).scalar())
    return free - after


async def checkpoint(conn: Connection) -> int:
    """SQLite: copy what the write-ahead log holds back into the file without waiting for
    readers (a passive checkpoint), the number of log pages it holds. PostgreSQL checkpoints
    itself: nothing to do, 0."""
    if not single_writer(conn.dialect.name):
        return 0
    with conn.long_statements():
        found = await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
    return int(found.one()[1])
