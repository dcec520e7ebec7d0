"""Webhook retries over real HTTP (docs/webhooks.md): retries on the documented schedule, then
failed; the endpoint fails until a delivery succeeds again; timeouts count as failures; attempts
are rows."""

from __future__ import annotations

import datetime as dt

from service.revenue.usecases import observe_transactions
from service.webhooks.deliverer import Deliverer
from service.webhooks.delivery import RETRY_GAPS
from tests.revenue.test_revenue_pull_api import platform_row
from tests.webhooks_delivery.delivery_kit import deliveries_of, endpoint_now, loopback_sender


async def observe(store, clock, world, rows):
    async with store.transaction() as uow:
        return await observe_transactions(uow, clock.now(), world.workspace_id, "40001", rows)


def test_schedule_matches_openapi_text():
    from service.http.spec import OpenApiDocument

    text = OpenApiDocument().document["components"]["schemas"]["EventEnvelope"]["description"]
    assert "four more times, waiting 5 minutes, 30 minutes, 1 hour and 1.5 hours" in text.replace(
        "\n", " "
    )
    assert (
        dt.timedelta(minutes=5),
        dt.timedelta(minutes=30),
        dt.timedelta(hours=1),
        dt.timedelta(minutes=90),
    ) == RETRY_GAPS


async def test_receiver_down_for_the_whole_schedule(
    store, clock, world, receiver, push_endpoint, deliverer
):
    receiver.set_mode("fail", 503)
    await observe(store, clock, world, [platform_row("t1")])
    start = clock.now()
    assert await deliverer.run_once() == 1
    for gap in RETRY_GAPS:
        clock.advance(seconds=gap.total_seconds() - 1)
        assert await deliverer.run_once() == 0, "sent before its time"
        clock.advance(seconds=1)
        assert await deliverer.run_once() == 1
    clock.advance(days=2)
    assert await deliverer.run_once() == 0
    [delivery] = await deliveries_of(store, push_endpoint.id)
    assert (delivery.status, delivery.attempts) == ("failed", 5)
    async with store.reading() as uow:
        attempts = await uow.deliveries.attempts(delivery.id)
    assert [a.status_code for a in attempts] == [503] * 5
    offsets = [a.attempted_at - start for a in attempts]
    assert offsets == [
        dt.timedelta(0),
        dt.timedelta(minutes=5),
        dt.timedelta(minutes=35),
        dt.timedelta(minutes=95),
        dt.timedelta(minutes=185),
    ]
    assert all(a.response and a.duration_ms >= 0 for a in attempts)
    received = receiver.wait_for(5, where=lambda r: r.verified)
    assert {r.delivery_id for r in received} == {delivery.id}
    assert (await endpoint_now(store, world.workspace_id, push_endpoint.id)).failing is True

    receiver.recover()
    await observe(store, clock, world, [platform_row("t2")])
    assert await deliverer.run_once() == 1
    assert (await endpoint_now(store, world.workspace_id, push_endpoint.id)).failing is False
    assert [r.json["data"]["id"] for r in receiver.deliveries] == ["t2"]


async def test_a_retry_that_succeeds_keeps_the_endpoint_healthy(
    store, clock, world, receiver, push_endpoint, deliverer
):
    receiver.set_mode("fail", 500)
    await observe(store, clock, world, [platform_row("t1")])
    await deliverer.run_once()
    receiver.recover()
    clock.advance(minutes=5)
    assert await deliverer.run_once() == 1
    [delivery] = await deliveries_of(store, push_endpoint.id)
    assert (delivery.status, delivery.attempts) == ("succeeded", 2)
    assert (await endpoint_now(store, world.workspace_id, push_endpoint.id)).failing is False
    [first, second] = receiver.wait_for(2, where=lambda r: r.verified)
    assert first.delivery_id == second.delivery_id and first.body == second.body


async def test_a_hanging_receiver_times_out_and_is_retried(
    store, clock, world, receiver, push_endpoint, http, box
):
    quick = Deliverer(
        store,
        clock,
        loopback_sender(http, box, timeout=0.3),
    )
    receiver.set_mode("hang")
    await observe(store, clock, world, [platform_row("t1")])
    assert await quick.run_once() == 1
    [delivery] = await deliveries_of(store, push_endpoint.id)
    async with store.reading() as uow:
        [attempt] = await uow.deliveries.attempts(delivery.id)
    assert attempt.status_code is None and "no complete answer within" in attempt.error
    assert (delivery.status, delivery.next_attempt_at) == ("pending", clock.now() + RETRY_GAPS[0])
