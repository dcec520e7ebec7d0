"""Patience with the platform: a send the platform surely never received (503/429
before reading it, a refused connection) leaves the action `approved` with its retry schedule
stored on the row, retried when due with growing delays (Retry-After honoured) until
COUNTERSIGN_EXECUTION_PATIENCE runs out; the kill switch and expiry still stop it. Fake platform
over real HTTP, an injected clock, both drivers."""

from __future__ import annotations

import datetime as dt

import attrs
import httpx
from prometheus_client.parser import text_string_to_metric_families

from service.actions.execution.executor import Executor
from service.actions.execution.retries import RetryPolicy
from service.app import create_app
from service.runtime.runner import executor_for
from storage.sql.store import SqlStore
from tests.dashboard.dashboard_helpers import sign_in
from tests.execution.test_executor import approve
from tests.execution.test_executor_failures import ROUTE, Pauses, message, read, set_account


def executor(services, patience: float | None = None) -> Executor:
    if patience is not None:
        settings = attrs.evolve(services.settings, execution_patience=patience)
        services = attrs.evolve(services, settings=settings)
    return executor_for(services, retry=RetryPolicy(jitter=Pauses()))


def due_in(clock, action) -> float:
    due = dt.datetime.fromisoformat(action["execution"]["nextAttemptAt"])
    return round((due - clock.now()).total_seconds(), 1)  # the API shows milliseconds


async def test_an_outage_then_recovery_sends_it_once(linked, clock):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503})  # the platform is down
    action_id = await message(linked, "outage-1")
    await approve(linked, action_id)
    assert await executor(linked.services).run_once() == 1
    first = await read(linked, action_id)
    assert first["status"] == "approved" and first["execution"]["attempts"] == 3
    assert due_in(clock, first) == 4  # 2 ** (3 - 1) seconds after three refused sends

    assert await executor(linked.services).run_once() == 0, "not claimed before it is due"
    await sign_in(linked.client)
    page = (await linked.client.get(f"/dashboard/actions/{action_id}")).text
    assert "Waiting for the platform" in page and "nothing was sent" in page
    assert "HTTP 503" in page and 'id="next-attempt"' in page
    clock.advance(seconds=4)
    await executor(linked.services).run_once()
    second = await read(linked, action_id)
    assert second["status"] == "approved" and second["execution"]["attempts"] == 6
    assert due_in(clock, second) == 32, "the delays grow"

    linked.platform.state.faults.clear()  # the platform is back
    clock.advance(seconds=32)
    await executor(linked.services).run_once()
    done = await read(linked, action_id)
    assert done["status"] == "executed" and done["result"]["messageId"]
    assert done["execution"]["attempts"] == 6 and done["execution"]["nextAttemptAt"] is None
    applied = [w for w in linked.writes() if w["applied"]]
    assert len(applied) == 1, "sent once"


async def test_delays_are_capped_at_a_minute_and_patience_ends_in_failure(linked, clock):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503})
    action_id = await message(linked, "outage-2")
    await approve(linked, action_id)
    delays = []
    while True:
        await executor(linked.services, patience=300).run_once()
        action = await read(linked, action_id)
        if action["status"] != "approved":
            break
        delays.append(due_in(clock, action))
        clock.advance(seconds=delays[-1])
    assert delays[:3] == [4, 32, 60] and max(delays) == 60
    assert sum(delays) == 300, "the last attempt runs when the patience ends"
    assert (action["status"], action["error"]["code"]) == ("failed", "platform_error")
    assert "Nothing was sent to the platform" in action["error"]["message"]
    assert "may have applied" not in action["error"]["message"]
    assert not any(w["applied"] for w in linked.writes())


async def test_the_schedule_survives_a_restart(linked, clock, database_url):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503, "times": 3})
    action_id = await message(linked, "restart-1")
    await approve(linked, action_id)
    await executor(linked.services).run_once()
    assert (await read(linked, action_id))["execution"]["attempts"] == 3

    # Another process: its own store on the same database, its own executor.
    other = SqlStore.from_url(database_url)
    try:
        restarted = attrs.evolve(linked.services, store=other)
        assert await executor(restarted).run_once() == 0, "the schedule is in the database"
        clock.advance(seconds=4)
        assert await executor(restarted).run_once() == 1
    finally:
        await other.close()
    done = await read(linked, action_id)
    assert done["status"] == "executed" and done["execution"]["attempts"] == 3


async def test_retry_after_is_honoured(linked, clock):
    linked.platform.state.faults.add({"route": ROUTE, "status": 429, "retryAfter": 120, "times": 1})
    action_id = await message(linked, "later-1")
    await approve(linked, action_id)
    await executor(linked.services).run_once()
    waiting = await read(linked, action_id)
    assert waiting["execution"]["attempts"] == 1, "no resend before the time it asked for"
    assert due_in(clock, waiting) == 120
    clock.advance(seconds=119)
    assert await executor(linked.services).run_once() == 0
    clock.advance(seconds=1)
    assert await executor(linked.services).run_once() == 1
    assert (await read(linked, action_id))["status"] == "executed"
    assert len(linked.writes()) == 2


async def test_switching_writes_off_during_retries_stops_it(linked, clock, store):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503})
    action_id = await message(linked, "switch-1")
    await approve(linked, action_id)
    await executor(linked.services).run_once()
    await set_account(linked, store, writes_enabled=False)
    linked.platform.state.faults.clear()
    clock.advance(seconds=4)
    await executor(linked.services).run_once()
    done = await read(linked, action_id)
    assert (done["status"], done["error"]["code"]) == ("failed", "writes_disabled")
    assert not any(w["applied"] for w in linked.writes())


async def test_expiry_stops_it(linked, clock):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503})
    action_id = await message(linked, "expiry-1")
    clock.advance(hours=23, minutes=59, seconds=50)  # approved just before its expiry
    await approve(linked, action_id)
    await executor(linked.services).run_once()  # 4 s later is still inside
    clock.advance(seconds=4)
    await executor(linked.services).run_once()  # 32 s later would be past it
    done = await read(linked, action_id)
    assert done["status"] == "failed" and "expired" in done["error"]["message"]
    assert "Nothing was sent to the platform" in done["error"]["message"]


async def retrying_reported(linked, clock) -> tuple[int, float]:
    """What /healthz and /metrics say about approved actions waiting for the platform."""
    health = (await linked.client.get("/healthz")).json()["backlog"]["approvedActionsRetrying"]
    settings = attrs.evolve(linked.services.settings, metrics_token="retry-metrics")
    app = create_app(settings, store=linked.services.store, clock=clock)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t"
    ) as scraper:
        text = (
            await scraper.get("/metrics", headers={"Authorization": "Bearer retry-metrics"})
        ).text
    [gauge] = [
        s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "countersign_approved_actions_retrying"
    ]
    return health, gauge


async def test_health_and_metrics_count_actions_waiting_for_the_platform(linked, clock):
    assert await retrying_reported(linked, clock) == (0, 0)
    linked.platform.state.faults.add({"route": ROUTE, "status": 503})
    action_id = await message(linked, "reported-1")
    await approve(linked, action_id)
    await executor(linked.services).run_once()
    assert (await read(linked, action_id))["status"] == "approved"
    assert await retrying_reported(linked, clock) == (1, 1)

    linked.platform.state.faults.clear()
    clock.advance(seconds=4)
    await executor(linked.services).run_once()
    assert (await read(linked, action_id))["status"] == "executed"
    assert await retrying_reported(linked, clock) == (0, 0)
