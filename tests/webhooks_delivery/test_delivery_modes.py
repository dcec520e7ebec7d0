"""Test mode never leaks into live: endpoints belong to one mode, test activity (test links,
test keys' actions, sandbox transactions) reaches only test endpoints and live activity only
live ones, and every delivered event says its `mode`."""

from __future__ import annotations

import attrs

from harness.receiver import Receiver, run_receiver_in_thread
from service.revenue.usecases import observe_transactions
from service.webhooks import usecases as hooks
from service.webhooks.deliverer import Deliverer
from tests.linking.hosted_link_kit import MIA, running
from tests.revenue.test_revenue_pull_api import platform_row
from tests.webhooks_delivery.delivery_kit import deliveries_of


def connected(record) -> bool:
    return record.accepted and record.event == "account.connected"


async def test_a_test_link_reaches_only_the_test_receiver_and_a_live_one_only_live(
    store, clock, settings
):
    live_rx, test_rx = (Receiver(clock=lambda: clock.now().timestamp()) for _ in range(2))
    with run_receiver_in_thread(live_rx) as live_url, run_receiver_in_thread(test_rx) as test_url:
        async with running(store, clock, settings) as env:
            box, owner = env.services.secrets, env.world.owner
            live = await hooks.add_event_endpoint(
                store, clock, owner, live_url + "/events", box=box, allow_loopback=True
            )
            test = await hooks.add_event_endpoint(
                store,
                clock,
                attrs.evolve(owner, mode="test"),
                test_url + "/events",
                box=box,
                allow_loopback=True,
            )
            assert (live.mode, test.mode) == ("live", "test")
            live_rx.set_secrets([hooks.current_secret(live, box)])
            test_rx.set_secrets([hooks.current_secret(test, box)])
            deliverer = Deliverer(store, clock, env.services.sender())

            sandbox_link = await env.new_link(key=env.world.test_key)
            assert "connected" in (await env.sign_in(sandbox_link, MIA)).text
            await deliverer.run_once()
            [got] = test_rx.wait_for(1, where=connected)
            assert got.json["mode"] == "test" and got.json["data"]["linkId"] == sandbox_link["id"]
            assert live_rx.received == [], "test activity never reaches a live endpoint"
            before = len(test_rx.received)  # the link's events (a relink also changes status)

            live_link = await env.new_link()
            assert "connected" in (await env.sign_in(live_link, MIA)).text
            await deliverer.run_once()
            [got] = live_rx.wait_for(1, where=connected)
            assert got.json["mode"] == "live" and got.json["data"]["linkId"] == live_link["id"]
            assert len(test_rx.received) == before, "live activity never reaches a test endpoint"
            assert {r.json["mode"] for r in live_rx.received} == {"live"}


async def test_sandbox_transactions_go_to_the_test_push_url_only(
    store, clock, world, receiver, receiver_url, push_endpoint, deliverer, box
):
    test_owner = attrs.evolve(world.owner, mode="test")
    test_push = await hooks.set_transaction_endpoint(
        store, clock, test_owner, receiver_url + "/test-push", box=box, allow_loopback=True
    )
    assert test_push.id != push_endpoint.id, "one push URL per mode"
    receiver.set_secrets(
        [hooks.current_secret(push_endpoint, box), hooks.current_secret(test_push, box)]
    )
    async with store.transaction() as uow:
        await observe_transactions(
            uow,
            clock.now(),
            world.workspace_id,
            world.sandbox_accounts[0],
            [platform_row("sandbox-1")],
        )
        await observe_transactions(
            uow, clock.now(), world.workspace_id, world.live_account, [platform_row("live-1")]
        )
    await deliverer.run_once()
    got = {r.path: r.json for r in receiver.wait_for(2)}
    assert got["/test-push"]["mode"] == "test" and got["/test-push"]["data"]["id"] == "sandbox-1"
    assert got["/push"]["mode"] == "live" and got["/push"]["data"]["id"] == "live-1"
    assert [d.event_id for d in await deliveries_of(store, push_endpoint.id)] != []
    assert [e.id for e in await hooks.list_endpoints(store, test_owner)] == [test_push.id]
    assert [e.id for e in await hooks.list_endpoints(store, world.owner)] == [push_endpoint.id]
