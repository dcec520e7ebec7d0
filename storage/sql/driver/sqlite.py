"""The SQLite driver: stdlib sqlite3, each statement run on the event loop's own thread.

A statement on an indexed table takes microseconds; handing it to a worker thread and back
(what aiosqlite does, once per statement) cost more than the statement itself. So statements run
inline, and only a wait for a lock leaves the loop:

- WAL mode: readers never wait for the writer, so a read never blocks.
- Writers in this process queue, FIFO (the store's upkeep after requests), without holding a
  connection (sqlite_writer.py: the units queued behind each other share one transaction and
  one COMMIT); then
  `BEGIN IMMEDIATE` is tried with no busy wait. Only when another *process* holds the write lock
  does the BEGIN move to a thread that waits (busy_timeout) while the loop goes on serving.
- Once BEGIN IMMEDIATE succeeds the unit holds the write lock: its statements and COMMIT never
  wait (WAL commits append to the log; vacuum.py's Checkpointer copies it, off the commit path).
- A statement that may take long (`Connection.long_statements`: a search reading rows in page
  order, an account's fans rewritten; or a batch of LONG_BATCH rows and more) runs in a worker
  thread (sqlite_threads.py), its connection still the unit's alone: sqlite3 lets go of the GIL
  while SQLite works, so the loop serves other requests on the pool's other connections
  meanwhile (WAL: readers never wait for each other or for the writer).
- A read nobody marked long that turns out slow (a plan without statistics) is stopped by
  SQLite's progress handler once it has used INLINE_BUDGET of CPU on the loop, and run again in
  a worker thread: the fast path stays inline, and a slow read holds other requests
  milliseconds at most. Slow reads run at a lower CPU priority than the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

from service.domain.storage_errors import StorageBusy, StorageError, StorageUnavailable
from storage.sql.driver.connection import Connection, IntegrityViolation, acquire_within
from storage.sql.driver.private_file import make_private
from storage.sql.driver.search import sqlite_dialect
from storage.sql.driver.sqlite_threads import (
    BUSY_TIMEOUT,
    Ran,
    busy,
    each,
    fetched,
    many,
    off_loop,
    read_all,
)
from storage.sql.driver.sqlite_writer import Writer
from storage.sql.driver.statements import Planner
from storage.sql.driver.statistics import OPEN_PRAGMAS
from storage.sql.driver.vacuum import AUTOCHECKPOINT, Checkpointer

T = TypeVar("T")
LONG_BATCH = 200
"""Rows from which one batch of writes runs in a worker thread rather than on the loop."""

INLINE_BUDGET = 0.004
"""Seconds of CPU a read may spend on the event loop's thread. An indexed read takes
microseconds; one past this budget (a plan without statistics, a walk through a big account)
is stopped by SQLite's progress handler and run again in a worker thread, so it holds every
other request for about this long instead of its whole run (a rare search at 1M fans on a
database never analyzed held the loop 120 ms, and a cheap GET beside it took 108–181 ms instead
of 2). The thread's CPU time, not the wall clock: on a loaded machine a read descheduled midway
is not slow, and running it again would only waste its work."""
PROGRESS_STEPS = 1000
"""SQLite virtual-machine steps between two looks at the budget (microseconds apart)."""


def _interrupted(exc: sqlite3.OperationalError) -> bool:
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_INTERRUPT


class _Raw(sqlite3.Connection):
    """A connection whose statement stops once `deadline` (time.thread_time) has passed: its
    progress handler, installed at open, looks every PROGRESS_STEPS steps."""

    deadline = math.inf

    def over(self) -> bool:
        return time.thread_time() > self.deadline


class SqliteConnection(Connection):
    def __init__(
        self, planner: Planner, raw: sqlite3.Connection, checkpointer: Checkpointer | None = None
    ) -> None:
        super().__init__(planner)
        self.raw = raw
        self.checkpointer = checkpointer
        self.away = False
        """Statements run in a worker thread (inside `long_statements`)."""
        self.heavy = False
        """The unit ran long statements: it commits alone, off the loop (Writer.end_heavy_turn)."""
        self.queue: Writer | None = None
        """The writers' queue, in a write unit (which holds the lock)."""

    def others_waiting(self) -> bool:
        return self.queue is not None and self.queue.someone_waits()

    async def copy_log(self) -> int:
        if self.checkpointer is None:
            return 0
        return (await self.checkpointer.run())[1]

    @contextlib.contextmanager
    def long_statements(self) -> Iterator[None]:
        before, self.away = self.away, True
        self.heavy = True
        try:
            yield
        finally:
            self.away = before

    async def _run(
        self, sql: str, args: Sequence[Any], returns_rows: bool
    ) -> tuple[Sequence[str], Sequence[Sequence[Any]], int]:
        raw = self.raw
        try:
            reading = sql.startswith("SELECT")  # only a read is stopped: see INLINE_BUDGET
            if self.away:
                aside = reading and self.queue is None  # a read unit's: it holds no lock
                return await off_loop(fetched, raw, sql, args, slow=aside)
            if reading:
                raw.deadline = time.thread_time() + INLINE_BUDGET  # type: ignore[attr-defined]
            try:
                return read_all(raw.execute(sql, args))
            except sqlite3.OperationalError as exc:
                if reading and _interrupted(exc):
                    return await _slow_read(raw, sql, args)
                if not busy(exc):
                    raise
                return await off_loop(fetched, raw, sql, args, True)
            finally:
                if reading:
                    raw.deadline = math.inf  # type: ignore[attr-defined]
        except sqlite3.IntegrityError as exc:
            raise IntegrityViolation(str(exc)) from exc
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc

    async def _run_each(self, bound: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        if not self.away:
            return await super()._run_each(bound)
        try:  # one trip to a worker thread for them all: each trip waits for the scheduler
            return await off_loop(each, self.raw, bound)
        except sqlite3.IntegrityError as exc:
            raise IntegrityViolation(str(exc)) from exc
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc

    async def _run_many(self, sql: str, args: Sequence[Sequence[Any]]) -> None:
        try:
            # only in write units, which hold the lock
            if self.away or len(args) >= LONG_BATCH:
                await off_loop(many, self.raw, sql, args)
            else:
                self.raw.executemany(sql, args).close()
        except sqlite3.IntegrityError as exc:
            raise IntegrityViolation(str(exc)) from exc
        except sqlite3.Error as exc:
            raise StorageError(str(exc)) from exc


async def _slow_read(raw: sqlite3.Connection, sql: str, args: Sequence[Any]) -> Ran:
    """A read stopped past INLINE_BUDGET, run again in a worker thread without its progress
    handler (which would take the GIL back every few steps)."""
    raw.deadline = math.inf  # type: ignore[attr-defined]
    raw.set_progress_handler(None, 0)
    try:
        return await off_loop(fetched, raw, sql, args, slow=True)
    finally:
        raw.set_progress_handler(raw.over, PROGRESS_STEPS)  # type: ignore[attr-defined]


def _open(path: str) -> sqlite3.Connection:
    make_private(path)
    raw = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, cached_statements=512, factory=_Raw
    )
    raw.set_progress_handler(raw.over, PROGRESS_STEPS)
    raw.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA foreign_keys=ON")
    raw.execute("PRAGMA synchronous=NORMAL")
    raw.execute(AUTOCHECKPOINT)  # the log is copied off the commit path
    raw.execute("PRAGMA busy_timeout=0")  # inline statements never wait: see the module doc
    for pragma in OPEN_PRAGMAS:  # planner statistics (statistics.py)
        try:
            raw.execute(pragma).close()
        except sqlite3.OperationalError as exc:
            if not busy(exc):  # another writer holds the lock: the periodic one will do
                raise
    return raw


class SqliteDriver:
    """A small pool of sqlite3 connections to one database file."""

    def __init__(self, path: str, *, size: int, timeout: float) -> None:
        self.path = path
        self.planner = Planner(sqlite_dialect())
        self.timeout = timeout
        self._idle: list[sqlite3.Connection] = []
        self._free = asyncio.Semaphore(size)
        self.committed: list[Callable[[], None]] = []
        """Called after each commit of this process's writes (storage/sql/driver/action_watch.py)."""
        self._writer = Writer(self._begin, self._put_back, self.committed)
        self.checkpointer = Checkpointer(path, self._writer, _open)
        self.committed.append(self.checkpointer.committed)

    @asynccontextmanager
    async def _checkout(self) -> AsyncIterator[sqlite3.Connection]:
        raw = await self._take()
        try:
            yield raw
        finally:
            self._put_back(raw)

    async def _take(self) -> sqlite3.Connection:
        # Inline statements never suspend, so a unit of work would run start to end without
        # giving other tasks a turn: yield once per unit, as a network driver would.
        await asyncio.sleep(0)
        await acquire_within(self._free, self.timeout, "every database connection is in use")
        if self._idle:
            return self._idle.pop()
        try:
            return await asyncio.to_thread(_open, self.path)
        except BaseException as exc:
            self._free.release()
            if isinstance(exc, sqlite3.Error):
                raise StorageUnavailable(f"cannot open the database: {exc}") from exc
            raise

    def _put_back(self, raw: sqlite3.Connection) -> None:
        try:
            if raw.in_transaction:
                raw.execute("ROLLBACK")
            self._idle.append(raw)
        except sqlite3.Error:  # a connection that cannot roll back is not reused
            raw.close()
        finally:
            self._free.release()

    def transaction(self) -> AbstractAsyncContextManager[SqliteConnection]:
        return self._write_unit(upkeep=False)

    def upkeep(self) -> AbstractAsyncContextManager[SqliteConnection]:
        """A write unit that lets requests' writes go first and commits alone, off the loop
        (sqlite_writer.py)."""
        return self._write_unit(upkeep=True)

    @asynccontextmanager
    async def _write_unit(self, upkeep: bool) -> AsyncIterator[SqliteConnection]:
        shared = await self._writer.take_turn(BUSY_TIMEOUT, upkeep)
        raw = shared.raw
        try:
            raw.execute("SAVEPOINT unit")
            conn = SqliteConnection(self.planner, raw, self.checkpointer)
            conn.queue = self._writer
            conn.heavy = upkeep
            yield conn
            raw.execute("RELEASE unit")
        except BaseException as exc:
            self._writer.undo_unit(shared)
            self._writer.end_turn()
            if isinstance(exc, sqlite3.Error):  # the savepoint's own statements
                raise StorageError(str(exc)) from exc
            raise
        if conn.heavy:
            await self._writer.end_heavy_turn()
        else:
            self._writer.end_turn()
        await asyncio.shield(shared.done)

    async def _begin(self) -> sqlite3.Connection:
        """A connection in a new write transaction, holding the database's write lock."""
        raw = await self._take()
        try:
            try:
                raw.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if not busy(exc):
                    raise
                try:  # another process writes: wait for it off the loop
                    await off_loop(fetched, raw, "BEGIN IMMEDIATE", (), True)
                except sqlite3.OperationalError as again:
                    raise StorageBusy("the database stayed locked by a writer") from again
        except BaseException:
            self._put_back(raw)
            raise
        return raw

    def single_statement(self) -> AbstractAsyncContextManager[SqliteConnection]:
        """A write transaction: writers must take the lock, and an inline BEGIN costs nothing."""
        return self.transaction()

    def reading(self) -> SqliteReading:
        return SqliteReading(self)

    async def close(self) -> None:
        await self.checkpointer.close()
        while self._idle:
            self._idle.pop().close()


class SqliteReading:
    """A read unit: a pooled connection with no transaction of its own, so each statement reads
    its own snapshot, as on PostgreSQL (whose read units send no BEGIN either): a BEGIN and a
    COMMIT would cost a read two calls and promise a consistency no caller may rely on, since
    the other driver does not give it. A class rather than nested generator context managers,
    which cost every read a measurable share of its CPU (bench/hot_path_cpu.py), as PgUnit."""

    __slots__ = ("_driver", "_raw")

    def __init__(self, driver: SqliteDriver) -> None:
        self._driver = driver

    async def __aenter__(self) -> SqliteConnection:
        self._raw = await self._driver._take()
        return SqliteConnection(self._driver.planner, self._raw, self._driver.checkpointer)

    async def __aexit__(self, exc_type: type[BaseException] | None, *_: object) -> None:
        self._driver._put_back(self._raw)
