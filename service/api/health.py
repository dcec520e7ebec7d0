"""`GET /healthz` for load balancers and operators: 200 while the database answers and the
expected number of workers are alive, 503 otherwise. The body says whether the platform is
reachable (never where or with what secrets) and what work is waiting: a down platform or a
backlog does not make this replica unhealthy (actions wait, reads answer from synced data), so
they are reported, not failed on. What to alert on: docs/operations.md."""

from __future__ import annotations

import logging
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse

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
