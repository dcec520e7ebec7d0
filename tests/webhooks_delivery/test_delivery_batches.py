"""The deliverer claims a batch per round and records the sends that finished together in one
transaction, within its bounds. A gated sender (a real Sender whose sends wait for the test to
open the gate) makes "finished together" exact instead of a matter of timing."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any, Literal

from service.webhooks.deliverer import Deliverer
from service.webhooks.delivery import MAX_ATTEMPTS
from service.webhooks.dispatch import dispatch_all
from service.webhooks.sender import Outcome, Sender
from tests.webhooks_delivery.delivery_kit import (
    add_event,
    deliveries_of,
    endpoint_now,
    loopback_sender,
)


class GatedSender(Sender):
    """Holds every send until `gate` opens, then answers each with `status`."""

    def __init__(self, *args: Any, expect: int, status: int = 200, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gate = asyncio.Event()
        self.waiting = 0
        self.peak = 0
        self.all_waiting = asyncio.Event()
        self.expect = expect
        self.status = status

    async def send(self, url: str, body: str, **kwargs: Any) -> Outcome:
        self.waiting += 1
        self.peak = max(self.peak, self.waiting)
        if self.waiting >= self.expect:
            self.all_waiting.set()
        await self.gate.wait()
        self.waiting -= 1
        return Outcome(self.status, "ok", 1, None)


class CountingStore:
    """The store, counting the write transactions it opens."""

    def __init__(self, store: Any) -> None:
        self.inner = store
        self.writes = 0

    def transaction(self) -> Any:
        self.writes += 1
        return self.inner.transaction()

    def reading(self) -> Any:
        return self.inner.reading()

    def single_statement(self) -> Any:
        self.writes += 1
        return self.inner.single_statement()


async def gated_round(store, clock, world, http, box, *, accounts: int, status: int = 200):
    for i in range(accounts):
        await add_event(store, clock, world.workspace_id, "action.executed", f"a{i}", {"n": i})
    await dispatch_all(store, clock)
    counting = CountingStore(store)
    sender = GatedSender(
        http,
        box=box,
        public_url="http://countersign.test",
        allow_loopback=True,
        expect=16,
        status=status,
    )
    deliverer = Deliverer(counting, clock, sender, per_endpoint=16)
    running = asyncio.create_task(deliverer.run_once())
    await asyncio.wait_for(sender.all_waiting.wait(), 10)
    claimed_in = counting.writes  # the outbox check (nothing left) and the claim
    sender.gate.set()
    sent = await asyncio.wait_for(running, 20)
    return sent, sender, counting.writes - claimed_in, claimed_in


async def test_sends_that_finish_together_are_recorded_in_one_transaction(
    store, clock, world, http, box, events_endpoint
):
    sent, sender, record_writes, claim_writes = await gated_round(
        store, clock, world, http, box, accounts=16
    )
    assert sent == 16 and sender.peak == 16
    assert claim_writes == 2, "one outbox transaction, one claim for all 16"
    assert record_writes == 1, "16 attempts, one transaction"
    deliveries = await deliveries_of(store, events_endpoint.id)
    assert {d.status for d in deliveries} == {"succeeded"} and len(deliveries) == 16
    async with store.reading() as uow:
        attempts = await uow.deliveries.last_attempts([d.id for d in deliveries])
    assert len(attempts) == 16 and {a.status_code for a in attempts.values()} == {200}
    assert all(d.claimed_by is None for d in deliveries)


async def test_an_endpoint_never_has_more_than_its_bound_in_flight(
    store, clock, world, http, box, events_endpoint
):
    sent, sender, _, _ = await gated_round(store, clock, world, http, box, accounts=20)
    assert sender.peak == 16, "20 due, 16 allowed at once"
    assert sent == 20
    assert {d.status for d in await deliveries_of(store, events_endpoint.id)} == {"succeeded"}


async def test_a_batch_of_failures_follows_the_schedule_and_marks_the_endpoint_failing(
    store, clock, world, http, box, events_endpoint
):
    await gated_round(store, clock, world, http, box, accounts=16, status=500)
    deliveries = await deliveries_of(store, events_endpoint.id)
    assert {(d.status, d.attempts) for d in deliveries} == {("pending", 1)}
    minutes = [5, 30, 60, 90]
    for n, gap in enumerate(minutes, start=2):
        clock.advance(minutes=gap - 1)
        failing = GatedSender(
            http,
            box=box,
            public_url="http://countersign.test",
            allow_loopback=True,
            expect=0,
            status=500,
        )
        failing.gate.set()
        assert await Deliverer(store, clock, failing).run_once() == 0, "not due yet"
        clock.advance(minutes=1)
        assert await Deliverer(store, clock, failing, per_endpoint=16).run_once() == 16
        deliveries = await deliveries_of(store, events_endpoint.id)
        expected = "failed" if n == MAX_ATTEMPTS else "pending"
        assert {(d.status, d.attempts) for d in deliveries} == {(expected, n)}
    endpoint = await endpoint_now(store, world.workspace_id, events_endpoint.id)
    assert endpoint.failing


class WatchedEvent(asyncio.Event):
    """An asyncio.Event that says when someone starts waiting on it."""

    def __init__(self) -> None:
        super().__init__()
        self.waited = asyncio.Event()

    async def wait(self) -> Literal[True]:
        self.waited.set()
        return await super().wait()


async def test_the_wakeup_sends_at_once_instead_of_at_the_next_poll(
    store, clock, world, receiver, events_endpoint, http, box
):
    wakeup = WatchedEvent()
    sender = loopback_sender(http, box)
    deliverer = Deliverer(store, clock, sender, idle_seconds=600, wakeup=wakeup)
    loop = asyncio.create_task(deliverer.run_forever())
    try:
        await asyncio.wait_for(wakeup.waited.wait(), 10)  # idle: nothing to send, next poll far
        await add_event(store, clock, world.workspace_id, "action.executed", "40001", {"n": 1})
        wakeup.set()
        [got] = await asyncio.to_thread(receiver.wait_for, 1, 10)
        assert got.event == "action.executed"
    finally:
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)


class FailingOnce(CountingStore):
    """The store, whose next write transaction fails at its end once `fail_next` is set."""

    fail_next = False

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        self.writes += 1
        async with self.inner.transaction() as uow:
            yield uow
            if self.fail_next:
                self.fail_next = False
                raise ConnectionError("the database went away at commit")


async def test_a_failed_batch_is_recorded_one_by_one(
    store, clock, world, http, box, events_endpoint
):
    for i in range(4):
        await add_event(store, clock, world.workspace_id, "action.executed", f"a{i}", {"n": i})
    flaky = FailingOnce(store)
    sender = GatedSender(
        http, box=box, public_url="http://countersign.test", allow_loopback=True, expect=4
    )
    running = asyncio.create_task(Deliverer(flaky, clock, sender).run_once())
    await asyncio.wait_for(sender.all_waiting.wait(), 10)
    flaky.fail_next = True  # the round recording all four rolls back
    sender.gate.set()
    assert await asyncio.wait_for(running, 20) == 4
    deliveries = await deliveries_of(store, events_endpoint.id)
    assert {d.status for d in deliveries} == {"succeeded"} and len(deliveries) == 4
    async with store.reading() as uow:
        for delivery in deliveries:
            assert len(await uow.deliveries.attempts(delivery.id)) == 1
