"""SQLite: write units queued behind each other share one transaction and one COMMIT.

Each test holds the writer's turn in a first unit (its body waits on an event) while more units
queue behind it, so the run that forms is the test's, not the scheduler's. Every row is read
back through a connection of its own, outside the driver: what a unit's caller may rely on once
its `transaction()` has exited is what another process sees.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from service.domain.storage_errors import StorageError
from storage.sql.driver.sqlite import SqliteDriver
from storage.sql.driver.sqlite_writer import SHARED_UNITS, Writer
from tests.storage.conftest import wal_driver


@pytest.fixture
async def driver(tmp_path) -> AsyncIterator[SqliteDriver]:
    async with wal_driver(
        tmp_path / "runs.db",
        "CREATE TABLE parent (id INTEGER PRIMARY KEY)",
        "CREATE TABLE rows (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent)",
    ) as driver:
        yield driver


def seen(driver: SqliteDriver) -> list[int]:
    """The rows another connection sees: committed ones only."""
    other = sqlite3.connect(driver.path)
    try:
        return [r[0] for r in other.execute("SELECT id FROM rows ORDER BY id")]
    finally:
        other.close()


def commits(driver: SqliteDriver) -> list[int]:
    counted: list[int] = []
    driver.committed.append(lambda: counted.append(len(seen(driver))))
    return counted


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the units never queued")


def queued(driver: SqliteDriver) -> int:
    return sum(not unit.turn.done() for unit in driver._writer._queue)


async def insert(driver: SqliteDriver, row: int, *, then: Awaitable[object] | None = None) -> None:
    async with driver.transaction() as conn:
        await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (?)", (row,))
        if then is not None:
            await then
    assert row in seen(driver), "the unit went on before its row was committed"


async def holding_the_turn(driver: SqliteDriver) -> tuple[asyncio.Task[None], asyncio.Event]:
    """A first unit (row 1) inside its transaction, waiting until the returned event is set."""
    entered, hold = asyncio.Event(), asyncio.Event()

    async def inside() -> None:
        entered.set()
        await hold.wait()

    first = asyncio.create_task(insert(driver, 1, then=inside()))
    await entered.wait()
    return first, hold


async def test_a_unit_alone_commits_before_its_caller_goes_on(driver):
    counted = commits(driver)
    await insert(driver, 1)
    assert counted == [1]


async def test_units_queued_behind_each_other_share_one_commit(driver):
    counted = commits(driver)
    first, hold = await holding_the_turn(driver)
    rest = [asyncio.create_task(insert(driver, row)) for row in (2, 3, 4)]
    await until(lambda: queued(driver) == 3)
    assert seen(driver) == []
    hold.set()
    await asyncio.gather(first, *rest)
    assert counted == [4]
    assert seen(driver) == [1, 2, 3, 4]


async def test_a_run_commits_after_its_most_units_and_the_next_starts_afresh(driver):
    counted = commits(driver)
    first, hold = await holding_the_turn(driver)
    rest = [asyncio.create_task(insert(driver, row)) for row in range(2, SHARED_UNITS + 6)]
    await until(lambda: queued(driver) == SHARED_UNITS + 4)
    hold.set()
    await asyncio.gather(first, *rest)
    assert counted == [SHARED_UNITS, SHARED_UNITS + 5]


async def test_a_failing_unit_is_rolled_back_alone(driver):
    counted = commits(driver)
    first, hold = await holding_the_turn(driver)

    async def failing() -> None:
        async with driver.transaction() as conn:
            await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (2)")
            raise LookupError("the unit's own failure")

    broken = asyncio.create_task(failing())
    last = asyncio.create_task(insert(driver, 3))
    await until(lambda: queued(driver) == 2)
    hold.set()
    await asyncio.gather(first, last)
    with pytest.raises(LookupError):
        await broken
    assert counted == [2]
    assert seen(driver) == [1, 3]


async def test_a_failed_commit_reaches_every_unit_of_the_run_and_the_next_starts_afresh(driver):
    first, hold = await holding_the_turn(driver)

    async def orphan() -> None:
        """A row whose parent is missing, checked only at COMMIT."""
        async with driver.transaction() as conn:
            await conn.exec_driver_sql("PRAGMA defer_foreign_keys=ON")
            await conn.exec_driver_sql("INSERT INTO rows (id, parent) VALUES (2, 99)")

    refused = asyncio.create_task(orphan())
    await until(lambda: queued(driver) == 1)
    hold.set()
    for unit in (first, refused):
        with pytest.raises(StorageError, match="FOREIGN KEY"):
            await unit
    assert seen(driver) == []
    await insert(driver, 3)
    assert seen(driver) == [3]


async def test_a_unit_handed_the_turn_as_it_gives_up_hands_it_on(tmp_path):
    path = str(tmp_path / "turns.db")
    sqlite3.connect(path).execute("CREATE TABLE rows (id INTEGER PRIMARY KEY)").connection.close()
    raw = sqlite3.connect(path, isolation_level=None)
    committed: list[str] = []

    async def begin() -> sqlite3.Connection:
        raw.execute("BEGIN IMMEDIATE")
        return raw

    writer = Writer(begin, lambda _raw: None, [lambda: committed.append("commit")])
    shared = await writer.take_turn(5.0)
    given_up = asyncio.create_task(writer.take_turn(5.0))
    next_in_line = asyncio.create_task(writer.take_turn(5.0))
    await until(lambda: len(writer._queue) == 2)
    writer.end_turn()  # handed to the first in line, which is cancelled before it runs
    given_up.cancel()
    assert await next_in_line is shared
    assert committed == []
    writer.end_turn()
    assert committed == ["commit"] and shared.done.result() is None
    assert await writer.take_turn(5.0) is not shared
    raw.close()


async def test_a_commit_hook_that_fails_does_not_keep_the_turn(driver):
    def failing() -> None:
        raise RuntimeError("a watcher's bug")

    driver.committed.append(failing)
    with pytest.raises(RuntimeError):
        await insert(driver, 1)
    driver.committed.remove(failing)
    async with asyncio.timeout(5):
        await insert(driver, 2)
    assert seen(driver) == [1, 2]


async def test_a_unit_of_long_statements_commits_alone_before_the_next_unit(driver):
    """A unit that ran long statements (a prune batch) commits at its end, off the loop, even
    with units queued: the next unit starts a transaction of its own, which need not carry the
    long unit's pages in its COMMIT."""
    counted = commits(driver)
    entered, hold = asyncio.Event(), asyncio.Event()

    async def long_unit() -> None:
        async with driver.transaction() as conn:
            with conn.long_statements():
                await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (1)")
            entered.set()
            await hold.wait()

    first = asyncio.create_task(long_unit())
    await entered.wait()
    found: list[list[int]] = []

    async def next_unit() -> None:
        async with driver.transaction() as conn:
            found.append(seen(driver))  # what is committed when this unit runs
            await conn.exec_driver_sql("INSERT INTO rows (id) VALUES (2)")

    rest = asyncio.create_task(next_unit())
    await until(lambda: queued(driver) == 1)
    hold.set()
    await asyncio.gather(first, rest)
    assert found == [[1]]
    assert counted == [1, 2]


async def test_a_failed_commit_off_the_loop_reaches_every_unit_of_the_run(driver):
    """A long unit that joined a run commits it off the loop; when that COMMIT fails, every
    unit of the run is told and the next starts afresh."""
    first, hold = await holding_the_turn(driver)

    async def orphan() -> None:
        async with driver.transaction() as conn:
            with conn.long_statements():
                await conn.exec_driver_sql("PRAGMA defer_foreign_keys=ON")
                await conn.exec_driver_sql("INSERT INTO rows (id, parent) VALUES (2, 99)")

    refused = asyncio.create_task(orphan())
    await until(lambda: queued(driver) == 1)
    hold.set()
    for unit in (first, refused):
        with pytest.raises(StorageError, match="FOREIGN KEY"):
            await unit
    assert seen(driver) == []
    await insert(driver, 3)
    assert seen(driver) == [3]
