"""A synced read as a ratio to the limit app (bench/limit_synced_app.py), in one run.

    python -m bench.synced_reads [--rounds 3] [--duration 5] [--databases sqlite,postgres]

`GET /v1/accounts/{id}/chats/{fanId}/messages?limit=50` (the goal: at least 0.7x the
limit app). For each database: seed it (bench/api_throughput.py's seed, plus 200 synced
messages in one sandbox chat), start the service and the limit app side by side (same uvicorn
flags), then for each round run wrk against both, alternating which goes first. Reports each
side's median req/s and the median of the per-round ratios, with /proc/loadavg per round, and
each server's own CPU time per request (utime + stime from /proc, over the wrk run), which the
other processes on a shared machine move far less than req/s.

`--before-tree DIR` adds a third side: the service from another checkout (e.g. a detached
worktree of the previous main) on the same data, in the same rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import shutil
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

from bench.api_throughput import PIDS, cpu_seconds, database, seed, server, uvicorn_flags, wrk
from bench.hot_path import before_database, loadavg, service_env
from storage.sql.store import SqlStore

MESSAGES = 200


async def add_messages(url: str, account: str) -> str:
    """200 synced messages in the first synced chat of the sandbox account; its fan id."""
    store = SqlStore.from_url(url)
    try:
        async with store.transaction() as uow:
            ws = ""
            for workspace in await uow.workspaces.list():
                if await uow.accounts.get(workspace.id, account) is not None:
                    ws = workspace.id
            fan_id = (await uow.synced.chats(ws, account, limit=1))[0]["fanId"]
            start = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
            await uow.synced.add_messages(
                ws,
                account,
                [
                    {
                        "id": str(6_000_000_000 + n),
                        "fanId": fan_id,
                        "fromCreator": n % 2 == 0,
                        "text": f"<p>Message number {n}, with a little more text to carry.</p>",
                        "price": {"amount": 500, "currency": "USD"} if n % 10 == 0 else None,
                        "mediaIds": ["330021"] if n % 7 == 0 else [],
                        "massMessageId": None,
                        "createdAt": (start + dt.timedelta(minutes=n))
                        .isoformat(timespec="milliseconds")
                        .replace("+00:00", "Z"),
                    }
                    for n in range(MESSAGES)
                ],
            )
    finally:
        await store.close()
    return fan_id


def run_database(kind: str, args) -> list[dict]:
    results = []
    with database(kind, args.postgres_admin_url) as url:
        seeded = asyncio.run(seed(url, 10))
        fan_id = asyncio.run(add_messages(url, seeded["account"]))
        path = f"/v1/accounts/{seeded['account']}/chats/{fan_id}/messages?limit=50"
        with ExitStack() as stack:
            targets = {
                "service": stack.enter_context(server("bench.service_app:app", service_env(url))),
                "limit": stack.enter_context(
                    server("bench.limit_synced_app:app", {"BENCH_DATABASE_URL": url})
                ),
            }
            if args.before_tree:
                targets["before"] = stack.enter_context(
                    server(
                        "bench.service_app:app",
                        {
                            **service_env(before_database(url, args.before_tree)),
                            "PYTHONPATH": str(args.before_tree),
                        },
                        cwd=Path(args.before_tree),
                    )
                )

            def hit(base: str, duration: float) -> dict:
                pid = PIDS[base]
                cpu = cpu_seconds(pid)
                result = wrk(base, "get.lua", [path, seeded["key"]], duration, args.connections)
                requests = max(result["rps"] * duration, 1)
                result["cpu_us"] = (cpu_seconds(pid) - cpu) / requests * 1e6
                return result

            for base in targets.values():  # warm-up: pools, prepared statements, caches
                hit(base, args.warmup)
            for round_ in range(args.rounds):
                load = loadavg()
                sides = list(targets)
                order = sides[round_ % 2 :] + sides[: round_ % 2]
                measured = {side: hit(targets[side], args.duration) for side in order}
                row = {
                    "database": kind,
                    "round": round_ + 1,
                    "loadavg": load,
                    **{f"{side}_{k}": v for side, r in measured.items() for k, v in r.items()},
                }
                row["ratio"] = row["service_rps"] / row["limit_rps"]
                if "before" in measured:
                    row["before_ratio"] = row["before_rps"] / row["limit_rps"]
                results.append(row)
                print(
                    f"{kind:8} r{round_ + 1} messages?limit=50 "
                    + "  ".join(
                        f"{side} {row[side + '_rps']:6.0f}/s {row[side + '_cpu_us']:5.0f} us"
                        for side in targets
                    )
                    + f"  ratio {row['ratio']:.3f}  load {load}",
                    file=sys.stderr,
                )
    return results


def table(rows: list[dict]) -> str:
    sides = [s for s in ("service", "before", "limit") if f"{s}_rps" in rows[0]]
    lines = [
        (
            "| database | side | req/s (median) | ratio to limit (median) | ratios per round | "
            "CPU us/request (median) | loadavg per round | non-2xx |"
        ),
        "|---|---|---:|---:|---|---:|---|---:|",
    ]
    for kind in dict.fromkeys(r["database"] for r in rows):
        mine = [r for r in rows if r["database"] == kind]
        for side in sides:
            ratios = [r[f"{side}_rps"] / r["limit_rps"] for r in mine]
            lines.append(
                f"| {kind} | {side} | {statistics.median(r[f'{side}_rps'] for r in mine):.0f} | "
                f"{statistics.median(ratios):.2f} | {' / '.join(f'{x:.2f}' for x in ratios)} | "
                f"{statistics.median(r[f'{side}_cpu_us'] for r in mine):.0f} | "
                f"{' / '.join(r['loadavg'].split()[0] for r in mine)} | "
                f"{sum(r[f'{side}_errors'] for r in mine)} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--warmup", type=int, default=1, help="seconds of wrk per side first")
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--before-tree", help="another checkout's service as a third side")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is required: apt-get install -y wrk")
    start = loadavg()
    rows = [row for kind in args.databases.split(",") for row in run_database(kind, args)]
    print(
        f"\nuvicorn {' '.join(uvicorn_flags())}; wrk -t1 -c{args.connections} "
        f"-d{args.duration}s; {args.rounds} interleaved rounds; loadavg at start {start}, "
        f"at end {loadavg()}\n"
    )
    print(table(rows))
    return 1 if any(r[k] for r in rows for k in r if k.endswith("_errors")) else 0


if __name__ == "__main__":
    sys.exit(main())
