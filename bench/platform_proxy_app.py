"""uvicorn --factory target: the least a live platform read through any service costs.

`GET /api/<path>` forwards to the platform named by BENCH_PLATFORM_URL with the caller's
`Authorization` through one shared HTTP client, and answers the platform's JSON wrapped as
`{data, meta}`. No key, no database, no validation, no budget: bench/platform_route.py's
ceiling for the live route, as bench/limit_app.py is for database reads.

BENCH_CLIENT picks the client: `aiohttp` (the default: the session the service's platform calls
go through, `service.kit.outgoing_http.platform_session()`) or `httpx` (an `httpx.AsyncClient`, what
the service used before; kept to show what the client alone costs).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from service.kit.outgoing_http import platform_session


def app() -> Starlette:
    base = os.environ["BENCH_PLATFORM_URL"].rstrip("/")
    client = os.environ.get("BENCH_CLIENT", "aiohttp")
    holder: dict[str, object] = {}

    async def forward(request: Request) -> Response:
        url = f"{base}/api/{request.path_params['path']}"
        params = dict(request.query_params)
        headers = {"Authorization": request.headers.get("authorization", "")}
        if client == "httpx":
            answer = await holder["client"].get(  # type: ignore[attr-defined]
                url, params=params, headers=headers, timeout=httpx.Timeout(10.0)
            )
            status, content = answer.status_code, answer.content
        else:
            async with holder["client"].get(url, params=params, headers=headers) as answer:  # type: ignore[attr-defined]
                status, content = answer.status, await answer.read()
        body = {"data": json.loads(content), "meta": {"source": "live"}}
        return Response(json.dumps(body), status, media_type="application/json")

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        if client == "httpx":
            async with httpx.AsyncClient() as http:
                holder["client"] = http
                yield
        else:
            async with platform_session() as session:
                holder["client"] = session
                yield

    return Starlette(routes=[Route("/api/{path:path}", forward)], lifespan=lifespan)
