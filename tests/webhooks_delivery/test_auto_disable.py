"""Auto-disable on the injected clock, both drivers, real HTTP: an endpoint whose every attempt
has failed for COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS (5) or that answers 410 Gone is disabled
(with its reason), sends nothing more, logs later events as failed, and re-enabling it resends
what failed since the chosen time with the same delivery ids."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from service.errors.api_error import ApiError
from service.settings import Settings, SettingsError
from service.webhooks import usecases as hooks
from service.webhooks.deliverer import Deliverer
from tests.webhooks_delivery.delivery_kit import add_event, deliveries_of, endpoint_now


async def event(store, clock, world, n: int):
    return await add_event(store, clock, world.workspace_id, "link.failed", None, {"n": n})


async def test_an_endpoint_failing_for_five_days_is_disabled(
    store, clock, world, receiver, events_endpoint, deliverer
):
    receiver.set_mode("fail", 500)
    start = clock.now()
    for day in range(5):  # one event a day, every attempt of every one fails
        await event(store, clock, world, day)
        await deliverer.run_once()
        clock.advance(hours=23, minutes=59)
        await deliverer.run_once()  # the retries (within three hours) fail too
        now = await endpoint_now(store, world.workspace_id, events_endpoint.id)
        assert now.auto_disabled_at is None and now.failing_since == start
        clock.advance(minutes=1)
    # Five days after the first failure: the next failed attempt disables it.
    await event(store, clock, world, 5)
    await deliverer.run_once()
    disabled = await endpoint_now(store, world.workspace_id, events_endpoint.id)
    assert disabled.auto_disabled_at == clock.now()
    assert disabled.disabled_reason == "Every delivery failed for 5 days."
    assert disabled.failing is True
    [listed] = await hooks.list_endpoints(store, world.owner)  # still listed, with the reason
    assert listed.id == events_endpoint.id

    sent = len(receiver.received)
    later = await event(store, clock, world, 6)
    clock.advance(hours=3)
    assert await deliverer.run_once() == 0, "nothing is sent to a disabled endpoint"
    assert len(receiver.received) == sent
    deliveries = await deliveries_of(store, events_endpoint.id)
    assert {d.status for d in deliveries} == {"failed"}, "pending ones failed, new ones logged"
    [newest] = [d for d in deliveries if d.event_id == later.id]
    assert newest.attempts == 0


async def test_a_success_restarts_the_count(
    store, clock, world, receiver, events_endpoint, deliverer
):
    receiver.set_mode("fail", 500)
    await event(store, clock, world, 0)
    await deliverer.run_once()
    clock.advance(days=4)
    receiver.recover()
    await event(store, clock, world, 1)
    await deliverer.run_once()
    assert (await endpoint_now(store, world.workspace_id, events_endpoint.id)).failing_since is None
    receiver.set_mode("fail", 500)
    clock.advance(days=2)
    await event(store, clock, world, 2)
    await deliverer.run_once()
    now = await endpoint_now(store, world.workspace_id, events_endpoint.id)
    assert (now.auto_disabled_at, now.failing_since) == (None, clock.now())


async def test_the_setting_sets_the_days(store, clock, world, receiver, events_endpoint, sender):
    quick = Deliverer(store, clock, sender, disable_after=dt.timedelta(days=1))
    receiver.set_mode("fail", 503)
    await event(store, clock, world, 0)
    await quick.run_once()
    clock.advance(days=1)
    await event(store, clock, world, 1)
    await quick.run_once()
    disabled = await endpoint_now(store, world.workspace_id, events_endpoint.id)
    assert disabled.disabled_reason == "Every delivery failed for 1 days."
    assert Settings.from_env({}).webhook_disable_after_days == 5
    assert (
        Settings.from_env(
            {"COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS": "2"}
        ).webhook_disable_after_days
        == 2
    )
    with pytest.raises(SettingsError):
        Settings.from_env({"COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS": "0"})


async def test_410_gone_disables_at_once_and_only_that_endpoint(
    store, clock, world, receiver, receiver_url, events_endpoint, deliverer, box
):
    other = await hooks.add_event_endpoint(
        store,
        clock,
        world.owner,
        receiver_url + "/other",
        ["action.executed"],
        box=box,
        allow_loopback=True,
    )
    receiver.set_secrets(
        [hooks.current_secret(events_endpoint, box), hooks.current_secret(other, box)]
    )
    first = await event(store, clock, world, 0)  # link.failed: only the first endpoint
    receiver.reject([first.id], 410)
    await deliverer.run_once()
    gone = await endpoint_now(store, world.workspace_id, events_endpoint.id)
    assert gone.auto_disabled_at == clock.now()
    assert gone.disabled_reason == "The endpoint answered 410 Gone."
    [delivery] = await deliveries_of(store, events_endpoint.id)
    assert (delivery.status, delivery.attempts) == ("failed", 1), "410 is not retried"

    executed = await add_event(store, clock, world.workspace_id, "action.executed", "40001", {})
    assert await deliverer.run_once() == 1
    [got] = receiver.wait_for(1)
    assert (got.path, got.json["id"]) == ("/other", executed.id)
    assert (await endpoint_now(store, world.workspace_id, other.id)).auto_disabled_at is None
    assert {d.event_id: d.status for d in await deliveries_of(store, events_endpoint.id)} == {
        first.id: "failed",
        executed.id: "failed",
    }


async def test_enabling_resends_what_failed_since_the_chosen_time(
    store, clock, world, receiver, events_endpoint, deliverer
):
    before = await event(store, clock, world, 0)
    receiver.reject([before.id], 500)
    await deliverer.run_once()
    for _ in range(4):  # `before` runs out of attempts: failed
        clock.advance(hours=2)
        await deliverer.run_once()
    clock.advance(hours=1)
    since = clock.now()
    gone = await event(store, clock, world, 1)
    receiver.reject([gone.id], 410)
    await deliverer.run_once()  # disabled
    clock.advance(minutes=10)
    while_disabled = await event(store, clock, world, 2)
    await deliverer.run_once()
    receiver.reject([])
    receiver.clear()

    with pytest.raises(ApiError) as caught:
        await hooks.enable_endpoint(
            store,
            clock,
            attrs.evolve(world.owner, role="member"),
            events_endpoint.id,
            resend_since=since,
        )
    assert caught.value.code == "missing_permission"
    with pytest.raises(ApiError) as caught:
        await hooks.enable_endpoint(
            store,
            clock,
            world.owner,
            events_endpoint.id,
            resend_since=clock.now() + dt.timedelta(minutes=1),
        )
    assert (caught.value.code, caught.value.param) == ("invalid_parameter", "since")

    enabled, resent = await hooks.enable_endpoint(
        store, clock, world.owner, events_endpoint.id, resend_since=since
    )
    assert resent == 2 and enabled.auto_disabled_at is None and not enabled.failing
    assert enabled.failing_since is None and enabled.disabled_reason is None
    await deliverer.run_once()
    got = receiver.wait_for(2)
    assert sorted(r.json["id"] for r in got) == sorted([gone.id, while_disabled.id])
    by_event = {d.event_id: d for d in await deliveries_of(store, events_endpoint.id)}
    assert {r.delivery_id for r in got} == {by_event[gone.id].id, by_event[while_disabled.id].id}
    assert by_event[before.id].status == "failed", "failed before the chosen time: left alone"

    with pytest.raises(ApiError) as caught:  # enabled already
        await hooks.enable_endpoint(
            store, clock, world.owner, events_endpoint.id, resend_since=None
        )
    assert (caught.value.code, caught.value.param) == ("invalid_parameter", "endpoint")


async def test_enabling_without_resending(
    store, clock, world, receiver, events_endpoint, deliverer
):
    receiver.set_mode("fail", 410)
    await event(store, clock, world, 0)
    await deliverer.run_once()
    receiver.recover()
    [failed] = await deliveries_of(store, events_endpoint.id)
    with pytest.raises(ApiError) as caught:  # no redelivery to a disabled endpoint
        await hooks.redeliver(store, clock, world.owner, failed.id)
    assert "enable it first" in caught.value.message
    enabled, resent = await hooks.enable_endpoint(
        store, clock, world.owner, events_endpoint.id, resend_since=None
    )
    assert (resent, enabled.auto_disabled_at) == (0, None)
    assert await deliverer.run_once() == 0
    await event(store, clock, world, 1)
    assert await deliverer.run_once() == 1
    assert [r.json["data"]["n"] for r in receiver.wait_for(1)] == [1]


def test_the_since_field_is_parsed_as_utc():
    assert hooks.parse_since("2026-11-20T08:30") == dt.datetime(2026, 11, 20, 8, 30, tzinfo=dt.UTC)
    assert hooks.parse_since("") is None
    with pytest.raises(ApiError) as caught:
        hooks.parse_since("yesterday")
    assert caught.value.param == "since"
