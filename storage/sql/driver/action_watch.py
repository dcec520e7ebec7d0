"""Tells one listener per process which actions changed status, from any process.

PostgreSQL: a trigger on `actions` (migration 0010) sends `pg_notify(ACTION_STATES_CHANNEL, id)`
whenever a row's status changes, whoever wrote it (executor, expirer, a decision, another
replica). NOTIFY is transactional, so the id arrives only once the change is committed, and the
one LISTEN connection of wakeups.py carries it.

SQLite has no NOTIFY. In this process every write unit tells us when it commits (the driver's
`committed` hooks); writes of other processes show in `PRAGMA data_version`, which one dedicated
connection reads every `SQLITE_POLL` seconds while anybody listens. Neither names the action, so
the callback gets None: "re-check what you wait for" (one query for all waiters).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from storage.sql.driver import wakeups

if TYPE_CHECKING:
    from storage.sql.driver.postgres import PgDriver
    from storage.sql.driver.sqlite import SqliteDriver

ACTION_STATES_CHANNEL = "countersign_action_states"
SQLITE_POLL = 0.1
"""Seconds between two reads of SQLite's data_version: how late a change made by another
process may be seen (this process's own commits are seen at once)."""

Changed = Callable[[Sequence[str] | None], None]


def watch(
    driver: SqliteDriver | PgDriver, callback: Changed
) -> contextlib.AbstractAsyncContextManager[None]:
    """Call `callback` while the context is open, the way the driver's database can tell."""
    dsn = getattr(driver, "dsn", None)
    if dsn is not None:
        return watch_postgres(dsn, callback)
    return watch_sqlite(driver, callback)  # type: ignore[arg-type]


@asynccontextmanager
async def watch_postgres(dsn: str, callback: Changed) -> AsyncIterator[None]:
    def on_payload(payload: str | None) -> None:
        callback([payload] if payload else None)

    async with wakeups.listen_payloads(dsn, ACTION_STATES_CHANNEL, on_payload):
        yield


@asynccontextmanager
async def watch_sqlite(driver: SqliteDriver, callback: Changed) -> AsyncIterator[None]:
    def on_commit() -> None:
        callback(None)

    driver.committed.append(on_commit)
    task = asyncio.create_task(_poll_data_version(driver.path, callback))
    try:
        yield
    finally:
        driver.committed.remove(on_commit)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _poll_data_version(path: str, callback: Changed) -> None:
    """`PRAGMA data_version` changes when another connection commits; reading it touches no
    table and takes microseconds, so it runs inline on the loop."""
    raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        seen = raw.execute("PRAGMA data_version").fetchone()[0]
        while True:
            await asyncio.sleep(SQLITE_POLL)
            try:
                now = raw.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error:
                continue  # a busy moment: read it next time
            if now != seen:
                seen = now
                callback(None)
    finally:
        raw.close()
