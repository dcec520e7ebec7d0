"""Scheduled runs (`runAt`): checked at creation, part of the idempotency fingerprint, open for
approval until then, run at `runAt` and not before, on one executor only, after a restart too,
and cancelled cleanly. Fake platform over real HTTP; the clock is moved by hand."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from service.actions import lifecycle
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.app import build_services, outgoing_http
from service.domain.clock import isoformat
from service.runtime.runner import executor_for
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.execution.test_executor import a_fan, approve, creator

HOUR = dt.timedelta(hours=1)


def message(linked, text="<p>Friday night set</p>"):
    return {"type": "send_message", "params": {"fanId": a_fan(linked), "text": text}}


async def post(linked, body, key):
    return await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json=body,
        headers={**linked.world.auth(), "Idempotency-Key": key},
    )


async def schedule(linked, key="s1", at=None):
    run_at = at or linked.services.clock.now() + 2 * HOUR
    response = await post(linked, {**message(linked), "runAt": isoformat(run_at)}, key)
    assert response.status_code == 202, response.text
    return response.json()["data"]


async def read(linked, action_id):
    response = await linked.client.get(f"/v1/actions/{action_id}", headers=linked.world.auth())
    return response.json()["data"]


async def test_run_at_is_checked_at_creation(linked):
    now = linked.services.clock.now()
    refused = {
        "past": isoformat(now - dt.timedelta(seconds=1)),
        "now": isoformat(now),
        "beyond 30 days": isoformat(now + dt.timedelta(days=30, seconds=1)),
        "no time zone": "2026-12-01T20:00:00",
        "a date only": "2026-12-01",
        "not a time": "Friday 8 pm",
        "a number": 1798000000,
        "null": None,
        # ISO 8601 forms that are not RFC 3339
        "a week date": "2026-W50-2T10:00:00Z",
        "an offset without colon": "2026-12-01T20:00:00+0530",
        "an offset with seconds": "2026-12-01T20:00:00+05:30:15",
        "a comma fraction": "2026-12-01T20:00:00,5Z",
        "a trailing space": "2026-12-01T20:00:00Z ",
        "a leading space": " 2026-12-01T20:00:00Z",
        "a space for T": "2026-12-01 20:00:00Z",
    }
    for i, value in enumerate(refused.values()):
        response = await post(linked, {**message(linked), "runAt": value}, f"bad{i}")
        assert response.status_code == 400, (value, response.text)
        error = response.json()["error"]
        assert (error["code"], error["param"]) == ("invalid_parameter", "runAt"), value
    furthest = await schedule(linked, "edge", now + dt.timedelta(days=30))
    assert furthest["runAt"] == isoformat(now + dt.timedelta(days=30))
    assert linked.writes() == []


async def test_a_scheduled_action_is_open_until_run_at_and_unscheduled_ones_say_null(linked):
    now = linked.services.clock.now()
    action = await schedule(linked, at=now + 3 * HOUR)
    assert action["status"] == "pending"
    assert action["runAt"] == action["expiresAt"] == isoformat(now + 3 * HOUR)
    plain = await post(linked, message(linked), "plain")
    assert plain.json()["data"]["runAt"] is None
    assert plain.json()["data"]["expiresAt"] == isoformat(now + dt.timedelta(hours=24))


async def test_run_at_is_part_of_the_fingerprint(linked):
    now = linked.services.clock.now()
    first = await schedule(linked, "fp", now + 2 * HOUR)
    # The same instant written with another offset is the same request: a replay.
    same = (now + 2 * HOUR).astimezone(dt.timezone(dt.timedelta(hours=2))).isoformat()
    replay = await post(linked, {**message(linked), "runAt": same}, "fp")
    assert replay.status_code == 202 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.json()["data"]["id"] == first["id"]
    for body in (
        {**message(linked), "runAt": isoformat(now + 3 * HOUR)},
        message(linked),  # the same write, unscheduled, is another request
    ):
        conflict = await post(linked, body, "fp")
        assert conflict.status_code == 409
        assert conflict.json()["error"]["code"] == "idempotency_conflict"
    # A retry after its runAt passed is still answered as before, not refused as past.
    linked.services.clock.advance(hours=3)
    late = await post(linked, {**message(linked), "runAt": isoformat(now + 2 * HOUR)}, "fp")
    assert late.status_code == 202 and late.json()["data"]["id"] == first["id"]
    assert late.json()["data"]["status"] == "expired"


async def test_still_pending_at_run_at_it_expires_and_never_runs(linked):
    services = linked.services
    action = await schedule(linked)
    services.clock.advance(hours=2, seconds=-1)
    assert (await read(linked, action["id"]))["status"] == "pending"
    services.clock.advance(seconds=1)
    expired = await lifecycle.expire_due(services.store, services.clock.now())
    assert expired == [action["id"]]
    assert (await read(linked, action["id"]))["status"] == "expired"
    assert await executor_for(services).run_once() == 0
    assert linked.writes() == []


async def test_approved_it_waits_and_runs_at_run_at(linked):
    services = linked.services
    action = await schedule(linked)
    plain = (await post(linked, message(linked, "<p>now</p>"), "plain")).json()["data"]
    await approve(linked, action["id"])
    services.clock.advance(minutes=30)
    await approve(linked, plain["id"])  # approved later, but due now: it runs first
    executor = executor_for(services)
    assert await executor.run_once() == 1
    assert (await read(linked, plain["id"]))["status"] == "executed"
    waiting = await read(linked, action["id"])
    assert waiting["status"] == "approved" and waiting["executedAt"] is None
    # The executor sleeps no later than the schedule (an hour and a half away), at most its poll.
    assert await executor.until_due(7200) == pytest.approx(90 * 60, abs=1)
    assert await executor.until_due(5) == 5
    services.clock.advance(minutes=90, seconds=-1)
    assert await executor.run_once() == 0
    services.clock.advance(seconds=1)
    assert await executor.until_due(5) == 5  # nothing ahead any more
    assert await executor.run_once() == 1
    done = await read(linked, action["id"])
    assert done["status"] == "executed" and done["executedAt"] == isoformat(services.clock.now())
    assert len(linked.writes()) == 2


async def test_cancelled_once_approved_it_never_runs(linked):
    services = linked.services
    action = await schedule(linked)
    await approve(linked, action["id"])
    response = await linked.client.post(
        f"/v1/actions/{action['id']}/cancel", json={}, headers=linked.world.auth()
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"]["status"] == "cancelled"
    assert response.json()["data"]["runAt"] == action["runAt"]
    services.clock.advance(hours=3)
    executor = executor_for(services)
    assert await executor.until_due(5) == 5
    assert await executor.run_once() == 0
    assert linked.writes() == []


async def test_a_schedule_survives_a_restart(linked, database_url, fake_platform):
    """The schedule is the row: a new service instance over the same database (a restart, or
    another replica) runs it at runAt, and its timer is armed from the database."""
    action = await schedule(linked)
    await approve(linked, action["id"])
    clock = linked.services.clock
    settings = Settings(
        database_url=database_url,
        secret_key="test-secret",
        run_workers=False,
        public_url="http://countersign.test",
        platform_url=fake_platform.base_url,
    )
    restarted = build_services(settings, store=SqlStore.from_url(database_url), clock=clock)
    try:
        async with outgoing_http(restarted):
            executor = executor_for(restarted)
            assert await executor.until_due(9000) == pytest.approx(2 * 3600, abs=1)
            assert await executor.run_once() == 0
            clock.advance(hours=2)
            assert await executor.run_once() == 1
    finally:
        await restarted.store.close()
    done = await read(linked, action["id"])
    assert done["status"] == "executed"
    sent = creator(linked).find_message(done["result"]["messageId"])
    assert sent is not None and sent.text == "<p>Friday night set</p>"
    assert len(linked.writes()) == 1


async def test_two_replicas_never_run_a_schedule_twice(postgres_url, clock, fake_platform):
    """Two service instances (two engines, as two processes) on PostgreSQL, both claiming the
    moment the schedules fall due: each action is sent exactly once."""
    from service.actions.creation import create_action
    from service.actions.decisions import decide_action
    from service.http.auth import principal_for_key
    from tests.factories import build_world, empty_every_table
    from tests.platform_world import link_creator

    settings = Settings(
        database_url=postgres_url,
        secret_key="replicas",
        run_workers=False,
        public_url="http://countersign.test",
        platform_url=fake_platform.base_url,
    )
    replicas = [
        build_services(settings, store=SqlStore.from_url(postgres_url), clock=clock)
        for _ in range(2)
    ]
    await empty_every_table(replicas[0].store)
    try:
        api = replicas[0]
        world = await build_world(api.store, clock)
        linked = await link_creator(api, fake_platform, world.workspace_id, clock)
        key = await principal_for_key(api.store, clock, world.live_key)
        fans = list(fake_platform.state.creator(linked.user_id).fans)[:6]
        run_at = clock.now() + HOUR
        for i, fan in enumerate(fans):
            created = await create_action(
                api.store,
                clock,
                key,
                linked.user_id,
                f"r{i}",
                "send_message",
                {"fanId": fan, "text": f"<p>{i}</p>"},
                run_at=isoformat(run_at),
            )
            await decide_action(
                api.store,
                clock,
                world.owner,
                created.action.id,
                approve=True,
                note=None,
                wake_executor=lambda: None,
            )
        before = len(fake_platform.state.writes_for())
        clock.advance(hours=1)
        async with outgoing_http(replicas[0]), outgoing_http(replicas[1]):
            counts = await asyncio.gather(
                *[executor_for(r, f"replica{i}").run_once() for i, r in enumerate(replicas)]
            )
        assert sum(counts) == len(fans)
        assert len(fake_platform.state.writes_for()) - before == len(fans)
    finally:
        for services in replicas:
            await services.store.close()


async def test_approved_by_an_allowance_it_still_waits_for_run_at(linked):
    """An allowance approves at creation; the schedule still holds until runAt."""
    services = linked.services
    allowance = {"types": ["send_message"], "approvals": 0, "approvers": "members"}
    await set_account_policy(
        services.store,
        services.clock,
        linked.world.owner,
        linked.creator_id,
        parse_rules([allowance | {"maxPerDay": 10}]),
    )
    action = await schedule(linked, "allowed")
    assert action["status"] == "approved" and action["decidedBy"]["kind"] == "policy"
    executor = executor_for(services)
    assert await executor.run_once() == 0
    services.clock.advance(hours=2)
    assert await executor.run_once() == 1
    assert (await read(linked, action["id"]))["status"] == "executed"
