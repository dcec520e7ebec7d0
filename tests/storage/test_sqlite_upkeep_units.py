"""SQLite: the store's upkeep (a prune batch, a checkpoint that restarts the log) lets requests'
writes go first, never shares their COMMIT, and is never put off for good.

As in test_sqlite_group_commit.py, a first unit holds the writer's turn while others queue, so
the order the test sees is the writer's, not the scheduler's; rows are read back through a
connection of their own."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator

import pytest

from storage.sql.driver import sqlite_writer
from storage.sql.driver.sqlite import SqliteDriver
from tests.storage.conftest import wal_driver
from tests.storage.test_sqlite_group_commit import (
    commits,
    holding_the_turn,
    queued,
    seen,
    until,
)


@pytest.fixture
async def driver(tmp_path) -> AsyncIterator[SqliteDriver]:
    async with wal_driver(
        tmp_path / "upkeep.db", "CREATE TABLE rows (id INTEGER PRIMARY KEY)"
    ) as driver:
        yield driver


async def upkeep_insert(driver: SqliteDriver, row: int, order: list[int]) -> None:
    async with driver.upkeep() as conn:
        order.append(row)
        await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (?)", (row,))
    assert row in seen(driver), "the upkeep unit went on before its row was committed"


async def request_insert(driver: SqliteDriver, row: int, order: list[int]) -> None:
    async with driver.transaction() as conn:
        order.append(row)
        await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (?)", (row,))
    assert row in seen(driver)


async def test_requests_queued_after_an_upkeep_unit_go_before_it(driver):
    """Requests' units that queued after an upkeep unit still go first, share one COMMIT among
    themselves, and the upkeep unit commits alone after them."""
    counted = commits(driver)
    first, hold = await holding_the_turn(driver)
    order: list[int] = []
    upkeep = asyncio.create_task(upkeep_insert(driver, 10, order))
    await until(lambda: len(driver._writer._queue) == 1)
    requests = [asyncio.create_task(request_insert(driver, row, order)) for row in (2, 3)]
    await until(lambda: queued(driver) == 3)
    assert driver._writer.someone_waits()
    hold.set()
    await asyncio.gather(first, upkeep, *requests)
    assert order == [2, 3, 10]
    assert counted == [3, 4]  # the requests' run (rows 1–3), then the upkeep unit's own


async def test_a_request_never_waits_for_an_upkeep_units_commit(driver):
    """A request's unit that ends with only an upkeep unit in line commits its own work first:
    its caller goes on before the upkeep unit has even begun."""
    first, hold = await holding_the_turn(driver)
    entered, finish = asyncio.Event(), asyncio.Event()

    async def slow_upkeep() -> None:
        async with driver.upkeep() as conn:
            entered.set()
            await finish.wait()
            await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (10)")

    upkeep = asyncio.create_task(slow_upkeep())
    await until(lambda: len(driver._writer._queue) == 1)
    assert not driver._writer.someone_waits()  # upkeep waits by design, no request does
    hold.set()
    await first  # row 1 committed and its caller on its way while the upkeep unit runs
    await entered.wait()
    assert seen(driver) == [1]
    finish.set()
    await upkeep
    assert seen(driver) == [1, 10]


async def test_an_upkeep_unit_that_waited_long_enough_goes_next(driver, monkeypatch):
    """A steady stream of requests slows upkeep but never stops it."""
    monkeypatch.setattr(sqlite_writer, "UPKEEP_PATIENCE", 0.0)
    first, hold = await holding_the_turn(driver)
    order: list[int] = []
    upkeep = asyncio.create_task(upkeep_insert(driver, 10, order))
    await until(lambda: len(driver._writer._queue) == 1)
    request = asyncio.create_task(request_insert(driver, 2, order))
    await until(lambda: queued(driver) == 2)
    hold.set()
    await asyncio.gather(first, upkeep, request)
    assert order == [10, 2]
    assert seen(driver) == [1, 2, 10]


async def test_work_holding_the_lock_keeps_this_process_writers_in_line(driver):
    """A checkpoint that restarts the log takes SQLite's write lock itself: it runs on an upkeep
    turn, so a request that arrives meanwhile waits in the writer's line (it is not refused
    busy, nor left to SQLite's busy handler) and goes on once the work ends."""
    other = sqlite3.connect(driver.path, isolation_level=None)
    started, finish = asyncio.Event(), asyncio.Event()
    order: list[str] = []

    async def locking() -> str:
        other.execute("BEGIN IMMEDIATE")  # as a restarting checkpoint holds the lock
        started.set()
        await finish.wait()
        other.execute("COMMIT")
        order.append("work")
        return "done"

    work = asyncio.create_task(driver._writer.hold_lock(5.0, locking))
    await started.wait()
    request = asyncio.create_task(request_insert(driver, 2, []))
    await until(lambda: queued(driver) == 1)
    finish.set()
    assert await work == "done"
    await request
    order.append("request")
    assert order == ["work", "request"] and seen(driver) == [2]
    other.close()
