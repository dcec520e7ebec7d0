"""Delivery as data: several deliverers never double-send, a killed worker loses nothing, a
failing delivery never delays the next (receivers order by `sequence`), and events reach only the
endpoints that want them."""

from __future__ import annotations

import asyncio

from service.webhooks.deliverer import Deliverer
from service.webhooks.delivery import LEASE, RETRY_GAPS
from service.webhooks.dispatch import dispatch_all
from service.webhooks.usecases import add_event_endpoint, current_secret, remove_endpoint
from storage.sql.store import SqlStore
from tests.webhooks_delivery.delivery_kit import add_event, deliveries_of, loopback_sender


async def test_two_deliverers_never_send_one_delivery_twice(
    store, clock, world, receiver, events_endpoint, http, database_url, box
):
    for i in range(40):
        await add_event(
            store, clock, world.workspace_id, "action.executed", f"acct{i % 8}", {"n": i}
        )
    other = SqlStore.from_url(database_url)  # a second "process": its own engine and pool
    try:
        workers = [
            Deliverer(
                store,
                clock,
                loopback_sender(http, box),
            ),
            Deliverer(
                other,
                clock,
                loopback_sender(http, box),
            ),
        ]
        counts = await asyncio.gather(*(w.run_once() for w in workers))
    finally:
        await other.close()
    assert sum(counts) == 40
    receiver.wait_for(40)
    assert len(receiver.received) == 40
    assert not [r for r in receiver.received if r.duplicate]
    assert {d.status for d in await deliveries_of(store, events_endpoint.id)} == {"succeeded"}


async def test_a_killed_worker_loses_nothing(
    store, clock, world, receiver, events_endpoint, http, box
):
    await add_event(store, clock, world.workspace_id, "link.failed", None, {"id": "lnk_1"})
    await dispatch_all(store, clock)
    [delivery] = await deliveries_of(store, events_endpoint.id)
    async with store.transaction() as uow:  # a worker claims it, then dies before sending
        assert await uow.deliveries.claim(
            delivery.id, "dead-worker", clock.now(), clock.now() + LEASE
        )
    survivor = Deliverer(
        store,
        clock,
        loopback_sender(http, box),
    )
    assert await survivor.run_once() == 0, "the lease is still held"
    clock.advance(seconds=LEASE.total_seconds() + 1)
    assert await survivor.run_once() == 1
    [got] = receiver.wait_for(1)
    assert got.delivery_id == delivery.id and got.event == "link.failed"


async def test_a_failing_delivery_does_not_delay_the_next(
    store, clock, world, receiver, events_endpoint, http, box
):
    """The receiver refuses one event; the same account's later events arrive at once, each
    with the sequence that orders them, and the refused one keeps its own retry schedule."""
    deliverer = Deliverer(
        store,
        clock,
        loopback_sender(http, box),
    )
    events = [
        await add_event(store, clock, world.workspace_id, "action.executed", "40001", {"n": i})
        for i in range(3)
    ]
    receiver.reject([events[0].id], 500)
    assert await deliverer.run_once() == 3, "every event is attempted at once"
    got = receiver.wait_for(2)
    assert sorted(r.json["data"]["n"] for r in got) == [1, 2]
    by_event = {d.event_id: d for d in await deliveries_of(store, events_endpoint.id)}
    refused = by_event[events[0].id]
    assert (refused.status, refused.attempts) == ("pending", 1)
    assert refused.next_attempt_at == clock.now() + RETRY_GAPS[0]
    assert [(by_event[e.id].status, by_event[e.id].attempts) for e in events[1:]] == [
        ("succeeded", 1),
        ("succeeded", 1),
    ], "nothing waited behind the refused event's retries"

    receiver.reject([])
    clock.advance(seconds=RETRY_GAPS[0].total_seconds())
    assert await deliverer.run_once() == 1
    everything = receiver.wait_for(3)
    assert everything[-1].json["id"] == events[0].id, "the refused event arrived last"
    in_order = sorted(everything, key=lambda r: r.json["sequence"])
    assert [r.json["data"]["n"] for r in in_order] == [0, 1, 2], "sequence gives event order"


async def test_events_go_only_where_they_are_wanted(
    store, clock, world, receiver, receiver_url, http, box
):
    only_links = await add_event_endpoint(
        store,
        clock,
        world.owner,
        receiver_url + "/links",
        ["link.failed"],
        box=box,
        allow_loopback=True,
    )
    gone = await add_event_endpoint(
        store, clock, world.owner, receiver_url + "/gone", box=box, allow_loopback=True
    )
    receiver.set_secrets([current_secret(only_links, box)])
    await remove_endpoint(store, clock, world.owner, gone.id)
    await add_event(store, clock, world.workspace_id, "action.executed", "40001", {"x": 1})
    await add_event(store, clock, world.workspace_id, "link.failed", None, {"x": 2})
    await add_event(store, clock, world.workspace_id, "transaction.observed", "40001", {"x": 3})
    await Deliverer(
        store,
        clock,
        loopback_sender(http, box),
    ).run_once()
    [got] = receiver.wait_for(1)
    assert (got.path, got.event) == ("/links", "link.failed")
    assert await deliveries_of(store, gone.id) == []
    assert len(receiver.received) == 1
