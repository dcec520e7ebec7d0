"""CPU time per synced read, in process: `GET .../chats/{fanId}/messages?limit=50` through the
service's ASGI app with no server and no client, four reads at a time, timed with
time.process_time() (this process's own CPU, which other processes' load barely moves).

    python -m bench.synced_reads_cpu [--databases sqlite,postgres] [--reads 2000] [--profile]

Seeds like bench/synced_reads.py. `--profile` prints cProfile's top functions by own time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import statistics
import sys
import time

from bench import quick
from bench.api_throughput import database, seed
from bench.hot_path import loadavg, service_env
from bench.synced_reads import add_messages


async def drive(app, path: str, key: str, reads: int, concurrency: int = 4) -> tuple[int, int]:
    """Runs `reads` GETs; the status counts (2xx, other)."""
    raw_path, _, query = path.partition("?")
    headers = [(b"host", b"bench"), (b"authorization", f"Bearer {key}".encode())]
    ok = bad = 0

    async def one() -> None:
        nonlocal ok, bad
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": raw_path,
            "raw_path": raw_path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 1),
            "server": ("bench", 80),
        }
        status = 0

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]

        await app(scope, receive, send)
        if 200 <= status < 300:
            ok += 1
        else:
            bad += 1

    async def worker(n: int) -> None:
        for _ in range(n):
            await one()

    await asyncio.gather(*(worker(reads // concurrency) for _ in range(concurrency)))
    return ok, bad


async def measure(url: str, reads: int, profile: bool) -> dict:
    seeded = await seed(url, 10)
    fan_id = await add_messages(url, seeded["account"])
    path = f"/v1/accounts/{seeded['account']}/chats/{fan_id}/messages?limit=50"
    os.environ.update(service_env(url))
    from service.app import create_app
    from service.settings import Settings

    app = create_app(Settings.from_env())
    async with app.router.lifespan_context(app):
        await drive(app, path, seeded["key"], 200)  # warm-up: pools, caches, statements
        rounds = []
        for _ in range(3):
            started = time.process_time()
            _ok, bad = await drive(app, path, seeded["key"], reads)
            rounds.append((time.process_time() - started) / reads * 1e6)
            assert bad == 0, f"{bad} non-2xx answers"
        if profile:
            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            await drive(app, path, seeded["key"], reads)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(35)
            pstats.Stats(profiler).sort_stats("cumtime").print_stats(45)
    return {"us": statistics.median(rounds), "rounds": rounds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--reads", type=int, default=2000)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, databases="sqlite", reads=20)
    for kind in args.databases.split(","):
        with database(kind, args.postgres_admin_url) as url:
            result = asyncio.run(measure(url, args.reads, args.profile))
        rounds = " / ".join(f"{x:.0f}" for x in result["rounds"])
        print(f"{kind:8} CPU per read {result['us']:.0f} us (rounds {rounds}); load {loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
