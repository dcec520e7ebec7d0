"""A creation held to daily limits without a lock (Actions.add_governed): the limit's window
counts only the actions that may still run, a lost race for the account's next number writes
nothing and counts again (PostgreSQL: a second connection), and the window and the number are
read by index on tables never analyzed."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from attrs import evolve

from service.actions.model import AllowedWrite, GovernedWrite, LimitCap
from service.domain.storage_errors import DuplicateError
from storage.sql import tables
from storage.sql.repos.actions import allowed_write, limit_write
from storage.sql.repos.actions.allowed_write import NEXT_USE
from storage.sql.store import SqlStore
from tests.factories import add_live_account
from tests.storage.conftest import forget_statistics
from tests.storage.test_allowance_race import _waiting_on_a_lock
from tests.storage.test_keyset_plans import _plan
from tests.storage.test_store_contract import add, make_action

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
DAY = dt.timedelta(days=1)


def cap(per_day: int, now: dt.datetime = NOW) -> LimitCap:
    return LimitCap(("send_message",), per_day, now - DAY, now)


async def _governed(store, action, caps) -> AllowedWrite:
    async with store.single_statement() as uow:
        return (await uow.actions.add_governed(action, [], None, None, caps)).outcome


async def test_a_limit_counts_only_the_actions_that_may_still_run(store, clock, workspace):
    """Rejected, expired, cancelled and pending-past-expiry actions leave room; an action of
    another type or older than the window does not count; the newest write is refused once
    the window holds `per_day`, with the window as read."""
    ws = workspace.id
    counted = make_action(ws, "40001", NOW - dt.timedelta(hours=3), status="executed")
    ended = [
        make_action(ws, "40001", NOW - dt.timedelta(hours=2), status=status)
        for status in ("rejected", "expired", "cancelled")
    ]
    overdue = evolve(
        make_action(ws, "40001", NOW - dt.timedelta(hours=5)),
        expires_at=NOW - dt.timedelta(minutes=1),
    )
    old = make_action(ws, "40001", NOW - DAY - dt.timedelta(hours=1), status="executed")
    other = evolve(make_action(ws, "40001", NOW, status="approved"), type="send_mass_message")
    await add(store, counted, *ended, overdue, old, other)
    first = make_action(ws, "40001", NOW, key="l1")
    assert await _governed(store, first, [cap(2)]) is AllowedWrite.WRITTEN
    async with store.single_statement() as uow:
        refused = await uow.actions.add_governed(
            make_action(ws, "40001", NOW, key="l2"), [], None, None, [cap(5), cap(2)]
        )
    assert refused.outcome is AllowedWrite.LIMIT_REACHED
    assert refused.windows == ((2, counted.created_at), (2, counted.created_at))
    replay = make_action(ws, "40001", NOW, key="l1")  # its key is taken, the limit has room
    assert await _governed(store, replay, [cap(3)]) is AllowedWrite.KEY_TAKEN
    async with store.reading() as uow:
        assert await uow.actions.get_by_idempotency_key(ws, "l2") is None


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_the_loser_of_a_race_for_the_number_writes_nothing_and_counts_again(
    store, clock, database_url
):
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    first, second, third = (make_action(ws, "40001", NOW, key=f"k{n}") for n in range(3))
    other = SqlStore.from_url(database_url)
    try:
        async with store.transaction() as tx:  # holds number 1, uncommitted
            written = await tx.actions.add_governed(first, [], None, None, [cap(2)])
            assert written.outcome is AllowedWrite.WRITTEN

            async def racing() -> AllowedWrite:
                return await _governed(other, second, [cap(2)])

            loser = asyncio.create_task(racing())
            await _waiting_on_a_lock(store)  # it counted one free place, and waits on number 1
            assert not loser.done()
        with pytest.raises(DuplicateError):
            await loser
        assert await _governed(other, second, [cap(2)]) is AllowedWrite.WRITTEN
        assert await _governed(other, third, [cap(2)]) is AllowedWrite.LIMIT_REACHED
    finally:
        await other.close()
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql("SELECT seq FROM limit_uses ORDER BY seq")
        assert [r[0] for r in rows.all()] == [1, 2]
        assert await uow.actions.get(ws, third.id) is None


async def _written(store, ws: str, keys: list[str], per_day: int, at=NOW) -> list[GovernedWrite]:
    found = []
    for key in keys:
        async with store.single_statement() as uow:
            found.append(
                await uow.actions.add_governed(
                    make_action(ws, "40001", at, key=key), [], None, None, [cap(per_day, at)]
                )
            )
    return found


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_a_counted_window_bounds_the_next_writes_until_the_bound_reaches_per_day(
    store, workspace
):
    """After a write counted the window, the next ones add the numbers and the actions taken
    since to that count and do not read the window (their answer: the bound, no oldest);
    once the bound reaches `perDay` the window is counted again, and only a full one refuses.
    An action cancelled after the count frees its place as soon as the window is counted."""
    ws = workspace.id
    first = await _written(store, ws, ["b0", "b1", "b2"], 3)
    assert [w.outcome for w in first] == [AllowedWrite.WRITTEN] * 3
    # counted (empty); bounded by 0 + one number + one action since; counted again (two)
    assert [w.windows for w in first] == [((0, None),), ((2, None),), ((2, NOW),)]
    async with store.transaction() as uow:
        await uow.conn.execute(
            tables.actions.update()
            .where(tables.actions.c.idempotency_key == "b1")
            .values(status="cancelled")
        )
    again = await _written(store, ws, ["b3", "b4"], 3)
    assert [(w.outcome, w.windows) for w in again] == [
        (AllowedWrite.WRITTEN, ((2, NOW),)),
        (AllowedWrite.LIMIT_REACHED, ((3, NOW),)),
    ]


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_actions_no_limit_wrote_since_the_count_are_in_the_bound(store, workspace):
    """Actions of the limit's types that took no number (written while no limit held them)
    after the window was counted: the bound reads them from the actions, so it reaches
    `perDay` and the write counts the window, full."""
    ws = workspace.id
    assert [w.outcome for w in await _written(store, ws, ["p0"], 3)] == [AllowedWrite.WRITTEN]
    later = NOW + dt.timedelta(seconds=1)
    await add(store, *(make_action(ws, "40001", later, key=f"plain{n}") for n in range(2)))
    (refused,) = await _written(store, ws, ["p1"], 3, later)
    assert (refused.outcome, refused.windows) == (AllowedWrite.LIMIT_REACHED, ((3, NOW),))


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_another_instance_s_writes_older_than_the_count_are_in_the_bound(
    store, workspace, database_url
):
    """Another instance's writes whose creation time precedes this instance's count (in
    flight while it counted) are not in the actions since the count, but their numbers are
    in the bound: the write counts the window, full."""
    ws = workspace.id
    assert [w.outcome for w in await _written(store, ws, ["i0"], 3)] == [AllowedWrite.WRITTEN]
    other = SqlStore.from_url(database_url)
    try:
        earlier = NOW - dt.timedelta(hours=1)
        theirs = await _written(other, ws, ["o0", "o1"], 3, earlier)
        assert [w.outcome for w in theirs] == [AllowedWrite.WRITTEN] * 2
    finally:
        await other.close()
    (refused,) = await _written(store, ws, ["i1"], 3)
    assert (refused.outcome, refused.windows) == (AllowedWrite.LIMIT_REACHED, ((3, earlier),))


async def test_creations_of_one_process_under_a_limit_take_the_number_in_turn(
    store, clock, workspace
):
    """Twenty creations at once under a limit of twelve, in one process: exactly twelve are
    written, and none loses a race and starts over (DuplicateError)."""
    actions = [make_action(workspace.id, "40001", NOW, key=f"t{n}") for n in range(20)]
    written = await asyncio.gather(
        *(_governed(store, a, [cap(12)]) for a in actions), return_exceptions=True
    )
    assert sorted(written) == sorted(
        [AllowedWrite.WRITTEN] * 12 + [AllowedWrite.LIMIT_REACHED] * 8
    ), written
    assert len(NEXT_USE) == 0


async def test_the_window_and_the_number_are_read_by_index_without_statistics(store, clock):
    """The governed creation's own statement (PostgreSQL) and the window's count (both): the
    limit's types from ix_actions_account_type, the newest number from pk_limit_uses, on
    tables a restore just filled and nobody analyzed."""
    from service.workspaces.usecases import create_workspace

    await forget_statistics(store)
    ws = (await create_workspace(store, clock, "A")).id
    for account in ("40001", "40002"):
        await add_live_account(store, clock, ws, account)
    async with store.transaction() as uow:
        for n in range(300):
            await uow.actions.add(
                make_action(ws, ("40001", "40002")[n % 2], NOW - dt.timedelta(minutes=n))
            )
    action = make_action(ws, "40001", NOW, key="plan")
    caps = [cap(50)]
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")  # as at scale
            statement = allowed_write._statement("postgresql", 1, False, False, False, 1)
            values = allowed_write._statement_values(action, [], None, None, None)
            values |= limit_write.values(action, caps, [None])
            values |= {f"event0_{name}": None for name in allowed_write._EVENT_COLUMNS}
        else:
            from storage.sql.repos.actions.counts import _LIMIT_WINDOW as statement

            values = {
                "ws": ws,
                "mode": "live",
                "account": "40001",
                "since": NOW - DAY,
                "types": ["send_message"],
                "now": NOW,
            }
        plan = await _plan(uow.conn, statement, values)
    assert "Seq Scan" not in plan and "SCAN actions" not in plan, plan
    assert "ix_actions_account_type" in plan, plan
    if store.dialect == "postgresql":
        assert "pk_limit_uses" in plan, plan


async def test_pruning_numbers_keeps_each_account_s_newest(store, workspace):
    """Numbers older than the window go, but each account's newest stays: a number taken
    again from 1 would not collide with a creation that read the old newest one."""
    old = NOW - 3 * DAY
    rows = [
        {"workspace_id": workspace.id, "account_id": account, "seq": seq, "created_at": at}
        for account, seq, at in [
            ("40001", 1, old),
            ("40001", 2, old),
            ("40001", 3, NOW),
            ("40002", 1, old),
            ("40002", 2, old),
        ]
    ]
    async with store.transaction() as uow:
        await uow.conn.execute(tables.limit_uses.insert(), rows)
    async with store.transaction() as uow:
        assert await uow.retention.prune_limit_uses(NOW - DAY, 100) == 3
        kept = await uow.conn.exec_driver_sql(
            "SELECT account_id, seq FROM limit_uses ORDER BY account_id, seq"
        )
        assert [tuple(r) for r in kept.all()] == [("40001", 3), ("40002", 2)]


def test_a_base_serves_the_writes_after_it_and_moves_to_a_bound_or_a_count():
    """A count serves the writes after it; every REBASE-th of them, the bound it read is the
    next base (so the actions read since stay few), still dated by the count; a base counted
    RECOUNT ago, or a window reaching back further than the one counted (a clock set back), is
    counted."""
    from sqlalchemy.dialects import sqlite

    from storage.sql.driver.statements import Planner
    from storage.sql.repos.actions import limit_bases

    planner = Planner(sqlite.dialect())
    action, caps = make_action("ws_1", "40001", NOW), [cap(100)]
    assert limit_bases.bases(planner, action, caps) == [None]
    limit_bases.written(planner, action, caps, [(True, 7)], 3)
    for n in range(1, limit_bases.REBASE):
        (base,) = limit_bases.bases(planner, action, caps)
        assert base is not None and (base.used, base.number, base.at) == (7, 3, NOW)
        limit_bases.written(planner, action, caps, [(False, 7 + 2 * n)], 3 + n)
    limit_bases.bases(planner, action, caps)  # the REBASE-th write, which read a bound of 40
    later = NOW + dt.timedelta(milliseconds=5)
    limit_bases.written(planner, action, [cap(100, later)], [(False, 40)], 20)
    (base,) = limit_bases.bases(planner, action, caps)
    assert base is None  # dated after this window's end: a clock set back
    (base,) = limit_bases.bases(planner, action, [cap(100, later)])
    assert base is not None
    assert (base.used, base.number, base.at, base.counted) == (40, 20, later, NOW)
    stale = NOW + limit_bases.RECOUNT
    assert limit_bases.bases(planner, action, [cap(100, stale)]) == [None]
    assert limit_bases.bases(Planner(sqlite.dialect()), action, caps) == [None]


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_two_instances_writing_past_their_counts_fill_the_window_exactly(
    store, workspace, database_url
):
    """Twenty-nine actions of the day and one written by each instance (so each keeps a count),
    a limit of forty: twenty creations at once on each of two instances write exactly nine,
    whether a write was bounded by the count kept or counted the window itself; a lost race
    for the number counts again, as a creation does."""
    ws = workspace.id
    earlier = NOW - dt.timedelta(hours=1)
    await add(
        store,
        *(make_action(ws, "40001", earlier, key=f"old{n}", status="executed") for n in range(29)),
    )
    other = SqlStore.from_url(database_url)
    try:
        for one, key in ((store, "s"), (other, "o")):  # each instance keeps a count
            (first,) = await _written(one, ws, [f"{key}-first"], 40)
            assert first.outcome is AllowedWrite.WRITTEN

        async def one_creation(one, key: str) -> AllowedWrite:
            while True:
                try:
                    (written,) = await _written(one, ws, [key], 40)
                    return written.outcome
                except DuplicateError:
                    continue

        async def burst(one, key: str) -> list[AllowedWrite]:
            return list(await asyncio.gather(*(one_creation(one, f"{key}{n}") for n in range(20))))

        mine, theirs = await asyncio.gather(burst(store, "s"), burst(other, "o"))
    finally:
        await other.close()
    outcomes = mine + theirs
    assert outcomes.count(AllowedWrite.WRITTEN) == 9, outcomes
    assert outcomes.count(AllowedWrite.LIMIT_REACHED) == 31, outcomes
