"""SQLite: a read never queues behind another read or behind a long write.

SQLite statements run on the event loop's thread, except the ones a repository marks long
(`Connection.long_statements`) and large write batches, which run in a worker thread. Each test
holds a statement open on one connection, deterministically: a SQL function of the test's own
blocks inside the statement until the test releases it. While it is held, a cheap read on
another pooled connection must complete; with the statement on the loop (or a reader queued
behind it) the cheap read could not even start, and the test would fail at its deadline.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import shutil
import sys
import threading
import time

import pytest

from service.domain.clock import ManualClock
from service.synced.model import Fan
from service.workspaces.usecases import create_workspace
from storage.sql.driver.sqlite_threads import SLOW_READ_NICE
from storage.sql.store import SqlStore
from tests.factories import add_live_account

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
DEADLINE = 10.0


@pytest.fixture
async def sqlite_store(sqlite_template, tmp_path):
    path = tmp_path / "readers.db"
    shutil.copy(sqlite_template, path)
    store = SqlStore.from_url(f"sqlite:///{path}")
    yield store
    await store.close()


class Gate:
    """A SQL function `held()` that blocks its statement until `release()`."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.open = threading.Event()

    def held(self) -> int:
        self.entered.set()
        self.open.wait(DEADLINE)
        return 1

    async def wait_entered(self) -> None:
        assert await asyncio.to_thread(self.entered.wait, DEADLINE), "never entered"

    def release(self) -> None:
        self.open.set()


async def _seed(store: SqlStore) -> str:
    clock = ManualClock(NOW)
    workspace = await create_workspace(store, clock, "W")
    await add_live_account(store, clock, workspace.id)
    fans = [
        Fan(workspace.id, "40001", f"f{n:04d}", f"user{n}", None, None, "active", None, None, ())
        for n in range(50)
    ]
    async with store.transaction() as uow:
        await uow.fans.replace(workspace.id, "40001", fans)
    return workspace.id


async def _cheap_page(store: SqlStore, ws: str) -> list[str]:
    async with asyncio.timeout(DEADLINE):
        async with store.reading() as uow:
            return [f.id for f in await uow.fans.list(ws, "40001", limit=3)]


async def test_a_cheap_read_completes_while_a_long_read_holds_another_connection(sqlite_store):
    ws = await _seed(sqlite_store)
    gate = Gate()

    async def long_read() -> int:
        async with sqlite_store.reading() as uow:
            uow.conn.raw.create_function("held", 0, gate.held)
            with uow.conn.long_statements():
                found = await uow.conn.exec_driver_sql("SELECT count(*) FROM fans WHERE held()")
            return int(found.scalar())

    task = asyncio.create_task(long_read())
    try:
        await gate.wait_entered()
        assert await _cheap_page(sqlite_store, ws) == ["f0000", "f0001", "f0002"]
        assert not task.done()  # the long read was still running all along
    finally:
        gate.release()
    async with sqlite_store.reading() as uow:
        every = (await uow.conn.exec_driver_sql("SELECT count(*) FROM fans")).scalar()
    assert await task == every


async def test_reads_go_on_while_a_long_write_holds_the_write_lock(sqlite_store):
    """A write unit in the middle of a long statement holds SQLite's write lock: readers see
    the last commit meanwhile, and see the write once it commits."""
    ws = await _seed(sqlite_store)
    gate = Gate()

    async def long_write() -> None:
        async with sqlite_store.transaction() as uow:
            uow.conn.raw.create_function("held", 0, gate.held)
            with uow.conn.long_statements():
                await uow.conn.exec_driver_sql(
                    "UPDATE fans SET username = 'renamed' WHERE held() AND id = 'f0000'"
                )

    task = asyncio.create_task(long_write())
    try:
        await gate.wait_entered()
        async with asyncio.timeout(DEADLINE), sqlite_store.reading() as uow:
            fan = await uow.fans.get(ws, "40001", "f0000")
        assert fan is not None and fan.username == "user0"
        assert not task.done()
    finally:
        gate.release()
    await task
    async with sqlite_store.reading() as uow:
        assert [f.id for f in await uow.fans.list(ws, "40001", search="renamed")] == ["f0000"]


async def test_a_read_unit_held_open_blocks_no_reader_and_no_writer(sqlite_store):
    """A read unit that has read and not finished holds a connection and no transaction: others
    read and write meanwhile, and its next statement reads what is committed by then (each
    statement its own snapshot, as on PostgreSQL)."""
    ws = await _seed(sqlite_store)
    async with sqlite_store.reading() as held:
        before = await held.fans.list(ws, "40001", limit=100)
        assert await _cheap_page(sqlite_store, ws) == ["f0000", "f0001", "f0002"]
        async with asyncio.timeout(DEADLINE), sqlite_store.transaction() as uow:
            await uow.fans.replace(ws, "40001", before[:10])
        assert len(await _cheap_page(sqlite_store, ws)) == 3
        assert len(await held.fans.list(ws, "40001", limit=100)) == 10
    async with sqlite_store.reading() as uow:
        assert len(await uow.fans.list(ws, "40001", limit=100)) == 10


async def test_a_read_that_turns_out_slow_leaves_the_loop(sqlite_store):
    """A read nobody marked long (a plan without statistics, a search that walks) runs on the
    loop until it passes a small budget, then goes on in a worker thread: a cheap read issued
    after it completes while it still runs, and it still returns its whole answer."""
    ws = await _seed(sqlite_store)
    gate = Gate()
    ends = time.monotonic() + DEADLINE

    def going() -> int:  # a step of a read that goes on until the test releases it
        gate.entered.set()
        return 0 if gate.open.is_set() or time.monotonic() > ends else 1

    async def slow_read() -> int:
        async with sqlite_store.reading() as uow:
            uow.conn.raw.create_function("going", 0, going)
            found = await uow.conn.exec_driver_sql(
                "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL"
                " SELECT x + 1 FROM c WHERE going()) SELECT x FROM c)"
            )
            return int(found.scalar())

    task = asyncio.create_task(slow_read())
    try:
        await gate.wait_entered()
        assert await _cheap_page(sqlite_store, ws) == ["f0000", "f0001", "f0002"]
        assert not task.done()  # the slow read was still running all along
    finally:
        gate.release()
    assert await task >= 1


def _thread_nice() -> int:
    """The CPU priority (nice) of the thread running the statement."""
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


@pytest.mark.skipif(
    sys.platform != "linux", reason="threads have a priority of their own on Linux only"
)
async def test_a_read_that_turns_out_slow_runs_at_a_lower_priority(sqlite_store):
    """A read stopped past its budget goes on in a thread of lower CPU priority than the event
    loop's, so on a busy machine the requests get the cores first; a cheap read stays on the
    loop, at the process's own priority. (Only Linux gives threads priorities of their own;
    elsewhere both run at the process's.)"""
    own = _thread_nice()
    async with sqlite_store.reading() as uow:
        uow.conn.raw.create_function("nice", 0, _thread_nice)
        cheap = await uow.conn.exec_driver_sql("SELECT nice()")
        slow = await uow.conn.exec_driver_sql(
            "SELECT max(n) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL"
            " SELECT x + 1 FROM c WHERE x < 200000) SELECT x, nice() AS n FROM c)"
        )
    assert cheap.scalar() == own
    assert slow.scalar() == own + (SLOW_READ_NICE if sys.platform == "linux" else 0)
