"""`GET /healthz` for load balancers and operators: 200 while the database answers and the
expected number of workers are alive, 503 otherwise. The body says whether the platform is
reachable (never where or with what secrets) and what work is waiting: a down platform or a
backlog does not make this replica unhealthy (actions wait, reads answer from synced data), so
they are reported, not failed on. What to alert on: docs/operations.md."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Iterator
from typing import Any

import httpx
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from service.domain.clock import isoformat
from service.operations.usecases import PROBE_TIMEOUT, Observation, observe
from service.services import Services

log = logging.getLogger("countersign.health")


async def healthz(request: Request) -> JSONResponse:
    services = request.app.state.services
    observed = await _observe(services)
    body: dict[str, Any] = {
        "status": "ok",
        "database": "ok" if observed else "unavailable",
        "platform": await _platform(services),
    }
    if observed is None:
        body["status"] = "unavailable"
    else:
        body["workers"] = workers(observed)
        body["backlog"] = backlog(observed)
        if not observed.workers_ok:
            body["status"] = "unavailable"
    return JSONResponse(
        body,
        status_code=200 if body["status"] == "ok" else 503,
        headers={"Cache-Control": "no-store"},
    )


async def _observe(services: Services) -> Observation | None:
    try:
        return await observe(services.store, services.clock, services.settings.workers_expected)
    except Exception:
        log.warning("health check: the database did not answer", exc_info=True)
        return None


def workers(observed: Observation) -> dict[str, Any]:
    return {
        "expected": observed.workers_expected,
        "alive": len(observed.alive),
        "stopped": [
            {"id": h.id, "host": h.host, "pid": h.pid, "lastBeatAt": isoformat(h.beat_at)}
            for h in observed.stopped
        ],
    }


def backlog(observed: Observation) -> dict[str, Any]:
    b = observed.backlog
    return {
        "oldestUndeliveredEventAgeSeconds": observed.oldest_undelivered_age,
        "pendingDeliveries": b.pending_deliveries,
        "approvedActionsWaiting": b.approved_waiting,
        "approvedActionsRetrying": b.approved_retrying,
        "executingActions": b.executing,
        "failingEndpoints": b.failing_endpoints,
        "accountsNeedingRelink": b.accounts_by_status.get("needs_relink", 0),
    }


async def _platform(services: Services) -> dict[str, Any]:
    url = services.settings.platform_url
    if not url:
        return {"configured": False, "reachable": False}
    try:
        if services.http.is_open:
            await services.http.client.get(url, timeout=PROBE_TIMEOUT)
        else:  # an app run without its lifespan (tests) has no shared client
            async with httpx.AsyncClient() as http:
                await http.get(url, timeout=PROBE_TIMEOUT)
    except httpx.HTTPError:
        return {"configured": True, "reachable": False}
    return {"configured": True, "reachable": True}  # any HTTP answer means it is up


log = logging.getLogger("countersign.metrics")


async def metrics(request: Request) -> Response:
    services = request.app.state.services
    token = services.settings.metrics_token
    if not token:
        raise HTTPException(404)
    sent = request.headers.get("authorization", "")
    if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
        return Response(
            "a valid metrics token is required: Authorization: Bearer <COUNTERSIGN_METRICS_TOKEN>\n",
            status_code=401,
            media_type="text/plain",
            headers={"WWW-Authenticate": 'Bearer realm="metrics"'},
        )
    from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

    try:
        observed: Observation | None = await observe(
            services.store, services.clock, services.settings.workers_expected
        )
    except Exception:
        log.warning("metrics: the database did not answer", exc_info=True)
        observed = None
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Snapshot(observed, waiting=len(services.waiters)))
    return Response(
        generate_latest(registry),
        media_type=CONTENT_TYPE_LATEST,
        headers={"Cache-Control": "no-store"},
    )


class _Snapshot:
    """A collector over one observation (prometheus-client's custom-collector pattern)."""

    def __init__(self, observed: Observation | None, *, waiting: int) -> None:
        self.observed = observed
        self.waiting = waiting

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        def gauge(name: str, doc: str, value: float) -> GaugeMetricFamily:
            return GaugeMetricFamily(f"countersign_{name}", doc, value=value)

        o = self.observed
        yield gauge(
            "waiting_requests",
            "Clients waiting on this replica (`?wait=`, wait_for_action): a stop answers them "
            "at once with the action as it stands.",
            self.waiting,
        )
        yield gauge("database_up", "1 when the database answered this scrape.", o is not None)
        if o is None:
            return
        yield gauge("workers_expected", "Worker processes expected alive.", o.workers_expected)
        yield gauge("workers_alive", "Worker processes with a fresh heartbeat.", len(o.alive))
        yield gauge(
            "workers_stopped", "Worker processes whose heartbeat went stale.", len(o.stopped)
        )
        age = o.oldest_undelivered_age
        yield gauge(
            "oldest_undelivered_event_age_seconds",
            "Age of the oldest event not yet delivered to every endpoint (0 when none).",
            age or 0.0,
        )
        b = o.backlog
        yield gauge(
            "pending_deliveries", "Webhook deliveries not yet finished.", b.pending_deliveries
        )
        yield gauge(
            "approved_actions_waiting",
            "Approved actions no executor has claimed.",
            b.approved_waiting,
        )
        yield gauge(
            "approved_actions_retrying",
            "Approved actions waiting for the platform: it refused their send, a retry is "
            "scheduled (COUNTERSIGN_EXECUTION_PATIENCE).",
            b.approved_retrying,
        )
        yield gauge("executing_actions", "Actions being executed now.", b.executing)
        yield gauge(
            "failing_webhook_endpoints",
            "Enabled webhook endpoints whose last delivery failed.",
            b.failing_endpoints,
        )
        yield gauge(
            "sync_lists_continuing",
            "Platform lists (an account's fans or revenue rows) longer than one sync's page cap "
            "(COUNTERSIGN_SYNC_MAX_PAGES): each goes on from where it stopped next round.",
            b.sync_lists_continuing,
        )
        accounts = GaugeMetricFamily(
            "countersign_accounts", "Linked accounts by status.", labels=["status"]
        )
        for status, count in sorted(b.accounts_by_status.items()):
            accounts.add_metric([status], count)
        yield accounts
