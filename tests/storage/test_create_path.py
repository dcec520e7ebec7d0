"""The storage calls of the create path, on both drivers: the insert that races on the
idempotency index (alone, and with its event in one statement), the unit that runs it, and the
audience COUNT that replaced loading every fan into Python."""

from __future__ import annotations

import asyncio
import contextlib

import attrs
import pytest
import sqlalchemy as sa

from service.actions.creation import create_action
from service.actions.model import Action
from service.domain.clock import Clock
from service.domain.events import Event
from service.domain.ids import new_id
from service.errors.api_error import ApiError
from service.synced.model import Fan
from service.workspaces.usecases import create_workspace
from storage.sql import tables as t
from tests.factories import add_live_account, build_world
from tests.storage.test_store_contract import Boom, make_action


@pytest.fixture
async def workspace(store, clock):
    workspace = await create_workspace(store, clock, "Create agency")
    await add_live_account(store, clock, workspace.id)
    return workspace


async def test_insert_unless_key_used_writes_once_and_keeps_the_transaction(
    store, workspace, clock
):
    first = make_action(workspace.id, "40001", clock.now(), key="k1")
    second = make_action(workspace.id, "40001", clock.now(), key="k1")
    other = make_action(workspace.id, "40001", clock.now(), key="k2")
    async with store.transaction() as uow:
        assert await uow.actions.add_unless_key_used(first) is True
        assert await uow.actions.add_unless_key_used(second) is False
        # The transaction is still usable after the conflict (no savepoint needed).
        assert await uow.actions.add_unless_key_used(other) is True
        assert await uow.actions.get_by_idempotency_key(workspace.id, "k1") == first
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, second.id) is None
        assert await uow.actions.get(workspace.id, other.id) == other


def make_event(action: Action) -> Event:
    return Event(
        id=new_id("evt_"),
        workspace_id=action.workspace_id,
        type="action.created",
        account_id=action.account_id,
        data={"id": action.id, "nothing": None, "list": [1, "two"], "at": "2026-01-01T00:00:00Z"},
        created_at=action.created_at,
        mode=action.mode,
    )


async def events_of(store, workspace_id: str) -> list[Event]:
    async with store.reading() as uow:
        return list(await uow.events.list(workspace_id))


async def add_with_event(store, action: Action) -> bool:
    async with store.single_statement() as uow:
        return await uow.actions.add_with_event(action, make_event(action))


async def test_add_with_event_writes_the_action_and_its_event(store, workspace, clock):
    action = make_action(workspace.id, "40001", clock.now())
    event = make_event(action)
    async with store.single_statement() as uow:
        assert await uow.actions.add_with_event(action, event) is True
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, action.id) == action
    [stored] = await events_of(store, workspace.id)
    assert stored.seq is not None and attrs.evolve(stored, seq=None) == event


async def test_add_with_event_on_a_used_key_writes_neither(store, workspace, clock):
    first = make_action(workspace.id, "40001", clock.now(), key="k1")
    second = make_action(workspace.id, "40001", clock.now(), key="k1")
    assert await add_with_event(store, first) is True
    before = await events_of(store, workspace.id)
    async with store.single_statement() as uow:
        assert await uow.actions.add_with_event(second, make_event(second)) is False
        # The unit stays usable: the winner is read in it.
        assert await uow.actions.get_by_idempotency_key(workspace.id, "k1") == first
    assert await events_of(store, workspace.id) == before
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, second.id) is None


async def _stored(uow, table: sa.Table, row_id: str, skip: set[str]) -> dict[str, str]:
    """Each column as the database holds it, as SQL text (NULL apart from JSON null)."""
    pg = uow.conn.dialect.name == "postgresql"
    names = [col.name for col in table.c if col.name not in skip]
    shown = [f"quote_nullable({n}::text)" if pg else f"quote({n})" for n in names]
    sql = f"SELECT {', '.join(shown)} FROM {table.name} WHERE id = {'$1' if pg else '?'}"
    return dict(zip(names, (await uow.conn.exec_driver_sql(sql, [row_id])).one(), strict=True))


async def test_add_with_event_stores_what_the_two_inserts_store(store, workspace, clock):
    """The one-statement path binds through the same processors (JSON, JSON null, UTC times)."""
    one = make_action(workspace.id, "40001", clock.now(), params={"fanId": "f1", "text": "é"})
    one = attrs.evolve(one, price={"amount": 5, "currency": "USD"}, warnings=[{"code": "w"}])
    one_event = make_event(one)
    two = attrs.evolve(one, id=new_id("act_"), idempotency_key="other")
    two_event = attrs.evolve(one_event, id=new_id("evt_"))
    async with store.single_statement() as uow:
        assert await uow.actions.add_with_event(one, one_event)
    async with store.transaction() as uow:
        assert await uow.actions.add_unless_key_used(two)
        await uow.events.add(two_event)
    async with store.reading() as uow:
        skip = {"id", "idempotency_key"}
        stored = await _stored(uow, t.actions, one.id, skip)
        assert stored == await _stored(uow, t.actions, two.id, skip)
        skip = {"id", "seq"}
        assert await _stored(uow, t.events, one_event.id, skip) == await _stored(
            uow, t.events, two_event.id, skip
        )


async def test_single_statement_commits_each_statement_on_postgres_only(store, workspace, clock):
    """PostgreSQL: no BEGIN, no COMMIT, the one statement sent and committed as it ran.
    SQLite: a write transaction like any other."""
    action = make_action(workspace.id, "40001", clock.now())
    pg = store.dialect == "postgresql"
    sent: list[str] = []

    def log(query) -> None:
        sent.append(query.query)

    async with store.single_statement() as uow:
        raw = uow.conn.raw
        if pg:
            raw.add_query_logger(log)
            assert not raw.is_in_transaction()
        else:
            assert raw.in_transaction
        assert await uow.actions.add_with_event(action, make_event(action))
        async with store.reading() as other:  # another connection
            seen = await other.actions.get(workspace.id, action.id)
        assert seen == (action if pg else None)
    if pg:
        await asyncio.sleep(0)  # asyncpg calls query loggers soon after, not at once
        raw.remove_query_logger(log)
        assert not raw.is_in_transaction()
        assert len(sent) == 1 and sent[0].startswith("WITH"), sent
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, action.id) == action


async def test_concurrent_add_with_event_on_one_key_writes_one_of_each(store, workspace, clock):
    racers = [make_action(workspace.id, "40001", clock.now(), key="race") for _ in range(8)]
    won = await asyncio.gather(*(add_with_event(store, a) for a in racers))
    assert won.count(True) == 1
    winner = racers[won.index(True)]
    assert [e.data["id"] for e in await events_of(store, workspace.id)] == [winner.id]
    async with store.reading() as uow:
        assert await uow.actions.get_by_idempotency_key(workspace.id, "race") == winner


@pytest.mark.parametrize("holder_commits", [True, False])
async def test_writers_waiting_on_a_key_in_flight(store, workspace, clock, holder_commits):
    """Writers wait for a transaction holding the key (on the index on PostgreSQL, on the writer
    lock on SQLite): none wins if it commits; exactly one does if it rolls back."""
    held = make_action(workspace.id, "40001", clock.now(), key="held")
    others = [make_action(workspace.id, "40001", clock.now(), key="held") for _ in range(4)]
    with contextlib.nullcontext() if holder_commits else pytest.raises(Boom):
        async with store.transaction() as uow:
            assert await uow.actions.add_with_event(held, make_event(held))
            waiting = [asyncio.create_task(add_with_event(store, a)) for a in others]
            await asyncio.sleep(0.3)
            assert not any(task.done() for task in waiting)
            if not holder_commits:
                raise Boom
    won = await asyncio.gather(*waiting)
    assert won.count(True) == (0 if holder_commits else 1)
    winner = held if holder_commits else others[won.index(True)]
    assert [e.data["id"] for e in await events_of(store, workspace.id)] == [winner.id]
    async with store.reading() as uow:
        assert await uow.actions.get_by_idempotency_key(workspace.id, "held") == winner


class CountingUnits:
    """The store, counting the units of each kind it opens."""

    def __init__(self, store) -> None:
        self.inner = store
        self.opened: list[str] = []

    def __getattr__(self, kind: str):
        self.opened.append(kind)
        return getattr(self.inner, kind)


async def test_create_action_writes_in_one_single_statement_unit(store, clock: Clock):
    world = await build_world(store, clock)
    counting = CountingUnits(store)
    params = {"fanId": "f1", "text": "hi"}

    async def create(params: dict) -> tuple:
        created = await create_action(
            counting,
            clock,
            world.owner,
            world.live_account,
            "k1",
            "send_message",
            params,
        )
        return created.action, created.replayed

    action, replayed = await create(params)
    assert not replayed and counting.opened == ["reading", "single_statement"]
    assert await create(params) == (action, True)  # the retry: replayed from the same unit kind
    with pytest.raises(ApiError) as conflict:
        await create({"fanId": "f2", "text": "hi"})
    assert conflict.value.code == "idempotency_conflict"
    assert "transaction" not in counting.opened
    assert [e.data["id"] for e in await events_of(store, world.workspace_id)] == [action.id]


def _reference(fans: list[Fan], wanted: set, lists: set, excluded: set) -> int:
    """The estimate as the use case computed it in Python before the COUNT."""
    known = {f.id for f in fans}
    chosen = {
        f.id
        for f in fans
        if f.subscription_status == "active"
        and (f.id in wanted or lists.intersection(f.list_ids))
        and not excluded.intersection(f.list_ids)
    }
    return len(chosen | (wanted - known))


AUDIENCES = [
    ([], ["vip"], []),
    (["f1", "f9", "new"], [], []),
    (["f1"], ["vip", "all"], ["muted"]),
    ([], ["all"], ["vip"]),
    ([], [], []),
    (["f4", "f4"], ["none"], ["all"]),
    (["ghost"], ["all"], []),
]


async def test_the_audience_count_agrees_with_the_python_estimate(store, workspace):
    statuses = ["active", "active", "expired", "active", "active", "expired", "active"]
    lists = [["vip", "all"], ["all"], ["vip"], ["all", "muted"], [], ["all"], ["vip", "muted"]]
    fans = [
        Fan(
            workspace_id=workspace.id,
            account_id="40001",
            id=f"f{n}",
            username=f"u{n}",
            name=None,
            avatar_url=None,
            subscription_status=status,
            subscribed_at=None,
            expires_at=None,
            list_ids=tuple(on),
        )
        for n, (status, on) in enumerate(zip(statuses, lists, strict=True), start=1)
    ]
    async with store.transaction() as uow:
        await uow.fans.replace(workspace.id, "40001", fans)
    for wanted, on, excluded in AUDIENCES:
        async with store.reading() as uow:
            counted = await uow.fans.count_audience(
                workspace.id, "40001", fan_ids=wanted, list_ids=on, exclude_list_ids=excluded
            )
        assert counted == _reference(fans, set(wanted), set(on), set(excluded)), (
            wanted,
            on,
            excluded,
        )
