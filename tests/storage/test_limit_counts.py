"""What a creation under a daily limit reads of its window (Actions.add_governed): creations of
one process waiting in turn share one count of the window, and on PostgreSQL the statement
keeps one generic plan with a day's actions in the window, rather than being planned again for
each call's values."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from service.actions.model import AllowedWrite, GovernedWrite, LimitCap
from storage.sql import tables
from storage.sql.driver.rows import to_row
from storage.sql.repos.actions import allowed_write, limit_write
from tests.factories import empty_every_table
from tests.storage.conftest import forget_statistics
from tests.storage.test_store_contract import make_action

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
DAY = dt.timedelta(days=1)
EARLIER = NOW - dt.timedelta(hours=2)


async def _day(store, ws: str, actions: int) -> None:
    """`actions` executed actions of the day on account 40001, in one statement."""
    rows = [
        to_row(make_action(ws, "40001", EARLIER, key=f"day{n}", status="executed"))
        for n in range(actions)
    ]
    async with store.transaction() as uow:
        await uow.conn.execute(tables.actions.insert(), rows)


async def _leave_no_trace(store) -> None:
    """The rows gone, vacuumed and analyzed now, then the statistics forgotten: autovacuum has
    nothing left to analyze in a later test that plans on a table with no statistics."""
    await empty_every_table(store)
    async with store.driver.single_statement() as conn:
        await conn.raw.execute("VACUUM ANALYZE actions")
    await forget_statistics(store)


async def _governed(store, ws: str, key: str, cap: LimitCap) -> GovernedWrite:
    async with store.single_statement() as uow:
        action = make_action(ws, "40001", NOW, key=key)
        return await uow.actions.add_governed(action, [], None, None, [cap])


async def _open_connections(store, n: int) -> None:
    """`n` units at once, so the store keeps `n` connections open."""

    async def one() -> None:
        async with store.reading() as uow:
            await uow.conn.exec_driver_sql("SELECT 1")
            await asyncio.sleep(0.01)

    await asyncio.gather(*(one() for _ in range(n)))


async def test_creations_waiting_in_turn_share_one_count_of_the_window(store, workspace):
    """Ten actions of the day, then twenty-five creations at once in one process (ten of them
    on a connection at once), none of which found a count kept: on PostgreSQL the first in turn counts the window (its answer
    has the window's oldest action) and the others bound it from that count (their answer
    has none), where each of them used to count it; SQLite's single writer counts it for
    each."""
    await _day(store, workspace.id, 10)
    await _open_connections(store, 10)  # each creation starts at once, none waits to connect
    cap = LimitCap(("send_message",), 100, NOW - DAY, NOW)
    answers = await asyncio.gather(
        *(_governed(store, workspace.id, f"c{n}", cap) for n in range(25))
    )
    assert [a.outcome for a in answers] == [AllowedWrite.WRITTEN] * 25
    counted = [a.windows for a in answers if a.windows[0][1] is not None]
    assert len(counted) == (1 if store.dialect == "postgresql" else 25), answers
    assert counted[0] == ((10, EARLIER),)


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_the_statement_keeps_its_generic_plan_with_a_day_in_the_window(store, workspace):
    """Two thousand actions of the day in the window and the table analyzed: after its first
    calls the prepared statement runs on its generic plan (a plan made for each call's values
    cost a planning as long as the statement); and its IN lists are all given with the
    values, so the driver keeps the expanded SQL (statements.py)."""
    await _day(store, workspace.id, 2000)
    try:
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("ANALYZE actions")
        cap = LimitCap(("send_message",), 5000, NOW - DAY, NOW)
        async with store.transaction() as uow:  # one connection: its prepared statements
            for n in range(12):
                action = make_action(workspace.id, "40001", NOW, key=f"g{n}")
                written = await uow.actions.add_governed(action, [], None, None, [cap])
                assert written.outcome is AllowedWrite.WRITTEN
            plans = await uow.conn.exec_driver_sql(
                "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
                " WHERE statement LIKE 'WITH newest_number AS%'"
            )
            ((generic, custom),) = plans.all()
            statement = allowed_write._statement("postgresql", 0, False, False, False, 1)
            values = limit_write.values(action, [cap], [None])
            plan, _key = uow.conn.planner.plan(statement, values)
    finally:
        await _leave_no_trace(store)
    assert generic >= 6 and custom <= 6, (generic, custom)
    assert plan._layout(values) is not None
