"""`action.expired`: the move pending → expired writes its event in the same transaction,
whoever makes it (the expirer's sweep, or a decision that finds the action past its expiry),
delivered and signed like the others (both signature checks, real receiver over real HTTP),
selectable per endpoint, and a test key's action goes only to test endpoints. Both drivers."""

from __future__ import annotations

import attrs
import pytest

from service.actions import lifecycle
from service.actions.decisions import decide_action
from service.actions.transitions import LIFETIME
from service.errors.api_error import ApiError
from service.webhooks import usecases as hooks
from tests.openapi_kit import schema_validator
from tests.storage.test_store_contract import add, make_action

EXPIRED = "action.expired"
URL = "https://cs.example"


async def expired_events(store, workspace_id: str):
    async with store.reading() as uow:
        events = await uow.events.list(workspace_id, limit=1000)
    return [e for e in events if e.type == EXPIRED]


async def test_the_sweep_and_a_late_decision_each_emit_it_delivered_signed(
    store, clock, world, receiver, receiver_url, deliverer, box, spec
):
    ws = world.workspace_id
    only_expired = await hooks.add_event_endpoint(
        store,
        clock,
        world.owner,
        receiver_url + "/expired",
        [EXPIRED],
        box=box,
        allow_loopback=True,
    )
    others = await hooks.add_event_endpoint(
        store,
        clock,
        world.owner,
        receiver_url + "/others",
        ["action.rejected"],
        box=box,
        allow_loopback=True,
    )
    test = await hooks.add_event_endpoint(
        store,
        clock,
        attrs.evolve(world.owner, mode="test"),
        receiver_url + "/test",
        box=box,
        allow_loopback=True,
    )
    receiver.set_secrets([hooks.current_secret(e, box) for e in (only_expired, others, test)])
    now = clock.now()
    swept = make_action(ws, world.live_account, now - LIFETIME)
    late = make_action(ws, world.live_account, now - LIFETIME)
    sandbox = attrs.evolve(make_action(ws, world.live_account, now - LIFETIME), mode="test")
    fresh = make_action(ws, world.live_account, now)
    await add(store, swept, late, sandbox, fresh)

    # A person decides the late one first: the decision persists the expiry, with its event.
    with pytest.raises(ApiError) as refused:
        await decide_action(
            store,
            clock,
            world.owner,
            late.id,
            approve=True,
            note=None,
            wake_executor=lambda: None,
        )
    assert refused.value.code == "action_expired"
    assert await lifecycle.expire_due(store, clock.now()) == sorted([swept.id, sandbox.id])
    assert await lifecycle.expire_due(store, clock.now()) == []

    events = await expired_events(store, ws)
    assert sorted(e.data["id"] for e in events) == sorted([swept.id, late.id, sandbox.id])
    assert all(e.data["status"] == "expired" for e in events)

    assert await deliverer.run_once() == 3
    got = receiver.wait_for(3)
    assert all(r.verified and r.standard_verified and r.event == EXPIRED for r in got)
    by_path = {(r.path, r.json["data"]["id"], r.json["mode"]) for r in got}
    assert by_path == {
        ("/expired", swept.id, "live"),
        ("/expired", late.id, "live"),
        ("/test", sandbox.id, "test"),
    }, "chosen types only; a test action only to the test endpoint"
    validator = schema_validator(spec, "ActionExpiredEvent")
    for received in got:
        validator.validate(received.json)


async def test_a_rolled_back_sweep_keeps_neither_the_expiry_nor_its_event(store, clock, world):
    ws = world.workspace_id
    stale = make_action(ws, world.live_account, clock.now() - LIFETIME)
    await add(store, stale)
    with pytest.raises(RuntimeError):
        async with store.transaction() as uow:
            [moved] = await uow.actions.expire_due(clock.now())
            await lifecycle.expire(uow, moved, now=clock.now())  # already moved
            raise RuntimeError("the sweep is rolled back")
    async with store.reading() as uow:
        assert (await uow.actions.get(ws, stale.id)).status == "pending"
    assert await expired_events(store, ws) == []
    await lifecycle.expire_due(store, clock.now())
    assert [e.data["id"] for e in await expired_events(store, ws)] == [stale.id]
