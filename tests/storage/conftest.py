"""Shared by the storage tests: an empty database of each kind, for migrations to start from."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from harness.scratch import scratch_database
from service.workspaces.usecases import create_workspace
from storage.sql.driver.sqlite import SqliteDriver
from storage.sql.tables import metadata
from tests.conftest import postgres_admin_url
from tests.factories import add_live_account


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request, tmp_path):
    """A database with no tables yet: a SQLite file, or a scratch PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/empty.db"
    else:
        with scratch_database(postgres_admin_url(), "cs_mig") as url:
            yield url


@pytest.fixture
def stage_url(empty_url, tmp_path):
    """A second database of `empty_url`'s kind, where rows are made by today's code at the
    head revision before tests/storage/staged_rows.py copies them to an older schema."""
    if empty_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path}/stage.db"
    else:
        with scratch_database(postgres_admin_url(), "cs_stage") as url:
            yield url


@pytest.fixture
async def workspace(store, clock):
    """A workspace with one linked live account, for the storage contract's tests."""
    workspace = await create_workspace(store, clock, "Contract agency")
    await add_live_account(store, clock, workspace.id)
    return workspace


async def forget_statistics(store) -> None:
    """A plan test's start: no planner statistics, whatever earlier tests on this database
    left (the service analyzes a table its batch writes grew): PostgreSQL's statistics and
    table sizes forgotten as if never analyzed (its rows are emptied between tests, its
    statistics are not). A SQLite test's file is its own already."""
    if store.dialect != "postgresql":
        return
    async with store.transaction() as uow:
        await uow.conn.exec_driver_sql(
            "DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class"
            " WHERE relnamespace = 'public'::regnamespace)"
        )
        await uow.conn.exec_driver_sql(
            "UPDATE pg_class SET reltuples = -1, relpages = 0"
            " WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'i')"
        )


async def start_afresh(store) -> None:
    """A plan test's seeding start on PostgreSQL: every table truncated (its files started
    anew), then no statistics (forget_statistics). A table never analyzed is planned by its
    files' sizes, and the rows earlier tests deleted leave some indexes larger than others by
    chance of the order tests ran in: the planner then preferred a smaller index that needs a
    sort over the one that gives the order, where a restored database has no such bloat."""
    if store.dialect == "postgresql":
        names = ", ".join(f'"{table.name}"' for table in metadata.sorted_tables)
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql(f"TRUNCATE {names}")
    await forget_statistics(store)


@asynccontextmanager
async def wal_driver(path: Path, *tables: str) -> AsyncIterator[SqliteDriver]:
    """A SQLite driver of its own on a new file in WAL mode, holding `tables` (CREATE TABLE
    statements): the writer's and the log's tests, without the product's schema."""
    setup = sqlite3.connect(str(path), isolation_level=None)
    setup.execute("PRAGMA journal_mode=WAL")
    for table in tables:
        setup.execute(table)
    setup.close()
    driver = SqliteDriver(str(path), size=4, timeout=5.0)
    try:
        yield driver
    finally:
        await driver.close()
