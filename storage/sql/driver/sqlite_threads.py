"""SQLite's statements in worker threads: the driver (sqlite.py) runs statements inline on the
event loop, and those that may take long, or wait for another process's lock, here.

sqlite3 lets go of the GIL while SQLite works, so the loop serves other requests meanwhile. A
read that turned out slow runs on a thread of lower CPU priority (SLOW_READ_NICE), so it takes
the cores the requests leave rather than sharing them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
BUSY_TIMEOUT = 30.0
"""Seconds a writer waits for the write lock (in this process or another) before giving up."""
SLOW_READ_NICE = 10
"""CPU priority (nice) of the threads that run slow reads (a search reading a whole chat, a read
stopped past sqlite.py's INLINE_BUDGET): the event loop's thread and other processes get a core
first, so a cheap request beside a 500 ms search is not slowed by it sharing the machine's
cores. A lower priority costs the slow read nothing on an idle core; it takes what the requests
leave."""
SLOW_READERS = 4
"""Slow reads that run at once; more wait for a thread."""


def busy(exc: sqlite3.OperationalError) -> bool:
    return getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


Ran = tuple[list[str], list[Any], int]


def read_all(cursor: sqlite3.Cursor) -> Ran:
    """A cursor's rows, column names and row count, then the cursor closed: on the thread that
    ran it. A cursor left to the garbage collector may be finalized on another thread while a
    worker thread runs the next statement of the same connection, which SQLite refuses
    ("bad parameter or other API misuse", seen in CI under load)."""
    try:
        rows = cursor.fetchall()
        names = [d[0] for d in cursor.description] if cursor.description else []
        return names, rows, cursor.rowcount
    finally:
        cursor.close()


def fetched(raw: sqlite3.Connection, sql: str, args: Sequence[Any], wait: bool = False) -> Ran:
    """Run and read a statement in a worker thread (the unit's connection, no one else's),
    waiting for locks when `wait` or when the database is busy."""
    if wait:
        return read_all(waiting(raw, sql, args))
    try:
        cursor = raw.execute(sql, args)
    except sqlite3.OperationalError as exc:
        if not busy(exc):
            raise
        cursor = waiting(raw, sql, args)
    return read_all(cursor)


def each(raw: sqlite3.Connection, bound: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
    """Statements in a worker thread, one after another: the rows each changed."""
    return [fetched(raw, sql, args)[2] for sql, args in bound]


def many(raw: sqlite3.Connection, sql: str, args: Sequence[Sequence[Any]]) -> None:
    """A batch in a worker thread, its cursor closed there (see read_all)."""
    raw.executemany(sql, args).close()


def waiting(raw: sqlite3.Connection, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
    """Run `sql` waiting up to BUSY_TIMEOUT for locks: only ever called in a worker thread."""
    raw.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
    try:
        return raw.execute(sql, args)
    finally:
        raw.execute("PRAGMA busy_timeout=0")


def _nicer() -> None:
    """Lower the calling thread's CPU priority to SLOW_READ_NICE (Linux schedules threads one
    by one; elsewhere the whole process would be lowered, so nothing is done)."""
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), SLOW_READ_NICE)


_SLOW_READS = concurrent.futures.ThreadPoolExecutor(
    max_workers=SLOW_READERS, thread_name_prefix="countersign-slow-read", initializer=_nicer
)


async def off_loop(function: Callable[..., T], *args: Any, slow: bool = False) -> T:
    """Run a blocking call in a thread (one of _SLOW_READS' for a `slow` read). If the caller is
    cancelled, the connection is still in the thread's hands: wait for the call to end before
    letting the cancellation through, so the connection is never returned to the pool while a
    thread uses it."""
    if slow:
        task = asyncio.get_running_loop().run_in_executor(
            _SLOW_READS, functools.partial(function, *args)
        )
        call = asyncio.ensure_future(task)
    else:
        call = asyncio.ensure_future(asyncio.to_thread(function, *args))
    try:
        return await asyncio.shield(call)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await call
        raise
