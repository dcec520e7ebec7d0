"""Deliveries no endpoint can stall: one deadline for the whole attempt, at most 64 KiB of an
answer read, each delivery its own task, and the connection made to the address the SSRF guard
approved. Measured before this: a receiver dripping a byte every 5 s held a delivery 95 s, and
an unrelated event for another endpoint waited 92 s behind it."""

from __future__ import annotations

import asyncio
import time

from service.webhooks.deliverer import Deliverer
from service.webhooks.sender import BODY_LIMIT, RESPONSE_LIMIT
from service.webhooks.usecases import add_event_endpoint, current_secret
from tests.webhooks_delivery.bad_receivers import serving
from tests.webhooks_delivery.delivery_kit import add_event, deliveries_of, loopback_sender

DEADLINE = 1.0


async def one_attempt(store, clock, world, box, http, url: str):
    endpoint = await add_event_endpoint(
        store, clock, world.owner, url, box=box, allow_loopback=True
    )
    await add_event(store, clock, world.workspace_id, "action.executed", "40001", {"n": 1})
    started = time.monotonic()
    deliverer = Deliverer(
        store,
        clock,
        loopback_sender(http, box, timeout=DEADLINE),
    )
    assert await asyncio.wait_for(deliverer.run_once(), 20) == 1
    took = time.monotonic() - started
    [delivery] = await deliveries_of(store, endpoint.id)
    async with store.reading() as uow:
        [attempt] = await uow.deliveries.attempts(delivery.id)
    return attempt, took


async def test_a_dripping_receiver_ends_at_the_deadline(store, clock, world, box, http):
    async with serving("drip", drip_seconds=0.2) as (bad, url):
        attempt, took = await one_attempt(store, clock, world, box, http, url)
        await asyncio.wait_for(bad.hung_up.wait(), 5)
    assert took < DEADLINE + 3, "each byte arrived within any per-read timeout"
    assert attempt.status_code is None and "no complete answer within 1 s" in attempt.error
    assert attempt.duration_ms < (DEADLINE + 2) * 1000


async def test_a_receiver_that_never_answers_ends_at_the_deadline(store, clock, world, box, http):
    async with serving("silent") as (bad, url):
        attempt, took = await one_attempt(store, clock, world, box, http, url)
        await asyncio.wait_for(bad.hung_up.wait(), 5)
    assert bad.requests == 1 and took < DEADLINE + 3
    assert attempt.status_code is None and "no complete answer" in attempt.error


async def test_a_huge_answer_is_read_up_to_the_limit_and_dropped(store, clock, world, box, http):
    async with serving("huge") as (bad, url):
        attempt, _ = await one_attempt(store, clock, world, box, http, url)
        await asyncio.wait_for(bad.hung_up.wait(), 5)
    assert attempt.status_code == 200 and attempt.error is None
    assert attempt.response == "x" * RESPONSE_LIMIT, "the stored answer is truncated"
    # The sender stopped reading at 64 KiB and hung up: the receiver could write only what fits
    # in the socket buffers beside it, never its 400 MB.
    assert bad.written < 64 * BODY_LIMIT


async def test_a_stalled_endpoint_does_not_delay_another_endpoints_delivery(
    store, clock, world, box, http, receiver, events_endpoint
):
    async with serving("silent") as (bad, url):
        stalled = await add_event_endpoint(
            store, clock, world.owner, url, box=box, allow_loopback=True
        )
        deliverer = Deliverer(
            store,
            clock,
            loopback_sender(http, box, timeout=30),
            idle_seconds=0.2,
        )
        loop = asyncio.create_task(deliverer.run_forever())
        try:
            await add_event(store, clock, world.workspace_id, "action.executed", "40001", {})
            await asyncio.to_thread(receiver.wait_for, 1, 10)  # the healthy endpoint got it
            # The counter is bumped by the stalled server's thread: no asyncio event to await.
            while bad.requests < 1:  # noqa: ASYNC110 (the stalled endpoint holds its delivery)
                await asyncio.sleep(0.05)
            later = time.monotonic()
            await add_event(store, clock, world.workspace_id, "action.rejected", "40002", {})
            deliverer.wakeup.set()
            await asyncio.to_thread(receiver.wait_for, 2, 10)
            assert time.monotonic() - later < 3, "the new event waited behind the stalled send"
            held = await deliveries_of(store, stalled.id)
            assert {d.status for d in held} == {"pending"} and any(d.claimed_by for d in held)
        finally:
            loop.cancel()
            await asyncio.gather(loop, return_exceptions=True)
    assert events_endpoint.mode == stalled.mode == "live"


async def test_the_connection_goes_to_the_approved_address_without_a_second_lookup(
    store, clock, world, box, http, receiver, receiver_url
):
    lookups: list[str] = []

    async def resolver(host: str, port: int) -> list[str]:
        lookups.append(host)
        return ["127.0.0.1"] if host == "hooks.countersign-test.invalid" else [host]

    port = receiver_url.rsplit(":", 1)[1]
    url = f"http://hooks.countersign-test.invalid:{port}/pinned"
    endpoint = await add_event_endpoint(
        store, clock, world.owner, url, box=box, allow_loopback=True, resolver=resolver
    )
    receiver.set_secrets([current_secret(endpoint, box)])
    await add_event(store, clock, world.workspace_id, "action.executed", "40001", {})
    sender = loopback_sender(http, box, resolver=resolver)
    assert await Deliverer(store, clock, sender).run_once() == 1
    [got] = receiver.wait_for(1)
    # `.invalid` never resolves in DNS: the request arrived only because the sender connected
    # to the address the guard approved, keeping the real name in the Host header.
    assert got.path == "/pinned" and got.headers["host"] == f"hooks.countersign-test.invalid:{port}"
    assert lookups == ["hooks.countersign-test.invalid"] * 2  # when saved, and before the send
