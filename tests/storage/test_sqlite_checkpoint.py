"""SQLite: the write-ahead log is copied into the database file by the driver's background
checkpointer, never inside a commit, and stays bounded while writes go on.

Each write adds about one log page per row (a 3,000-byte blob); the log's size is read from
the file system, as an operator would see it."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator

import pytest

from storage.sql.driver.sqlite import SqliteDriver
from tests.storage.conftest import wal_driver

PAGE = 4096
ROWS = 100
"""Rows (log pages) a test commit writes."""


@pytest.fixture
async def driver(tmp_path) -> AsyncIterator[SqliteDriver]:
    async with wal_driver(
        tmp_path / "log.db", "CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB)"
    ) as driver:
        yield driver


async def write(driver: SqliteDriver, commits: int) -> None:
    for _ in range(commits):
        async with driver.transaction() as conn:
            for _ in range(ROWS):
                await conn.exec_driver_sql("INSERT INTO blobs (body) VALUES (randomblob(3000))")


def log_pages(driver: SqliteDriver) -> int:
    return os.path.getsize(driver.path + "-wal") // PAGE


async def test_commits_leave_the_log_to_the_background(driver):
    """Commits never copy the log: it grows past SQLite's automatic limit (1,000 pages),
    commit after commit, short of the checkpointer's. One checkpoint copies it all, and the
    writes after it start the log over instead of growing it."""
    sizes = []
    for _ in range(16):
        await write(driver, 1)
        sizes.append(log_pages(driver))
        assert driver.checkpointer.running is None
    assert sizes == sorted(sizes) and sizes[-1] - sizes[0] >= 14 * ROWS
    assert sizes[-1] > 1500 and driver.checkpointer.pending() >= 16 * ROWS

    busy, log, copied = await driver.checkpointer.run()
    assert (busy, copied) == (0, log) and log >= 16 * ROWS
    assert driver.checkpointer.pending() == 0
    await write(driver, 3)
    assert log_pages(driver) == sizes[-1]  # the new writes went to the log's start


async def test_background_checkpoints_keep_the_log_bounded(driver):
    """Once a commit leaves `pages` or more in the log, a checkpoint starts in the background
    and copies them; the log is reused and stays about `pages` long while writes go on."""
    driver.checkpointer.pages = 3 * ROWS
    driver.checkpointer.every = 0.0
    for _ in range(20):
        commits = 0
        while driver.checkpointer.running is None and commits < 4:
            await write(driver, 1)
            commits += 1
        assert driver.checkpointer.running is not None and commits == 3
        busy, log, copied = await driver.checkpointer.running
        assert busy == 0 and copied == log >= 3 * ROWS
    assert log_pages(driver) <= 6 * ROWS
    async with driver.reading() as conn:
        count = (await conn.exec_driver_sql("SELECT count(*) FROM blobs")).scalar()
    assert count >= 60 * ROWS


async def test_closing_stops_the_checkpointer(driver):
    driver.checkpointer.pages = ROWS
    await write(driver, 1)
    assert driver.checkpointer.running is not None
    await driver.close()
    assert driver.checkpointer.running is None and driver.checkpointer._raw is None


async def test_a_log_copied_to_its_end_starts_over_without_holding_the_lock(driver, monkeypatch):
    """A long log that a passive checkpoint copied to its end is started over by the next
    writer for free: no restarting checkpoint holds the write lock (and the fsync after it)
    while requests wait."""
    held: list[str] = []
    monkeypatch.setattr(driver._writer, "hold_lock", lambda *_: held.append("restart"))
    await write(driver, 3)
    assert driver.checkpointer.running is None
    driver.checkpointer.restart = ROWS
    busy, log, copied = await driver.checkpointer.run()
    assert (busy, copied) == (0, log) and log >= 3 * ROWS and held == []
    size = log_pages(driver)
    await write(driver, 1)
    assert log_pages(driver) == size  # the next commit went to the log's start


async def test_a_log_left_behind_by_writers_is_restarted_on_the_writers_turn(driver):
    """When writers keep adding to a long log while it is copied, a restarting checkpoint
    follows on an upkeep turn, and the log starts over."""
    await write(driver, 3)
    assert driver.checkpointer.running is None
    driver.checkpointer.restart = ROWS
    calls: list[str] = []
    copy = driver.checkpointer._checkpoint

    def with_a_writer_beside(mode: str) -> tuple[int, int, int]:
        calls.append(mode)
        if mode != "PASSIVE":
            return copy(mode)
        # another process's write, begun before this copy and committed while it runs
        other = sqlite3.connect(driver.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO blobs (body) VALUES (randomblob(3000))")
        found = copy(mode)
        other.execute("COMMIT")
        other.close()
        return found

    driver.checkpointer._checkpoint = with_a_writer_beside  # type: ignore[method-assign]
    busy, log, copied = await driver.checkpointer.run()
    assert calls == ["PASSIVE", "PASSIVE", "PASSIVE", "RESTART"]
    assert busy == 0 and copied == log
    assert driver._writer.quiet()
