"""bench.scale's reads over HTTP (`--through http`): the service run by uvicorn in a process of
its own, as `countersign serve` runs it (the product's uvicorn options, uvloop where installed),
listening on 127.0.0.1 on a port the system picks, against the seeded database; each read a
`GET /v1/...` from an httpx client with a live key of the workspace. What a user's request
costs, the socket, HTTP parsing and the other process included.

The server: `python -m bench.scale_http DATABASE_URL` prints `port N` once it listens. No
workers and no rate limit (the bench's requests would trip it); its clock is the seed's time, as
the store's reads are, so no action is overdue with no expirer running.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from bench.scale_api import api_paths, live_key
from bench.scale_seed import ACCOUNT, CHAT, NOW
from bench.scale_stall import NOWHERE
from storage.sql.store import SqlStore

Read = Callable[[], Awaitable[Any]]
READY_SECONDS = 60.0
"""How long the server may take to start listening."""


def _requesting(client: httpx.AsyncClient, path: str) -> Read:
    async def read() -> Any:
        response = await client.get(path)
        if response.status_code != 200:
            raise SystemExit(f"GET {path}: {response.status_code} {response.text[:300]!r}")
        return response.content

    return read


async def http_reads(
    url: str, store: SqlStore, s: dict[str, Any]
) -> tuple[dict[str, Read], Read, Callable[[], Awaitable[None]]]:
    """The server started on the seeded database: the reads of `api_paths`, the slowest read
    the API allows (bench/scale_stall.py's, as a request), and a stop."""
    key = await live_key(store, s["ws"])
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.scale_http",
        url,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert server.stdout is not None
    line = await asyncio.wait_for(server.stdout.readline(), READY_SECONDS)
    if not line.startswith(b"port "):
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    client = httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{int(line.split()[1])}",
        headers={"authorization": f"Bearer {key}"},
        timeout=300,
    )
    reads = {name: _requesting(client, path) for name, path in api_paths(s).items()}
    slow = _requesting(client, f"/v1/accounts/{ACCOUNT}/chats/{CHAT}/messages?search={NOWHERE}")

    async def stop() -> None:
        await client.aclose()
        server.terminate()
        await server.wait()

    return reads, slow, stop


def serve(url: str) -> None:
    """Serve the app on a port of 127.0.0.1 the system picks, printing it once listening."""
    import uvicorn

    from bench.in_process import bench_settings
    from service.app import create_app
    from service.cli.console import run_event_loop
    from service.domain.clock import ManualClock
    from service.runtime.serving import Server, uvicorn_options

    settings = bench_settings(url)
    app = create_app(settings, clock=ManualClock(NOW))
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.bind(("127.0.0.1", 0))
    listening.listen(2048)  # a client may connect at once: uvicorn accepts what queued
    config = uvicorn.Config(
        app, log_level="warning", proxy_headers=False, **uvicorn_options(settings)
    )
    server = Server(config, on_stop=app.state.on_stop)

    async def run() -> None:
        config.load()  # the app built and wrapped before the port is announced
        print(f"port {listening.getsockname()[1]}", flush=True)
        await server.serve(sockets=[listening])

    run_event_loop(run())


if __name__ == "__main__":
    serve(sys.argv[1])
