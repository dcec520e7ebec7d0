"""The live platform route against calling the fake platform directly, in one run.

    python -m bench.platform_route [--rounds 3] [--duration 5] [--connections 16]
                                   [--latency-ms 0]

Starts the fake platform (`harness.platform`) and the service (`bench/service_app.py`, SQLite,
workers off, the per-key rate limit and the platform budget raised out of the way) as two
uvicorn processes, links the platform's creator `mia` to a live account, then for each round
and read runs wrk against `GET /v1/accounts/{id}/platform/<path>` (the service, which calls the
platform) and against `GET {platform}/api/<path>` (the platform itself), rotating which goes
first. Two more sides run `bench/platform_proxy_app.py`, the ceiling of any live read through
a Python service: it only forwards the call (no key, database, validation or budget), once
with the aiohttp session the service's platform calls use (`proxy`) and once with an
httpx.AsyncClient (`httpx proxy`, the client the service used before). Prints the median req/s
of each side and the medians of the per-round ratios (route/direct, the issue's target >= 0.6,
and route/proxy). Needs `wrk` (apt-get install -y wrk).

`--latency-ms N` makes the fake platform answer every call N ms late (an injected delay fault
on every route), as a real platform does (tens of ms); the issue's comparison is the default,
0: the platform answering from memory at once.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import statistics
import sys
from contextlib import ExitStack

import httpx

from bench.api_throughput import SECRET, database, server, wrk
from bench.hot_path import loadavg
from service.accounts.model import Account
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.kit.crypto import SecretBox
from service.workspaces.usecases import create_workspace
from storage.migrate import migrate
from storage.sql.store import SqlStore

READS = {"users/me": "GET /users/me", "chats?limit=10": "GET /chats?limit=10"}


async def seed(url: str, creator_id: str, username: str, token: str) -> str:
    """A workspace, a live read key and the creator linked with its platform session."""
    store = SqlStore.from_url(url)
    await migrate(store.engine)
    clock = SystemClock()
    try:
        workspace = await create_workspace(store, clock, "Bench agency")
        _, key = await create_key(
            store, clock, Principal.operator(workspace.id), name="b", scopes=["read"], mode="live"
        )
        now = dt.datetime.now(dt.UTC)
        async with store.transaction() as uow:
            await uow.accounts.add(
                Account(
                    workspace_id=workspace.id,
                    id=creator_id,
                    mode="live",
                    username=username,
                    name=None,
                    avatar_url=None,
                    status="healthy",
                    status_reason=None,
                    writes_enabled=False,
                    linked_at=now,
                    last_synced_at=now,
                    session_secret=SecretBox(SECRET).seal(token),
                )
            )
    finally:
        await store.close()
    return key


def ratios(side: list[float], base: list[float]) -> str:
    """The median of the per-round ratios, then each round's."""
    each = [a / b for a, b in zip(side, base, strict=True)]
    return f"{statistics.median(each):.2f} ({', '.join(f'{r:.2f}' for r in each)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--latency-ms", type=int, default=0)
    args = parser.parse_args(argv)
    failed = 0
    with ExitStack() as stack:
        url = stack.enter_context(database("sqlite", ""))
        platform = stack.enter_context(server("harness.platform:create_platform_app", {}))
        mia = next(
            c
            for c in httpx.get(f"{platform}/_control/creators").json()["list"]
            if c["email"] == "mia@creators.test"
        )
        token = httpx.post(f"{platform}/_control/creators/{mia['userId']}/sessions").json()["token"]
        key = asyncio.run(seed(url, mia["userId"], mia["username"], token))
        service = stack.enter_context(
            server(
                "bench.service_app:app",
                {
                    "COUNTERSIGN_DATABASE_URL": url,
                    "COUNTERSIGN_SECRET_KEY": SECRET,
                    "COUNTERSIGN_PLATFORM_URL": platform,
                    "COUNTERSIGN_RATE_LIMIT": "1000000000",
                    "COUNTERSIGN_PLATFORM_BUDGET": "1000000000",
                    "COUNTERSIGN_RUN_WORKERS": "false",
                    "COUNTERSIGN_VALIDATE_RESPONSES": "false",
                    "COUNTERSIGN_PUBLIC_URL": "http://bench.invalid",
                },
            )
        )
        proxy, httpx_proxy = (
            stack.enter_context(
                server(
                    "bench.platform_proxy_app:app",
                    {"BENCH_PLATFORM_URL": platform, "BENCH_CLIENT": client},
                )
            )
            for client in ("aiohttp", "httpx")
        )
        sides = {
            "route": (service, f"/v1/accounts/{mia['userId']}/platform/", key),
            "direct": (platform, "/api/", token),
            "proxy": (proxy, "/api/", token),
            "httpx proxy": (httpx_proxy, "/api/", token),
        }
        for path in READS:  # both sides answer the same data before anything is timed
            via = httpx.get(
                f"{service}{sides['route'][1]}{path}", headers={"Authorization": f"Bearer {key}"}
            )
            direct = httpx.get(
                f"{platform}/api/{path}", headers={"Authorization": f"Bearer {token}"}
            )
            assert via.status_code == 200 and via.json()["data"] == direct.json(), via.text
        if args.latency_ms:  # after the check above, which would wait for it
            late = {"route": "*", "delayMs": args.latency_ms}
            httpx.post(f"{platform}/_control/faults", json=late).raise_for_status()
        results: dict[str, dict[str, list[float]]] = {
            p: {side: [] for side in sides} for p in READS
        }
        for number in range(args.rounds):
            print(f"round {number + 1} (load {loadavg()})", file=sys.stderr)
            for path in READS:
                order = list(sides)[number % len(sides) :] + list(sides)[: number % len(sides)]
                for side in order:
                    base, prefix, secret = sides[side]
                    wrk(base, "get.lua", [prefix + path, secret], 1, args.connections)
                    run = wrk(
                        base, "get.lua", [prefix + path, secret], args.duration, args.connections
                    )
                    failed += run["errors"]
                    results[path][side].append(run["rps"])
    print(
        f"\nplatform latency {args.latency_ms} ms; wrk -t1 -c{args.connections} "
        f"-d{args.duration}s; {args.rounds} rounds\n"
    )
    print(
        "| read | live route req/s | platform direct req/s | proxy (aiohttp) req/s | "
        "httpx proxy req/s | route/direct (rounds) | proxy/direct (rounds) | "
        "httpx proxy/direct (rounds) | route/proxy (rounds) |"
    )
    print("|---|---:|---:|---:|---:|---|---|---|---|")
    for path, label in READS.items():
        route, direct, via, old = (
            results[path][side] for side in ("route", "direct", "proxy", "httpx proxy")
        )
        print(
            f"| {label} | {statistics.median(route):.0f} | {statistics.median(direct):.0f} | "
            f"{statistics.median(via):.0f} | {statistics.median(old):.0f} | "
            f"{ratios(route, direct)} | {ratios(via, direct)} | {ratios(old, direct)} | "
            f"{ratios(route, via)} |"
        )
    if failed:
        print(f"{failed} requests failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
