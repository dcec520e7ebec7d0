"""uvicorn --factory target: the least a live platform read through any service costs.

`GET /api/<path>` forwards to the platform named by BENCH_PLATFORM_URL with the caller's
`Authorization` through one shared httpx client (the service's own HTTP client library and
settings), and answers the platform's JSON wrapped as `{data, meta}`. No key, no database, no
validation, no budget: bench/platform_route.py's ceiling for the live route, as
bench/limit_app.py is for database reads.
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


def app() -> Starlette:
    base = os.environ["BENCH_PLATFORM_URL"].rstrip("/")
    holder: dict[str, httpx.AsyncClient] = {}

    async def forward(request: Request) -> Response:
        answer = await holder["client"].get(
            f"{base}/api/{request.path_params['path']}",
            params=dict(request.query_params),
            headers={"Authorization": request.headers.get("authorization", "")},
            timeout=httpx.Timeout(10.0),
        )
        body = {"data": answer.json(), "meta": {"source": "live"}}
        return Response(json.dumps(body), answer.status_code, media_type="application/json")

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with httpx.AsyncClient() as client:
            holder["client"] = client
            yield

    return Starlette(routes=[Route("/api/{path:path}", forward)], lifespan=lifespan)
