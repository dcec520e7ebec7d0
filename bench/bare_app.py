"""The baseline: bare Starlette routes returning the exact JSON bodies the real endpoints return.

The bodies come from the file named by BENCH_BODIES (written by api_throughput.py after seeding),
so the baseline pays the same serialisation and bytes-on-the-wire as the service.
"""

from __future__ import annotations

import json
import os

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


def app() -> Starlette:
    with open(os.environ["BENCH_BODIES"]) as f:
        bodies = json.load(f)

    def route(name: str, status: int = 200):
        async def handler(request: Request) -> JSONResponse:
            await request.body()
            return JSONResponse(bodies[name], status_code=status)

        return handler

    return Starlette(
        routes=[
            Route("/bare/get", route("get"), methods=["GET"]),
            Route("/bare/list", route("list"), methods=["GET"]),
            Route("/bare/create", route("create", 202), methods=["POST"]),
        ]
    )
