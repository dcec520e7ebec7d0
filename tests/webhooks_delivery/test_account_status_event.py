"""`account.status_changed`: every change of an account's status, through every move of the one
writer (service/accounts/status.py: the actions lifecycle, the syncer, a relink), is an event
written in the same transaction as the status, delivered and signed like the others (both
signature checks, real receiver over real HTTP), selectable per endpoint, and test-mode
accounts' changes go only to test endpoints. Both drivers."""

from __future__ import annotations

import attrs
import pytest

from service.accounts import status as account_status
from service.accounts.events import STATUS_CHANGED
from service.synced import syncer
from service.webhooks import usecases as hooks
from service.webhooks.deliverer import Deliverer
from tests.execution.test_executor import a_fan, approve_and_run, create
from tests.factories import build_world
from tests.openapi_kit import schema_validator
from tests.webhooks_delivery.delivery_kit import loopback_sender


async def status_events(store, workspace_id: str):
    async with store.reading() as uow:
        events = await uow.events.list(workspace_id, limit=1000)
    return [e for e in events if e.type == STATUS_CHANGED]


async def test_every_writer_emits_it_and_it_is_delivered_signed(
    linked, clock, receiver, receiver_url, http, spec
):
    services, world = linked.services, linked.world
    store, box = services.store, services.secrets
    endpoint = await hooks.add_event_endpoint(
        store,
        clock,
        world.owner,
        receiver_url + "/status",
        [STATUS_CHANGED],
        box=box,
        allow_loopback=True,
    )
    receiver.set_secrets([hooks.current_secret(endpoint, box)])
    deliverer = Deliverer(
        store,
        clock,
        loopback_sender(http, box),
    )

    # The executor: the platform refuses the session mid-write → needs_relink.
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
        "status-1",
    )
    linked.platform.state.expire_sessions(linked.creator_id)
    assert (await approve_and_run(linked, action["id"]))["status"] == "failed"
    # The syncer meets the same refusal: no change, no event.
    await syncer.sync_account(services.syncing, world.workspace_id, linked.creator_id)
    # A relink writes a new session and `syncing` (service/linking/connect.py's move) …
    session = linked.platform.state.create_session(linked.creator_id).token
    async with store.transaction() as uow:
        before = await uow.accounts.get(world.workspace_id, linked.creator_id)
        await account_status.linked(
            uow,
            before,
            workspace_id=world.workspace_id,
            account_id=linked.creator_id,
            mode="live",
            values={"session_secret": box.seal(session), "linked_at": clock.now()},
            now=clock.now(),
        )
    # … and the syncer's first sync makes it healthy.
    await syncer.sync_account(services.syncing, world.workspace_id, linked.creator_id)

    await deliverer.run_once()
    got = sorted(receiver.wait_for(3), key=lambda r: r.json["sequence"])
    assert all(r.verified and r.standard_verified and r.event == STATUS_CHANGED for r in got)
    assert {r.path for r in got} == {"/status"}, "only the chosen event type was sent"
    changes = [r.json["data"] for r in got]
    assert [(c["previousStatus"], c["status"]) for c in changes] == [
        ("healthy", "needs_relink"),
        ("needs_relink", "syncing"),
        ("syncing", "healthy"),
    ]
    assert all(c["accountId"] == linked.creator_id for c in changes)
    assert changes[0]["statusReason"] and changes[2]["statusReason"] is None
    assert set(changes[0]) == {"accountId", "status", "previousStatus", "statusReason"}
    assert {r.json["mode"] for r in got} == {"live"}
    assert len(await status_events(store, world.workspace_id)) == 3
    validator = schema_validator(spec, "AccountStatusChangedEvent")  # as openapi.yaml says
    for received in got:
        validator.validate(received.json)


async def test_no_change_no_event_and_a_rollback_keeps_neither(store, clock):
    world = await build_world(store, clock)
    ws = world.workspace_id
    async with store.transaction() as uow:
        account = await uow.accounts.get(ws, world.live_account)
        assert account.status == "healthy"
        same = await account_status.synced(uow, account, clock.now())  # healthy → healthy
        stale = attrs.evolve(account, status="syncing")  # another writer moved it meanwhile
        lost = await account_status.platform_said(
            uow, stale, "restricted", "Restricted.", clock.now()
        )
        await uow.accounts.update(ws, account.id, writes_enabled=False)
    assert same is not None and lost is None
    assert await status_events(store, ws) == []

    with pytest.raises(RuntimeError):
        async with store.transaction() as uow:
            account = await uow.accounts.get(ws, world.live_account)
            await account_status.platform_said(
                uow, account, "restricted", "Restricted.", clock.now()
            )
            assert len(await status_events_in(uow, ws)) == 1
            raise RuntimeError("the change is rolled back")
    async with store.reading() as uow:
        assert (await uow.accounts.get(ws, world.live_account)).status == "healthy"
    assert await status_events(store, ws) == [], "no event without its change"


async def status_events_in(uow, workspace_id: str):
    return [e for e in await uow.events.list(workspace_id) if e.type == STATUS_CHANGED]


async def test_a_sandbox_accounts_change_goes_only_to_test_endpoints(
    store, clock, world, receiver, receiver_url, deliverer, box, spec
):
    live = await hooks.add_event_endpoint(
        store, clock, world.owner, receiver_url + "/live", box=box, allow_loopback=True
    )
    test = await hooks.add_event_endpoint(
        store,
        clock,
        attrs.evolve(world.owner, mode="test"),
        receiver_url + "/test",
        box=box,
        allow_loopback=True,
    )
    receiver.set_secrets([hooks.current_secret(live, box), hooks.current_secret(test, box)])
    sandbox = world.sandbox_accounts[0]
    async with store.transaction() as uow:
        before = await uow.accounts.get(world.workspace_id, sandbox)
        await account_status.platform_said(
            uow, before, "restricted", "Restricted by the platform.", clock.now()
        )
    assert await deliverer.run_once() == 1
    [got] = receiver.wait_for(1)
    assert (got.path, got.event, got.json["mode"]) == ("/test", STATUS_CHANGED, "test")
    assert got.json["data"] == {
        "accountId": sandbox,
        "status": "restricted",
        "previousStatus": before.status,
        "statusReason": "Restricted by the platform.",
    }
    schema_validator(spec, "AccountStatusChangedEvent").validate(got.json)
