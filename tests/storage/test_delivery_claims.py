"""The deliverer's batch claim and its lease-holder-only finish, on both drivers: one conditional
UPDATE claims several due deliveries at once, each for one worker only, a retrying delivery never
holds back the next one of the same endpoint and account, and a lapsed lease makes a delivery
claimable again with the same id."""

from __future__ import annotations

import asyncio
import datetime as dt

from service.domain.ids import new_id
from service.webhooks.models import Delivery, DeliveryAttempt, WebhookEndpoint
from storage.sql.store import SqlStore
from tests.factories import build_world

LEASE = dt.timedelta(seconds=60)


async def endpoint_with_deliveries(store, clock, keys: list[str | None]) -> list[Delivery]:
    """One endpoint and a pending delivery per entry of `keys` (a label: its account), in order."""
    world = await build_world(store, clock)
    now = clock.now()
    endpoint = WebhookEndpoint(
        id=new_id("whe_"),
        workspace_id=world.workspace_id,
        kind="events",
        mode="live",
        url="https://hooks.example.com/",
        secrets=[],
        event_types=None,
        failing=False,
        created_at=now,
    )
    made = [
        Delivery(
            id=new_id("dlv_"),
            endpoint_id=endpoint.id,
            workspace_id=world.workspace_id,
            event_id=new_id("evt_"),
            event_type="action.executed",
            status="pending",
            attempts=0,
            next_attempt_at=now,
            claimed_by=None,
            claimed_until=None,
            created_at=now,
            seq=n + 1,
        )
        for n, _label in enumerate(keys)
    ]
    async with store.transaction() as uow:
        await uow.webhooks.add(endpoint)
        for delivery in made:
            await uow.deliveries.add(delivery)
    return made


async def claim_many(store, clock, ids: list[str], worker: str) -> set[str]:
    now = clock.now()
    async with store.transaction() as uow:
        claimed = await uow.deliveries.claim_many(ids, worker, now, now + LEASE)
    assert all(c.claimed_by == worker and c.claimed_until == now + LEASE for c in claimed)
    return {c.id for c in claimed}


async def test_a_batch_claim_takes_only_what_is_claimable(store, clock):
    a1, a2, b1, free = await endpoint_with_deliveries(store, clock, ["e:a", "e:a", "e:b", None])
    assert await claim_many(store, clock, [a1.id, a2.id, b1.id], "w1") == {a1.id, a2.id, b1.id}
    assert await claim_many(store, clock, [a1.id, b1.id, free.id], "w2") == {free.id}
    assert await claim_many(store, clock, [], "w2") == set()
    async with store.reading() as uow:
        assert await uow.deliveries.due(clock.now(), 10) == []


async def test_a_lapsed_lease_lets_another_worker_take_the_same_delivery(store, clock):
    [delivery] = await endpoint_with_deliveries(store, clock, ["e:a"])
    assert await claim_many(store, clock, [delivery.id], "dead") == {delivery.id}
    clock.advance(seconds=LEASE.total_seconds() - 1)
    assert await claim_many(store, clock, [delivery.id], "next") == set()
    clock.advance(seconds=2)
    assert await claim_many(store, clock, [delivery.id], "next") == {delivery.id}
    async with store.transaction() as uow:  # the dead worker's late outcome is not written
        common = {"status": "succeeded", "attempts": 1, "next_attempt_at": None}
        assert await uow.deliveries.finish(delivery.id, "dead", **common) is None
        done = await uow.deliveries.finish(delivery.id, "next", **common)
    assert done is not None and (done.status, done.attempts, done.claimed_by) == (
        "succeeded",
        1,
        None,
    )


async def test_concurrent_batch_claims_never_share_a_delivery(store, clock, database_url):
    made = await endpoint_with_deliveries(store, clock, [f"e:{n}" for n in range(30)])
    ids = [d.id for d in made]
    other = SqlStore.from_url(database_url)  # a second "process": its own engine and pool
    try:
        now = clock.now()

        async def claim(on, worker: str) -> set[str]:
            async with on.transaction() as uow:
                got = await uow.deliveries.claim_many(ids, worker, now, now + LEASE)
            return {c.id for c in got}

        first, second = await asyncio.gather(claim(store, "w1"), claim(other, "w2"))
    finally:
        await other.close()
    assert not first & second
    assert first | second == set(ids)


async def test_a_retrying_delivery_does_not_hold_back_the_next(store, clock):
    """Both were one account's events to one endpoint (they once shared an ordering key)."""
    a1, a2 = await endpoint_with_deliveries(store, clock, ["e:a", "e:a"])

    async def due() -> list[str]:
        async with store.reading() as uow:
            return [i for i, _ in await uow.deliveries.due(clock.now(), 10)]

    assert await claim_many(store, clock, [a1.id], "w1") == {a1.id}
    async with store.transaction() as uow:
        retry = await uow.deliveries.finish(
            a1.id, "w1", status="pending", attempts=1, next_attempt_at=clock.now() + LEASE
        )
    assert retry is not None and retry.claimed_by is None and retry.attempts == 1
    assert await due() == [a2.id], "a1 waits for its retry; a2 does not wait for a1"
    assert await claim_many(store, clock, [a2.id], "w2") == {a2.id}
    clock.advance(seconds=LEASE.total_seconds())
    assert await due() == [a1.id]


async def test_succeed_many_finishes_only_the_leases_the_worker_holds(store, clock):
    mine, other, lapsed, fourth = await endpoint_with_deliveries(
        store, clock, ["e:a", "e:b", "e:c", "e:a"]
    )
    assert await claim_many(store, clock, [mine.id, lapsed.id], "w1") == {mine.id, lapsed.id}
    assert await claim_many(store, clock, [other.id], "w2") == {other.id}
    clock.advance(seconds=LEASE.total_seconds() + 1)
    assert await claim_many(store, clock, [lapsed.id], "w3") == {lapsed.id}
    async with store.transaction() as uow:
        done = await uow.deliveries.succeed_many([mine.id, other.id, lapsed.id], "w1")
        assert await uow.deliveries.succeed_many([], "w1") == []
    assert [(d.id, d.status, d.attempts, d.claimed_by, d.next_attempt_at) for d in done] == [
        (mine.id, "succeeded", 1, None, None)
    ]
    async with store.reading() as uow:
        assert (await uow.deliveries.get(other.id)).claimed_by == "w2"
        assert (await uow.deliveries.get(lapsed.id)).claimed_by == "w3"
        # w2's lease lapsed with the clock: due again; the fourth was never claimed.
        due = [i for i, _ in await uow.deliveries.due(clock.now(), 10)]
        assert due == [other.id, fourth.id]


async def test_a_rounds_attempts_are_written_in_one_call(store, clock):
    first, second = await endpoint_with_deliveries(store, clock, [None, None])
    attempts = [
        DeliveryAttempt(
            id=new_id("att_"),
            delivery_id=delivery.id,
            attempted_at=clock.now(),
            status_code=code,
            response="ok" if code == 200 else None,
            duration_ms=12,
            error=None if code == 200 else "connection refused",
        )
        for delivery, code in ((first, 200), (second, None))
    ]
    async with store.transaction() as uow:
        await uow.deliveries.add_attempts([])  # a round with nothing to record
        await uow.deliveries.add_attempts(attempts)
    async with store.reading() as uow:
        assert await uow.deliveries.attempts(first.id) == [attempts[0]]
        assert await uow.deliveries.attempts(second.id) == [attempts[1]]
