"""`GET /healthz` for load balancers and operators: 200 while the database answers, 503 when it
does not. The body says whether the platform is reachable, never where or with what secrets:
a down platform does not make this replica unhealthy (actions wait, reads answer from synced
data), so it is reported, not failed on."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse

log = logging.getLogger("countersign.health")
PROBE_TIMEOUT = 2.0


async def healthz(request: Request) -> JSONResponse:
    services = request.app.state.services
    database = await _database(services)
    body: dict[str, Any] = {
        "status": "ok" if database == "ok" else "unavailable",
        "database": database,
        "platform": await _platform(services),
    }
    return JSONResponse(
        body, status_code=200 if database == "ok" else 503, headers={"Cache-Control": "no-store"}
    )


async def _database(services: Any) -> str:
    try:
        async with asyncio.timeout(PROBE_TIMEOUT), services.store.reading() as uow:
            await uow.workspaces.get("healthz")
    except Exception:
        log.warning("health check: the database did not answer", exc_info=True)
        return "unavailable"
    return "ok"


async def _platform(services: Any) -> dict[str, Any]:
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
