"""/healthz and /metrics: worker liveness from heartbeats shared in the database, the
backlogs, and the Prometheus text behind a bearer token. Both drivers, the clock moved by hand."""

from __future__ import annotations

import httpx
from attrs import evolve
from prometheus_client.parser import text_string_to_metric_families

from service.actions.decisions import decide_action
from service.app import create_app, outgoing_http
from service.runtime.runner import run_workers
from service.webhooks.dispatch import dispatch_all
from tests.factories import add_live_account

MESSAGE = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hi</p>"}}
TOKEN = "metrics-token-for-tests"


async def test_healthz_is_503_until_a_worker_beats_and_after_it_stops(client, app, clock):
    services = app.state.services
    alone = await client.get("/healthz")
    assert alone.status_code == 503
    assert alone.json()["workers"] == {"expected": 1, "alive": 0, "stopped": []}

    async with run_workers(services, enabled=True):
        running = await client.get("/healthz")
        assert running.status_code == 200, running.json()
        assert running.json()["status"] == "ok"
        assert running.json()["workers"]["alive"] == 1
        # Three missed beats on the shared clock: the worker counts as stopped.
        clock.advance(seconds=46)
        stale = await client.get("/healthz")
        assert stale.status_code == 503
        assert stale.json()["workers"]["alive"] == 0
        assert len(stale.json()["workers"]["stopped"]) == 1
        clock.advance(seconds=-46)

    # A clean stop removes its heartbeat: nothing alive, nothing reported stopped.
    gone = await client.get("/healthz")
    assert gone.status_code == 503
    assert gone.json()["workers"] == {"expected": 1, "alive": 0, "stopped": []}


async def test_a_started_worker_beats_next_a_full_period_later(client, app, clock):
    """The beat written before the loops start is the first; the heartbeat loop waits a
    period before its next one, so a clock moved past three periods finds the worker stale
    however the loops' first writes are scheduled."""
    async with run_workers(app.state.services, enabled=True):
        clock.advance(seconds=46)
        # Several reads, so the loops' first writes have run by the last of them.
        for _ in range(5):
            stale = await client.get("/healthz")
            assert stale.status_code == 503, stale.json()
            assert len(stale.json()["workers"]["stopped"]) == 1
        clock.advance(seconds=-46)


async def test_no_worker_expected_means_healthy_without_one(settings, store, clock):
    app = create_app(evolve(settings, workers_expected=0), store=store, clock=clock)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://t"
    ) as client:
        response = await client.get("/healthz")
    assert response.status_code == 200 and response.json()["workers"]["alive"] == 0


async def test_healthz_reports_backlogs(
    client, app, store, clock, world, events_endpoint, receiver
):
    created = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json=MESSAGE,
        headers={**world.auth(), "Idempotency-Key": "a"},
    )
    await decide_action(
        store,
        clock,
        world.owner,
        created.json()["data"]["id"],
        approve=True,
        note=None,
        wake_executor=lambda: None,
    )
    await dispatch_all(store, clock)
    await add_live_account(
        store, clock, world.workspace_id, "40002", "relinker", status="needs_relink"
    )
    async with store.transaction() as uow:
        await uow.webhooks.set_failing(events_endpoint.id, True)
    clock.advance(seconds=90)
    backlog = (await client.get("/healthz")).json()["backlog"]
    assert backlog == {
        "oldestUndeliveredEventAgeSeconds": 90.0,
        "pendingDeliveries": 2,  # action.created and action.approved, to the one endpoint
        "approvedActionsWaiting": 1,
        "approvedActionsRetrying": 0,  # approved, not refused by the platform yet
        "executingActions": 0,
        "failingEndpoints": 1,
        "accountsNeedingRelink": 1,
    }


async def test_metrics_are_off_without_a_token(client):
    response = await client.get("/metrics")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "route_not_found"


async def test_metrics_need_the_bearer_token_and_report_in_prometheus_format(
    settings, store, clock, world
):
    app = create_app(evolve(settings, metrics_token=TOKEN), store=store, clock=clock)
    async with (
        outgoing_http(app.state.services),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client,
    ):
        for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": TOKEN}):
            refused = await client.get("/metrics", headers=headers)
            assert refused.status_code == 401
            assert refused.headers["www-authenticate"].startswith("Bearer")
        async with run_workers(app.state.services, enabled=True):
            response = await client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(response.text)
        for s in family.samples
    }
    assert samples[("countersign_database_up", ())] == 1
    assert samples[("countersign_workers_alive", ())] == 1
    assert samples[("countersign_workers_expected", ())] == 1
    assert samples[("countersign_approved_actions_waiting", ())] == 0
    assert samples[("countersign_approved_actions_retrying", ())] == 0
    assert samples[("countersign_accounts", (("status", "healthy"),))] >= 1


async def test_an_endpoint_whose_deliveries_are_being_retried_counts_as_failing(
    settings, store, clock, world, events_endpoint, receiver, deliverer
):
    """The receiver refuses every delivery: its endpoint counts as failing from the first
    failed attempt (retries take hours), not only once a delivery ran out of them; one success
    ends it."""
    app = create_app(evolve(settings, metrics_token=TOKEN), store=store, clock=clock)

    async def failing() -> tuple[int, float]:
        health = (await client.get("/healthz")).json()["backlog"]["failingEndpoints"]
        scraped = await client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        [metric] = [
            s.value
            for family in text_string_to_metric_families(scraped.text)
            for s in family.samples
            if s.name == "countersign_failing_webhook_endpoints"
        ]
        return health, metric

    async with (
        outgoing_http(app.state.services),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client,
    ):
        receiver.set_mode("fail", 503)
        for n in range(3):
            made = await client.post(
                f"/v1/accounts/{world.live_account}/actions",
                json=MESSAGE,
                headers={**world.auth(), "Idempotency-Key": f"k{n}"},
            )
            assert made.status_code == 202, made.text
        await dispatch_all(store, clock)
        assert await failing() == (0, 0)  # nothing attempted yet
        assert await deliverer.run_once() == 3
        assert await failing() == (1, 1)  # three deliveries waiting to be retried
        receiver.set_mode("ok")
        clock.advance(minutes=5)
        assert await deliverer.run_once() == 3
        assert await failing() == (0, 0)
