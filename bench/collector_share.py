"""The garbage collector's share of the service's CPU under load, tuned for serving
(service/runtime/heap.py) and with CPython's defaults, side by side in one run.

    python -m bench.collector_share [--rounds 5] [--duration 5] [--databases sqlite,postgres]

Two servers of this tree under the same uvicorn flags as bench/hot_path.py, on one seeded
database: `serving` as the service runs, `default` with the heap given back to the collector
and CPython's thresholds as soon as start-up ends (what the service did before). Each records its collections and their
CPU time (gc.callbacks, time.thread_time) and answers them at `/_bench/collector`. For each
round, endpoint and server (each goes first in turn), wrk runs for `--duration` seconds; the
table gives, per request, the collector's µs by generation, the process's CPU µs and req/s
(medians), and serving ÷ default paired by round.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import ExitStack
from typing import Any

import httpx

from bench.api_throughput import LABELS, PIDS, cpu_seconds, database, seed, server, wrk
from bench.hot_path import ENDPOINTS, loadavg, paths_of, service_env

SIDES = ("serving", "default")
CPYTHON_THRESHOLDS = (700, 10, 10)


# --- the server: bench/service_app.py's app, its collections counted ---------------------------


def app() -> Any:
    """uvicorn --factory target. BENCH_HEAP=default undoes service/runtime/heap.py once started."""
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from bench.service_app import app as service_app

    spent = [0.0, 0.0, 0.0]
    passes = [0, 0, 0]
    started = [0.0]

    def on_pass(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.thread_time()
        else:
            spent[info["generation"]] += time.thread_time() - started[0]
            passes[info["generation"]] += 1

    gc.callbacks.append(on_pass)
    served = service_app()
    lifespan = served.router.lifespan_context

    @contextlib.asynccontextmanager
    async def default_if_asked(app_: Any) -> AsyncIterator[None]:
        async with lifespan(app_):
            if os.environ.get("BENCH_HEAP") == "default":
                gc.unfreeze()
                gc.set_threshold(*CPYTHON_THRESHOLDS)
            yield

    async def collector(_request: Any) -> JSONResponse:
        return JSONResponse(
            {
                "seconds": spent,
                "passes": passes,
                "frozen": gc.get_freeze_count(),
                "thresholds": gc.get_threshold(),
            }
        )

    served.router.lifespan_context = default_if_asked
    served.router.routes.insert(0, Route("/_bench/collector", collector))
    return served


# --- the driver --------------------------------------------------------------------------------


def _collector(base: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(base + "/_bench/collector", timeout=10).json()
    return answer


def run_database(kind: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    with database(kind, args.postgres_admin_url) as url:
        seeded = asyncio.run(seed(url, args.actions))
        paths = paths_of(seeded)
        with ExitStack() as stack:
            bases = {
                side: stack.enter_context(
                    server("bench.collector_share:app", {**service_env(url), "BENCH_HEAP": side})
                )
                for side in SIDES
            }
            for side, base in bases.items():
                state = _collector(base)
                print(
                    f"{kind} {side}: {state['frozen']} objects frozen, thresholds "
                    f"{state['thresholds']}",
                    file=sys.stderr,
                )

            def hit(name: str, side: str, duration: float) -> dict[str, Any]:
                base, pid = bases[side], PIDS[bases[side]]
                script = "post.lua" if name == "create" else "get.lua"
                extra = [uuid.uuid4().hex[:8]] if name == "create" else []
                before, cpu = _collector(base), cpu_seconds(pid)
                result = wrk(base, script, [paths[name], seeded["key"], *extra], duration, 16)
                after, cpu = _collector(base), cpu_seconds(pid) - cpu
                requests = max(result["rps"] * duration, 1.0)
                return {
                    "rps": result["rps"],
                    "cpu_us": cpu / requests * 1e6,
                    "gc_us": [
                        (b - a) / requests * 1e6
                        for a, b in zip(before["seconds"], after["seconds"], strict=True)
                    ],
                    "passes": [
                        b - a for a, b in zip(before["passes"], after["passes"], strict=True)
                    ],
                }

            for name in ENDPOINTS:
                for side in SIDES:
                    hit(name, side, 1)  # warm-up
            for round_ in range(args.rounds):
                load = loadavg()
                for name in ENDPOINTS:
                    order = SIDES if round_ % 2 == 0 else SIDES[::-1]
                    for side in order:
                        row = {"database": kind, "endpoint": name, "round": round_ + 1}
                        row |= {"side": side, "loadavg": load, **hit(name, side, args.duration)}
                        rows.append(row)
                        print(
                            f"{kind:8} r{round_ + 1} {LABELS[name]:32} {side:8} "
                            f"{row['rps']:7.0f} req/s  {row['cpu_us']:6.0f} µs CPU  collector "
                            f"{sum(row['gc_us']):5.1f} µs {row['passes']}  load {load}",
                            file=sys.stderr,
                        )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """Medians per side, and serving ÷ default paired within each round (then the median)."""
    lines = [
        "| database | endpoint | settings | collector µs/req (gen 0 / 1 / 2) | CPU µs/req | req/s |",
        "|---|---|---|---:|---:|---:|",
    ]
    ratios = []
    for kind in dict.fromkeys(r["database"] for r in rows):
        for name in ENDPOINTS:
            mine = [r for r in rows if (r["database"], r["endpoint"]) == (kind, name)]
            for side in SIDES:
                theirs = [r for r in mine if r["side"] == side]
                gens = [statistics.median(r["gc_us"][g] for r in theirs) for g in range(3)]
                cpu = statistics.median(r["cpu_us"] for r in theirs)
                rps = statistics.median(r["rps"] for r in theirs)
                shown = " / ".join(f"{g:.1f}" for g in gens)
                lines.append(
                    f"| {kind} | {LABELS[name]} | {side} | {sum(gens):.1f} ({shown}) "
                    f"| {cpu:.0f} | {rps:.0f} |"
                )
            rounds = {(r["round"], r["side"]): r for r in mine}
            pairs = [
                (rounds[n, "serving"], rounds[n, "default"]) for n in {r["round"] for r in mine}
            ]
            cpu_ratio = statistics.median(f["cpu_us"] / u["cpu_us"] for f, u in pairs)
            rps_ratio = statistics.median(f["rps"] / u["rps"] for f, u in pairs)
            ratios.append(f"{kind} {LABELS[name]}: CPU {cpu_ratio:.2f}, req/s {rps_ratio:.2f}")
    return (
        "\n".join(lines)
        + "\n\nserving ÷ default, paired by round (median):\n"
        + "".join(f"- {ratio}\n" for ratio in ratios)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duration", type=float, default=5)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--json")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args()
    start = loadavg()
    rows = [r for kind in args.databases.split(",") for r in run_database(kind, args)]
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)
    print(
        f"\nwrk -t1 -c16 -d{args.duration:g}s; {args.rounds} interleaved rounds; "
        f"{args.actions} seeded actions; loadavg at start {start}, at end {loadavg()}\n"
    )
    print(table(rows))


if __name__ == "__main__":
    main()
