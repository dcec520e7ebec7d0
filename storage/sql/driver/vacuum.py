"""SQLite gives deleted pages back to the file system only with auto-vacuum, which an existing
file switches to only through a VACUUM (it rewrites the file; it cannot run in a transaction, so
alembic cannot do it). `SqlStore.migrate` calls this once per file; afterwards prune batches
free pages with `PRAGMA incremental_vacuum` (`reclaim`, the pruner's), and copy the write-ahead
log back into the file between batches (`Checkpointer.run`, through `Connection.copy_log`).

No commit copies the log into the file (`Checkpointer`). Left to itself SQLite checkpoints inside
whichever COMMIT takes the log past `wal_autocheckpoint` pages: that commit (often a creation's, on
the event loop's thread) copies the log into the file and syncs it, 100–250 ms while every request
waits, when the pruner fills the log fast. So the pool's connections turn the automatic checkpoint
off (`AUTOCHECKPOINT`), and after a commit that leaves PAGES or more pages in the log not yet
copied, a connection of its own copies them in a worker thread: a passive checkpoint, which never
waits for readers or writers. A writer starts the log over from its beginning only if it began after
a checkpoint had copied all of it, which a checkpoint beside steady writes seldom achieves: so once
the log is RESTART_PAGES long, a restarting checkpoint follows, when no writer of this process holds
or waits for the lock, and TRUNCATE_PAGES long, a truncating one. Both take SQLite's write lock, so
they run on an upkeep turn of this process's writers (`Writer.hold_lock`: its writers wait in line,
not in SQLite's busy handler), and give up at once if another process holds it. The pruner also
copies the log, in its pauses.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import sys
from collections.abc import Callable

import sqlalchemy as sa

from storage.sql.driver.connection import Connection
from storage.sql.driver.dialect import gives_pages_back
from storage.sql.driver.sqlite_threads import off_loop
from storage.sql.driver.sqlite_writer import Writer

INCREMENTAL = 2  # PRAGMA auto_vacuum: 0 none, 1 full, 2 incremental
ROOMY_CACHE = sa.text("PRAGMA cache_size=-65536")
"""SQLite's page cache (2 MB a connection unless told) at 64 MB, for the deletes of a prune
statement only: each removed delivery changes a page in five indexes keyed by random ids, far
more pages than 2 MB holds in a statement of a few hundred; at 1,000,000 deliveries a prune
spent a fifth to a third less system time."""
USUAL_CACHE = sa.text("PRAGMA cache_size=-2000")
"""SQLite's own default, given back after the statement: the pool's connections keep small
caches."""


_FREE_ONE_PAGE: tuple[sa.TextClause, dict[str, object]] = (
    sa.text("PRAGMA incremental_vacuum(1)"),
    {},
)


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
    # returns no rows once: so it is run once per page, all in one trip to a worker thread
    # (moving a page rewrites its parents: 250 of them held the event loop 15–30 ms).
    with conn.long_statements():
        await conn.rowcounts([_FREE_ONE_PAGE] * min(free, pages))
    after = int((await conn.exec_driver_sql("PRAGMA freelist_count")).scalar())
    return free - after


AUTOCHECKPOINT = "PRAGMA wal_autocheckpoint=0"
"""Set on every pool connection: no commit checkpoints."""
PAGES = 10_000
"""Log pages (4 KiB each: 40 MiB) not yet copied that start a background checkpoint. A creation
rewrites the same dozen or so index pages over and over; copying every 1,000 pages (SQLite's
default) copied and synced them ten times as often (bench/hot_path_cpu.py)."""
EVERY = 0.2
"""Seconds between the end of one background checkpoint and the start of the next, at least."""
RESTART_PAGES = 2 * PAGES
"""Log pages past which a restarting checkpoint follows the passive one: it copies what is left
and has the next writer start the log over (the file keeps its size, about this long)."""
TRUNCATE_PAGES = 250_000
"""Log pages (about 1 GB) past which the file is truncated, should restarts keep failing."""
CATCH_UP = 2
"""Passive checkpoints more, at most, to copy what writers added during the first."""
LOCK_WITHIN = 30.0
"""Seconds a restarting checkpoint waits for its turn among this process's writers."""
_HEADER = 100
"""Bytes of the wal-index (the `-shm` file, native byte order, sqlite.org/walformat.html) read
after a commit: the log's last frame (`mxFrame`, at 16) and the frames copied (`nBackfill`, at
96). A read without SQLite's locks may see a header mid-change: the next commit reads again."""


class Checkpointer:
    """Copies the log of the database at `path` after commits (`committed`, a commit hook);
    `writer` is this process's writers' queue, `connect` opens a connection as the pool does."""

    def __init__(
        self, path: str, writer: Writer, connect: Callable[[str], sqlite3.Connection]
    ) -> None:
        self.path = path
        self._connect = connect
        self.pages = PAGES
        self.restart = RESTART_PAGES
        self.every = EVERY
        self.running: asyncio.Task[tuple[int, int, int]] | None = None
        """The background checkpoint under way (or waiting out `every`), if any."""
        self._one_at_a_time = asyncio.Lock()
        """SQLite runs one checkpoint at a time; a second would only come back busy."""
        self._writer = writer
        self._raw: sqlite3.Connection | None = None
        self._index: int | None = None
        self._last = -float("inf")

    def committed(self) -> None:
        """A commit hook: start a background checkpoint when the log holds `pages` not copied,
        or `restart` in all (copied, but not started over: see RESTART_PAGES)."""
        if self.running is None and self._due():
            self.running = asyncio.get_running_loop().create_task(self._spaced())

    def _due(self) -> bool:
        last, copied = self._log()
        return last - copied >= self.pages or last >= self.restart

    def pending(self) -> int:
        """Log pages not yet copied into the database file (0 before the log exists)."""
        last, copied = self._log()
        return max(0, last - copied)

    def _log(self) -> tuple[int, int]:
        """The log's length and the pages of it copied, in pages."""
        if self._index is None:
            try:
                self._index = os.open(self.path + "-shm", os.O_RDONLY)
            except OSError:
                return 0, 0
        header = os.pread(self._index, _HEADER, 0)
        if len(header) < _HEADER:
            return 0, 0
        last, copied = (int.from_bytes(header[at : at + 4], sys.byteorder) for at in (16, 96))
        return last, copied

    async def _spaced(self) -> tuple[int, int, int]:
        loop = asyncio.get_running_loop()
        try:
            if (wait := self._last + self.every - loop.time()) > 0:
                await asyncio.sleep(wait)
                if not self._due():  # another checkpoint (the pruner's) did it
                    return (0, 0, 0)
            return await self.run()
        except sqlite3.Error:  # a writer came first (RESTART), or a disk gone: commits will tell
            return (1, -1, -1)
        finally:
            self._last = loop.time()
            self.running = None

    async def run(self) -> tuple[int, int, int]:
        """One checkpoint in a worker thread, after the one under way: passive, then restarting
        or truncating if the log is long. SQLite's (busy, log pages, pages copied). The pruner
        runs one between two batches: with no batch writing beside it, the passive one copies
        the whole log, and the restart after it has little left to copy while it holds the
        lock."""
        async with self._one_at_a_time:
            result = await off_loop(self._checkpoint, "PASSIVE")
            for _ in range(CATCH_UP):
                if result[1] < self.restart or result[0] or not self.pending():
                    break
                result = await off_loop(self._checkpoint, "PASSIVE")
            if not self.pending():  # the next writer starts the log over by itself
                return result
            for mode, pages in (("RESTART", 2 * self.restart), ("TRUNCATE", TRUNCATE_PAGES)):
                if result[1] >= pages and result[0] == 0:

                    async def locking(mode: str = mode) -> tuple[int, int, int]:
                        return await off_loop(self._checkpoint, mode)

                    result = await self._writer.hold_lock(LOCK_WITHIN, locking)
            return result

    def _checkpoint(self, mode: str) -> tuple[int, int, int]:
        if self._raw is None:
            self._raw = self._connect(self.path)  # the pool's settings: synchronous=NORMAL
        cursor = self._raw.execute(f"PRAGMA wal_checkpoint({mode})")
        try:  # closed on this thread (sqlite.py's _read says why)
            busy, log, copied = cursor.fetchone()
        finally:
            cursor.close()
        return int(busy), int(log), int(copied)

    async def close(self) -> None:
        if self.running is not None:
            self.running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.running
            self.running = None
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        if self._index is not None:
            os.close(self._index)
            self._index = None
