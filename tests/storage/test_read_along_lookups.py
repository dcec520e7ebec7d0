"""A key lookup that reads the request's first rows along (ReadAlong): the action a poll asks
for, a creation's account with its rules and limits, and the fan it names, in the key's own
statement; each row used once, and only the key's workspace's. Both drivers (`store`)."""

from __future__ import annotations

from service.domain.ids import new_id
from service.domain.principal import Principal
from service.keys.repository import ReadAlong
from service.keys.usecases import create_key
from service.synced.model import Fan
from service.workspaces.usecases import create_workspace
from tests.factories import add_live_account
from tests.storage.test_store_contract import add, make_action


def counting_statements(uow) -> list[str]:
    """The SQL of every statement the unit runs from now on."""
    ran: list[str] = []
    run = uow.conn._run

    async def counted(sql, args, returns_rows):
        ran.append(sql)
        return await run(sql, args, returns_rows)

    uow.conn._run = counted
    return ran


async def test_a_key_lookup_reads_an_action_along_once(store, clock, workspace):
    key, _ = await create_key(
        store, clock, Principal.operator(workspace.id), name="poll", scopes=["read"], mode="live"
    )
    action = make_action(workspace.id, "40001", clock.now())
    await add(store, action)
    async with store.reading() as uow:
        ran = counting_statements(uow)
        assert await uow.keys.get_by_hash(key.secret_hash, ReadAlong("actions", action.id)) == key
        assert await uow.actions.get(workspace.id, action.id) == action
        assert len(ran) == 1  # the action came with the key
        assert await uow.actions.get(workspace.id, action.id) == action
        assert len(ran) == 2  # read ahead once: a second read runs its own statement
        # An id that names no action of the key's workspace is read along as absent.
        missing = new_id("act_")
        assert await uow.keys.get_by_hash(key.secret_hash, ReadAlong("actions", missing)) == key
        assert await uow.actions.get(workspace.id, missing) is None
        assert len(ran) == 3
        # No such key: nothing is kept for a later read.
        assert await uow.keys.get_by_hash("0" * 64, ReadAlong("actions", action.id)) is None
        assert await uow.actions.get(workspace.id, action.id) == action
        assert len(ran) == 5


async def test_a_key_lookup_reads_a_creations_account_along(store, clock, workspace):
    key, _ = await create_key(
        store, clock, Principal.operator(workspace.id), name="make", scopes=["write"], mode="live"
    )
    async with store.transaction() as uow:
        await uow.accounts.set_limits(workspace.id, "40001", [{"type": "send_message", "max": 5}])
    async with store.reading() as uow:
        read_alone = await uow.accounts.get_for_create(workspace.id, "40001")
    assert read_alone is not None and read_alone.own_limits
    async with store.reading() as uow:
        ran = counting_statements(uow)
        along = ReadAlong("accounts_for_create", "40001")
        assert await uow.keys.get_by_hash(key.secret_hash, along) == key
        assert await uow.accounts.get_for_create(workspace.id, "40001") == read_alone
        assert len(ran) == 1
        nowhere = ReadAlong("accounts_for_create", "99999")
        assert await uow.keys.get_by_hash(key.secret_hash, nowhere) == key
        assert await uow.accounts.get_for_create(workspace.id, "99999") is None
        assert len(ran) == 2


async def test_a_key_lookup_reads_a_creations_fan_along(store, clock, workspace):
    key, _ = await create_key(
        store, clock, Principal.operator(workspace.id), name="make", scopes=["write"], mode="live"
    )
    await add_live_account(store, clock, workspace.id, "40002", "other.live")
    fan = Fan(workspace.id, "40001", "7001", "fan7001", "Fan", None, "active", None, None, ("l1",))
    namesake = Fan(workspace.id, "40002", "7002", "fan7002", None, None, "expired", None, None)
    async with store.transaction() as uow:
        await uow.fans.put_many(workspace.id, "40001", [fan])
        await uow.fans.put_many(workspace.id, "40002", [namesake])
    async with store.reading() as uow:
        ran = counting_statements(uow)
        along = ReadAlong("accounts_for_create", "40001", fan_id="7001")
        assert await uow.keys.get_by_hash(key.secret_hash, along) == key
        assert await uow.accounts.get_for_create(workspace.id, "40001") is not None
        assert await uow.fans.get_many(workspace.id, "40001", ["7001"]) == [fan]
        assert len(ran) == 1  # the account and its fan came with the key
        assert await uow.fans.get_many(workspace.id, "40001", ["7001"]) == [fan]
        assert len(ran) == 2  # read ahead once
        # A fan the account does not have (another account's included) is read along as absent.
        for absent in ("7002", "7999"):
            along = ReadAlong("accounts_for_create", "40001", fan_id=absent)
            assert await uow.keys.get_by_hash(key.secret_hash, along) == key
            assert await uow.fans.get_many(workspace.id, "40001", [absent]) == []
        assert len(ran) == 4
        # No such account: nothing is kept for its fans.
        along = ReadAlong("accounts_for_create", "99999", fan_id="7001")
        assert await uow.keys.get_by_hash(key.secret_hash, along) == key
        assert await uow.fans.get_many(workspace.id, "99999", ["7001"]) == []
        assert len(ran) == 6


async def test_an_action_read_along_is_only_the_keys_workspaces(store, clock, workspace):
    key, _ = await create_key(
        store, clock, Principal.operator(workspace.id), name="poll", scopes=["read"], mode="live"
    )
    other = await create_workspace(store, clock, "Another agency")
    await add_live_account(store, clock, other.id)
    elsewhere = make_action(other.id, "40001", clock.now())
    await add(store, elsewhere)
    async with store.reading() as uow:
        along = ReadAlong("actions", elsewhere.id)
        assert await uow.keys.get_by_hash(key.secret_hash, along) == key
        assert await uow.actions.get(workspace.id, elsewhere.id) is None
        assert await uow.actions.get(other.id, elsewhere.id) == elsewhere
