"""The raw drivers under the Store: plans compiled once must bind the right values, and SQLite's
inline execution must never stall the event loop on a lock another connection holds."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from service.workspaces.usecases import create_workspace
from storage.sql import tables as t
from storage.sql.driver.statements import prebuilt
from storage.sql.store import SqlStore
from tests.storage.test_store_contract import make_action

c = t.actions.c
_PENDING_BY_ID = prebuilt(
    sa.select(c.id, c.status, c.params).where(c.status == "pending", c.id == sa.bindparam("id"))
)


async def test_a_prebuilt_plan_keeps_its_own_literals(store, clock):
    """A statement built per call with the same shape as a prebuilt one but another literal
    must not borrow the prebuilt plan's values (nor the other way round)."""
    workspace = await create_workspace(store, clock, "Plans agency")
    pending = make_action(workspace.id, "40001", clock.now(), key="p")
    approved = make_action(workspace.id, "40001", clock.now(), key="a", status="approved")
    async with store.transaction() as uow:
        await uow.actions.add(pending)
        await uow.actions.add(approved)
    async with store.reading() as uow:
        for _ in range(2):  # the second round runs on cached plans
            per_call = sa.select(c.id, c.status, c.params).where(
                c.status == "approved", c.id == approved.id
            )
            [row] = (await uow.conn.execute(per_call)).all()
            assert (row.id, row.status, row.params) == (approved.id, "approved", approved.params)
            assert (await uow.conn.execute(_PENDING_BY_ID, {"id": approved.id})).all() == []
            [row] = (await uow.conn.execute(_PENDING_BY_ID, {"id": pending.id})).all()
            assert (row.id, row.status) == (pending.id, "pending")


_PENDING_AMONG = prebuilt(
    sa.select(c.id)
    .where(c.status == "pending", c.id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(c.id)
)


async def test_a_prebuilt_in_list_expands_once_per_length_and_binds_each_call(store, clock):
    """The expanded SQL is reused for every list of the same length; the values (and the
    statement's own literal) are still bound per call, through the bind processors."""
    workspace = await create_workspace(store, clock, "Lists agency")
    actions = [make_action(workspace.id, "40001", clock.now(), key=f"l{i}") for i in range(4)]
    done = make_action(workspace.id, "40001", clock.now(), key="done", status="approved")
    async with store.transaction() as uow:
        for action in [*actions, done]:
            await uow.actions.add(action)
    ids = sorted(a.id for a in actions)
    async with store.reading() as uow:
        for chosen in ([], ids[:1], ids[1:2], ids[:3], ids[1:4], [done.id, ids[0], "act_none"]):
            for _ in range(2):  # planned, then from the layout kept for this length
                rows = (await uow.conn.execute(_PENDING_AMONG, {"ids": chosen})).all()
                assert [r.id for r in rows] == sorted(set(chosen) & set(ids))
        plan, _ = uow.conn.planner.plan(_PENDING_AMONG, {"ids": ids[:3]})
        assert {(3,), (1,), (0,)} <= set(plan.layouts) and plan.layouts[(3,)] is not None


async def test_values_round_trip_through_the_bind_and_result_processors(store, clock):
    """Aware datetimes, JSON, booleans and bytes come back as they went in, on both drivers."""
    workspace = await create_workspace(store, clock, "Types agency")
    action = make_action(workspace.id, "40001", clock.now(), key="types")
    async with store.transaction() as uow:
        await uow.actions.add(action)
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, action.id) == action
        [row] = (
            await uow.conn.execute(
                sa.select(c.created_at, c.params).where(c.id.in_([action.id, "act_none"]))
            )
        ).all()
    assert row.created_at == action.created_at and row.created_at.tzinfo is not None
    assert row.params == action.params


@pytest.fixture
def sqlite_url(sqlite_template, tmp_path) -> str:
    path = tmp_path / "drivers.db"
    path.write_bytes(Path(sqlite_template).read_bytes())
    return f"sqlite:///{path}"


async def test_sqlite_writer_waits_off_the_loop_while_another_connection_writes(sqlite_url):
    """Another process's write lock makes our writer wait in a thread: meanwhile the loop keeps
    serving (a read completes), and the write goes through once the lock is released."""
    store = SqlStore.from_url(sqlite_url)
    other = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # what a worker process mid-transaction holds
        entered = asyncio.Event()

        async def write() -> None:
            async with store.transaction() as uow:
                entered.set()
                await uow.conn.execute(sa.text("UPDATE workspaces SET name = name"))

        writer = asyncio.create_task(write())
        async with store.reading() as uow:  # served while the writer waits for the lock
            assert (
                await uow.conn.execute(sa.select(sa.func.count()).select_from(t.actions))
            ).scalar() == 0
        assert not writer.done() and not entered.is_set()
        other.execute("COMMIT")
        await asyncio.wait_for(writer, 30)
        assert entered.is_set()
    finally:
        other.close()
        await store.close()


async def test_sqlite_writer_cancelled_while_waiting_leaves_no_transaction_behind(sqlite_url):
    store = SqlStore.from_url(sqlite_url, pool_size=1, max_overflow=0)
    other = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")

        async def write() -> None:
            async with store.transaction():
                pass

        async with store.reading():  # one idle connection: the writer's checkout never yields
            pass
        writer = asyncio.create_task(write())
        # Yield until the writer holds the only connection: from there it runs without a
        # pause into its wait for the lock (the connection is idle, so none is opened).
        while not store.driver._free.locked():  # noqa: ASYNC110 (no hook inside the driver)
            await asyncio.sleep(0)
        writer.cancel()
        other.execute("COMMIT")
        with pytest.raises(asyncio.CancelledError):
            await writer
        # The only pooled connection came back outside any transaction: the next writer gets
        # the lock at once, and this connection's own writes are seen by others.
        async with store.transaction() as uow:
            await uow.conn.execute(sa.text("CREATE TABLE after_cancel (x INTEGER)"))
        assert other.execute("SELECT count(*) FROM after_cancel").fetchone() == (0,)
    finally:
        other.close()
        await store.close()


async def test_postgres_pool_of_one_serves_again_after_a_unit_cancelled_mid_statement(
    postgres_url,
):
    """A unit cancelled while its statement runs gives its slot back and leaves no busy
    connection to the next unit: with a pool of one, the next unit is served at once."""
    store = SqlStore.from_url(postgres_url, pool_size=1, max_overflow=0)
    watcher = SqlStore.from_url(postgres_url)
    try:

        async def slow() -> None:
            async with store.reading() as uow:
                await uow.conn.execute(sa.text("SELECT pg_sleep(30)"))

        async def sleeping() -> int:
            async with watcher.reading() as uow:
                query = "SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)'"
                return int((await uow.conn.exec_driver_sql(query)).scalar())

        task = asyncio.create_task(slow())
        while await sleeping() == 0:  # each check is a round trip to the server, not a timer
            pass
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        async with store.reading() as uow:
            assert (await uow.conn.execute(sa.select(sa.literal(1)))).scalar() == 1
    finally:
        await store.close()
        await watcher.close()


async def test_postgres_connection_is_replaced_after_its_share_of_units(postgres_url):
    """A long-lived connection slowed reads (docs/decisions.md): each serves a bounded number of
    units, then a fresh backend takes over."""
    store = SqlStore.from_url(postgres_url, pool_size=1, max_overflow=0)
    store.driver.units_per_connection = 3
    try:
        backends = []
        for _ in range(7):
            async with store.reading() as uow:
                backends.append(
                    (await uow.conn.exec_driver_sql("SELECT pg_backend_pid()")).scalar()
                )
        assert [len(set(backends[i : i + 3])) for i in (0, 3)] == [1, 1]
        assert len({backends[0], backends[3], backends[6]}) == 3
    finally:
        await store.close()


async def test_sqlite_connections_never_checkpoint_in_a_commit(sqlite_url):
    """No pooled connection copies the log into the database in a commit (SQLite's automatic
    checkpoint is off): the driver's background checkpointer does, off the commit path."""
    store = SqlStore.from_url(sqlite_url)
    try:
        async with store.reading() as uow:
            read = (await uow.conn.exec_driver_sql("PRAGMA wal_autocheckpoint")).scalar()
        async with store.transaction() as uow:
            written = (await uow.conn.exec_driver_sql("PRAGMA wal_autocheckpoint")).scalar()
    finally:
        await store.close()
    assert read == written == 0
