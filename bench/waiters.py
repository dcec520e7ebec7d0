"""Benchmark: 1,000 clients long-polling `GET /v1/actions/{id}?wait=60` on one process.

    python -m bench.waiters [--driver sqlite|postgresql|both] [--waiters 1000] [--rounds 3]

The service runs in uvicorn on 127.0.0.1 inside this process (the approvals come from this
process too, through the use case the approve endpoint calls). Each round:

1. baseline: the p50 of a plain `GET /v1/actions/{id}` (no wait) on a fresh connection, the
   floor any answer costs on this machine, measured in the same round;
2. N waiters open a connection each and send `?wait=60`; once all N read their action and wait,
   the resident set size (RSS, this whole process: service and clients) is read, and the
   statements the store runs over one quiet second are counted (per waiter: the goal is 0);
3. every action is approved, one after another at `--rate` approvals per second (100: a busy
   team's batch decisions; 0 would be back to back, which on SQLite, whose statements run inline
   on the loop, starves the answers and measures the queue instead); for each, the time from the
   approval's commit (the use case returned) to its waiter's complete answer is the wake-up
   latency.

Each round runs in a fresh child process (RSS growth means nothing in a process that already
held the memory once); drivers take turns round after round. Reported per round and as the
median of rounds: wake-up p50/p95, its ratio to the plain GET
p50, RSS growth, statements per waiter while waiting. SQLite also reads `PRAGMA data_version`
every 0.1 s on one connection while anyone waits (per process, not per waiter; outside the
store, so not in the count).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from bench import quick
from harness.scratch import scratch_database
from service.actions.decisions import decide_action
from service.app import create_app
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.kit.passwords import Passwords
from service.settings import Settings
from service.workspaces.usecases import create_user, create_workspace
from storage.sql.driver.connection import Connection
from storage.sql.store import SqlStore

POSTGRES_ADMIN_URL = os.environ.get(
    "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
STATEMENTS = 0
ARRIVALS = 100


def _count_statements() -> None:
    """Count every statement the store runs (both drivers go through Connection)."""
    execute, raw = Connection.execute, Connection.exec_driver_sql

    async def counted_execute(self: Connection, *args: Any, **kwargs: Any) -> Any:
        global STATEMENTS
        STATEMENTS += 1
        return await execute(self, *args, **kwargs)

    async def counted_raw(self: Connection, *args: Any, **kwargs: Any) -> Any:
        global STATEMENTS
        STATEMENTS += 1
        return await raw(self, *args, **kwargs)

    Connection.execute = counted_execute  # type: ignore[method-assign]
    Connection.exec_driver_sql = counted_raw  # type: ignore[method-assign]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def get(port: int, path: str, key: str) -> float:
    """One request on a fresh connection; returns when the whole answer arrived."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {key}\r\n"
        "Connection: close\r\n\r\n".encode()
    )
    await writer.drain()
    body = await reader.read()
    done = time.perf_counter()
    writer.close()
    if b" 200 " not in body.split(b"\r\n", 1)[0]:
        raise SystemExit(f"{path}: {body[:300]!r}")
    return done


class _Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = asyncio.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.ready.set()


@contextlib.asynccontextmanager
async def served(database_url: str) -> AsyncIterator[tuple[Any, int]]:
    settings = Settings(
        database_url=database_url,
        secret_key="bench-secret",
        public_url="http://bench.test",
        run_workers=False,
        rate_limit=10**9,
        password_hashing="cheapest",
    )
    app = create_app(settings)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app, lifespan="on", log_level="warning", access_log=False, backlog=4096, loop="asyncio"
    )
    server = _Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    await server.ready.wait()
    try:
        yield app, port
    finally:
        server.should_exit = True
        await task
        sock.close()


async def world(database_url: str) -> tuple[str, str, Principal]:
    store = SqlStore.from_url(database_url)
    await store.migrate()
    clock = SystemClock()
    try:
        workspace = await create_workspace(store, clock, "Bench")
        operator = Principal.operator(workspace.id)
        user = await create_user(
            store,
            clock,
            operator,
            "o@bench.test",
            "Owner",
            "pw-bench-123",
            "owner",
            passwords=Passwords("cheapest"),
        )
        _, key = await create_key(
            store, clock, operator, name="bench", scopes=["read", "write"], mode="test"
        )
        async with store.reading() as uow:
            account = (await uow.accounts.list(workspace.id, mode="test"))[0].id
    finally:
        await store.close()
    return key, account, Principal.person(workspace.id, user, "owner", mode="test")


async def one_round(database_url: str, n: int, rate: float) -> dict[str, float]:
    key, account, owner = await world(database_url)
    async with served(database_url) as (app, port):
        services = app.state.services
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench.test") as c:
            ids = []
            for i in range(n + 20):
                r = await c.post(
                    f"/v1/accounts/{account}/actions",
                    json={"type": "send_message", "params": {"fanId": "1", "text": f"hi {i}"}},
                    headers={"Authorization": f"Bearer {key}", "Idempotency-Key": f"b{i}"},
                )
                assert r.status_code == 202, r.text
                ids.append(r.json()["data"]["id"])
        spare, ids = ids[:20], ids[20:]
        # Baseline: plain reads on fresh connections, the floor of any answer.
        plain = []
        for action_id in spare:
            start = time.perf_counter()
            plain.append(await get(port, f"/v1/actions/{action_id}", key) - start)
        # Warm the listener and the wait path once.
        await get(port, f"/v1/actions/{spare[0]}?wait=1", key)
        rss_before = rss_mb()
        waiters = services.waiters
        waits = {}
        # Agents arrive a hundred at a time: a burst of 1,000 new requests at once would find
        # the connection pool full (503, as for any request) before any of them waits.
        for start in range(0, n, ARRIVALS):
            for action_id in ids[start : start + ARRIVALS]:
                path = f"/v1/actions/{action_id}?wait=60"
                waits[action_id] = asyncio.create_task(get(port, path, key))
            while waiters.in_wait < len(waits):
                waiters.count_changed.clear()
                await waiters.count_changed.wait()
        rss_waiting = rss_mb()
        counted = STATEMENTS
        await asyncio.sleep(1.0)  # a quiet second with every waiter waiting
        quiet_statements = STATEMENTS - counted
        committed: dict[str, float] = {}
        loop = asyncio.get_running_loop()
        start = loop.time()
        for i, action_id in enumerate(ids):
            # Approvals arrive at a steady rate (a load pattern, not synchronisation): back to
            # back, SQLite's inline approvals would starve the answers and measure the queue.
            slot = start + i / rate - loop.time() if rate > 0 else 0.0
            if slot > 0:
                await asyncio.sleep(slot)
            await decide_action(
                services.store,
                services.clock,
                owner,
                action_id,
                approve=True,
                note=None,
                wake_executor=services.wake_executor,
            )
            committed[action_id] = time.perf_counter()
        answered = {action_id: await task for action_id, task in waits.items()}
    latencies = [(answered[i] - committed[i]) * 1000 for i in ids]
    plain_p50 = statistics.median(plain) * 1000
    return {
        "wake_p50_ms": statistics.median(latencies),
        "wake_p95_ms": pct(latencies, 0.95),
        "plain_get_p50_ms": plain_p50,
        "wake_over_plain_get": statistics.median(latencies) / plain_p50,
        "rss_growth_mb": rss_waiting - rss_before,
        "statements_per_waiter_quiet_second": quiet_statements / n,
        "statements_quiet_second": quiet_statements,
    }


@contextlib.contextmanager
def database(driver: str):
    if driver == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.db"
    else:
        with scratch_database(POSTGRES_ADMIN_URL, "cs_bench_wait") as url:
            yield url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.waiters")
    parser.add_argument("--driver", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--waiters", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--rate", type=float, default=100.0, help="approvals per second (default 100)"
    )
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = quick.parse(parser, argv, driver="sqlite", waiters=5, rounds=1)
    drivers = ["sqlite", "postgresql"] if args.driver == "both" else [args.driver]
    if args.one_round:  # a child process: RSS growth is only honest in a fresh process
        _count_statements()
        with database(drivers[0]) as url:
            print(json.dumps(asyncio.run(one_round(url, args.waiters, args.rate))))
        return 0
    results: dict[str, list[dict[str, float]]] = {d: [] for d in drivers}
    for _ in range(args.rounds):
        for driver in drivers:  # interleaved: drivers take turns, round after round
            child = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "bench.waiters",
                    "--one-round",
                    "--driver",
                    driver,
                    "--waiters",
                    str(args.waiters),
                    "--rate",
                    str(args.rate),
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            if child.returncode != 0:  # reported, not hidden: the round counts as failed
                print(driver, "round failed:", child.stderr.strip().splitlines()[-3:])
                continue
            results[driver].append(json.loads(child.stdout.strip().splitlines()[-1]))
            print(driver, json.dumps({k: round(v, 3) for k, v in results[driver][-1].items()}))
    report = {
        driver: {k: round(statistics.median(r[k] for r in rounds), 3) for k in rounds[0]}
        for driver, rounds in results.items()
    }
    print(json.dumps({"waiters": args.waiters, "rounds": args.rounds, **report}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
