"""Two creations race for an allowance's next use without a lock (PostgreSQL: a second
connection): the one that commits first keeps it; the other writes nothing, raises
DuplicateError, and on its next try takes the number after, so no two uses share one and the
allowance is never overrun."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from service.actions.model import AllowanceUse, AllowedWrite
from service.domain.storage_errors import DuplicateError
from storage.sql.repos.actions.allowed_write import NEXT_USE
from storage.sql.store import SqlStore
from tests.factories import add_live_account
from tests.storage.test_store_contract import make_action

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


async def _waiting_on_a_lock(store) -> None:
    """Until another connection of this database waits on a lock (what PostgreSQL reports)."""
    async with asyncio.timeout(10):
        while True:
            async with store.reading() as uow:
                rows = await uow.conn.exec_driver_sql(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
                if rows.scalar_one():
                    return
            await asyncio.sleep(0.01)


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_the_loser_of_a_race_writes_nothing_and_takes_the_next_number(
    store, clock, database_url
):
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    use = AllowanceUse("k1", 2, NOW - dt.timedelta(days=1))
    first, second, third = (
        make_action(ws, "40001", NOW, status="approved", key=f"k{n}") for n in range(3)
    )
    other = SqlStore.from_url(database_url)
    try:
        async with store.transaction() as tx:  # holds use 1, uncommitted
            assert await tx.actions.add_allowed(first, [], None, use) is AllowedWrite.WRITTEN

            async def racing() -> AllowedWrite:
                async with other.single_statement() as uow:
                    return await uow.actions.add_allowed(second, [], None, use)

            loser = asyncio.create_task(racing())
            await _waiting_on_a_lock(store)  # it reached the unique index, behind use 1
            assert not loser.done()
        with pytest.raises(DuplicateError):
            await loser
        async with other.single_statement() as uow:
            assert await uow.actions.add_allowed(second, [], None, use) is AllowedWrite.WRITTEN
            assert await uow.actions.add_allowed(third, [], None, use) is AllowedWrite.USED_UP
    finally:
        await other.close()
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql(
            "SELECT action_id, seq FROM allowance_uses ORDER BY seq"
        )
        assert [tuple(r) for r in rows.all()] == [(first.id, 1), (second.id, 2)]
        assert await uow.actions.get(ws, third.id) is None


async def test_creations_of_one_process_take_the_next_use_in_turn(store, clock):
    """Twenty creations at once under one allowance, in one process: each takes the next
    number in turn, so none loses a race and starts over (DuplicateError)."""
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    use = AllowanceUse("k1", 100, NOW - dt.timedelta(days=1))
    actions = [make_action(ws, "40001", NOW, status="approved", key=f"k{n}") for n in range(20)]

    async def create(action) -> AllowedWrite:
        async with store.single_statement() as uow:
            return await uow.actions.add_allowed(action, [], None, use)

    written = await asyncio.gather(*(create(a) for a in actions), return_exceptions=True)
    assert written == [AllowedWrite.WRITTEN] * len(actions)
    assert len(NEXT_USE) == 0  # no turn is kept once no one waits
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql("SELECT seq FROM allowance_uses ORDER BY seq")
        assert [r[0] for r in rows.all()] == list(range(1, len(actions) + 1))


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
@pytest.mark.parametrize("limited", [False, True], ids=["allowance", "allowance-and-limit"])
async def test_creations_waiting_for_a_turn_are_written_together(
    store, clock, database_url, monkeypatch, limited
):
    """Creations that waited for the same turn go in one round trip and one COMMIT, and each
    statement of the turn sees the numbers the earlier ones took."""
    from service.actions.model import LimitCap
    from service.workspaces.usecases import create_workspace
    from storage.sql.driver.postgres import PgConnection

    sent: list[int] = []
    original = PgConnection._run_rows

    async def counted(self, sql, args):
        sent.append(len(args))
        return await original(self, sql, args)

    monkeypatch.setattr(PgConnection, "_run_rows", counted)
    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    use = AllowanceUse("k1", 15, NOW - dt.timedelta(days=1))
    caps = [LimitCap(("send_message",), 100, NOW - dt.timedelta(days=1), NOW)] if limited else []
    actions = [make_action(ws, "40001", NOW, status="approved", key=f"k{n}") for n in range(20)]

    async def create(action) -> AllowedWrite:
        async with store.single_statement() as uow:
            if limited:
                return (await uow.actions.add_governed(action, [], None, use, caps)).outcome
            return await uow.actions.add_allowed(action, [], None, use)

    written = await asyncio.gather(*(create(a) for a in actions))
    assert sorted(written, key=lambda w: w.value) == sorted(
        [AllowedWrite.WRITTEN] * 15 + [AllowedWrite.USED_UP] * 5, key=lambda w: w.value
    )
    assert sum(sent) == len(actions) and max(sent) > 1, sent
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql("SELECT seq FROM allowance_uses ORDER BY seq")
        assert [r[0] for r in rows.all()] == list(range(1, 16))
        if limited:
            rows = await uow.conn.exec_driver_sql("SELECT seq FROM limit_uses ORDER BY seq")
            assert [r[0] for r in rows.all()] == list(range(1, 16))


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_two_instances_writing_turns_at_once_never_overrun_the_allowance(
    store, clock, database_url
):
    """Twenty creations at once on each of two instances under an allowance of twenty-five:
    each instance writes its waiting creations together, the turns of the two race for the same
    numbers, and a turn that lost is written again one by one; exactly twenty-five are
    approved, numbered one to twenty-five."""
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    use = AllowanceUse("k1", 25, NOW - dt.timedelta(days=1))

    async def one_creation(one, key: str) -> AllowedWrite:
        action = make_action(ws, "40001", NOW, status="approved", key=key)
        while True:  # as a creation does after a lost race (governed.py)
            try:
                async with one.single_statement() as uow:
                    return await uow.actions.add_allowed(action, [], None, use)
            except DuplicateError:
                continue

    other = SqlStore.from_url(database_url)
    try:
        outcomes = await asyncio.gather(
            *(
                one_creation(one, f"{tag}{n}")
                for n in range(20)
                for one, tag in ((store, "s"), (other, "o"))
            )
        )
    finally:
        await other.close()
    assert outcomes.count(AllowedWrite.WRITTEN) == 25, outcomes
    assert outcomes.count(AllowedWrite.USED_UP) == 15, outcomes
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql("SELECT seq FROM allowance_uses ORDER BY seq")
        assert [r[0] for r in rows.all()] == list(range(1, 26))


class _Undone(Exception):
    """Raised inside a transaction after its write, to roll it back."""


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_a_write_inside_a_transaction_takes_its_turn_alone(store, clock, database_url):
    """Creations that commit by themselves go together; one inside a transaction (asking again)
    commits or rolls back with its own transaction: rolled back among ten creations at once, it
    leaves nothing, and takes none of the ten with it."""
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    use = AllowanceUse("k1", 100, NOW - dt.timedelta(days=1))

    async def alone(n: int) -> AllowedWrite:
        action = make_action(ws, "40001", NOW, status="approved", key=f"k{n}")
        async with store.single_statement() as uow:
            return await uow.actions.add_allowed(action, [], None, use)

    async def undone() -> None:
        action = make_action(ws, "40001", NOW, status="approved", key="undone")
        with pytest.raises(_Undone):
            async with store.transaction() as tx:
                assert await tx.actions.add_allowed(action, [], None, use) is AllowedWrite.WRITTEN
                raise _Undone

    for _ in range(5):  # in each round the transaction's write arrives at another place
        before = await _uses(store)
        written = await asyncio.gather(
            *(alone(n) for n in range(5)), undone(), *(alone(n) for n in range(5, 10))
        )
        assert written[:5] + written[6:] == [AllowedWrite.WRITTEN] * 10
        assert await _uses(store) == before + 10
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("DELETE FROM allowance_uses")
            await uow.conn.exec_driver_sql("DELETE FROM actions")


async def _uses(store) -> int:
    async with store.reading() as uow:
        rows = await uow.conn.exec_driver_sql("SELECT count(*) FROM allowance_uses")
        return int(rows.scalar_one())
