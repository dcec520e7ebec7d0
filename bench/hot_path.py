"""The hot API paths of the service as a ratio to the limit app (bench/limit_app.py), in one run.

    python -m bench.hot_path [--rounds 3] [--duration 5] [--databases sqlite,postgres]
                             [--json results.json]

For each database: seed it (bench/api_throughput.py's seed), start the service and the limit app
side by side on it (same uvicorn flags), then for each round and endpoint run wrk against both,
alternating which goes first. Reports the median req/s of each side, the median of the per-round
ratios, and /proc/loadavg at the start of every round. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import uuid
from pathlib import Path

from bench.api_throughput import LABELS, SECRET, database, seed, server, uvicorn_flags, wrk

ENDPOINTS = ("get", "create", "list")


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def service_env(url: str) -> dict[str, str]:
    return {"COUNTERSIGN_DATABASE_URL": url, "COUNTERSIGN_SECRET_KEY": SECRET,
            "COUNTERSIGN_RATE_LIMIT": "1000000000", "COUNTERSIGN_RUN_WORKERS": "false",
            "COUNTERSIGN_VALIDATE_RESPONSES": "false", "COUNTERSIGN_VALIDATOR": "compiled",
            "COUNTERSIGN_PUBLIC_URL": "http://bench.invalid"}


def run_database(kind: str, args) -> list[dict]:
    results = []
    with database(kind, args.postgres_admin_url) as url:
        seeded = asyncio.run(seed(url, args.actions))
        paths = {"get": f"/v1/actions/{seeded['action']}", "list": "/v1/actions?limit=100",
                 "create": f"/v1/accounts/{seeded['account']}/actions"}
        with server("bench.service_app:app", service_env(url)) as service, \
                server("bench.limit_app:app", {"BENCH_DATABASE_URL": url}) as limit:
            targets = {"service": service, "limit": limit}

            def hit(name: str, base: str, duration: float) -> dict:
                script = "post.lua" if name == "create" else "get.lua"
                extra = [uuid.uuid4().hex[:8]] if name == "create" else []
                return wrk(base, script, [paths[name], seeded["key"], *extra], duration,
                           args.connections)

            for name in ENDPOINTS:  # warm-up: pools, prepared statements, caches
                for base in targets.values():
                    hit(name, base, 1)
            for round_ in range(args.rounds):
                load = loadavg()
                for name in ENDPOINTS:
                    order = ("service", "limit") if round_ % 2 == 0 else ("limit", "service")
                    measured = {side: hit(name, targets[side], args.duration) for side in order}
                    row = {"database": kind, "endpoint": name, "round": round_ + 1,
                           "loadavg": load, **{f"{side}_{k}": v for side, r in measured.items()
                                               for k, v in r.items()}}
                    row["ratio"] = row["service_rps"] / row["limit_rps"]
                    results.append(row)
                    print(f"{kind:8} r{round_ + 1} {LABELS[name]:32} service "
                          f"{row['service_rps']:7.0f}  limit {row['limit_rps']:7.0f}  "
                          f"ratio {row['ratio']:.3f}  load {load}", file=sys.stderr)
    return results


def table(rows: list[dict]) -> str:
    lines = [("| database | endpoint | service req/s | limit req/s | ratio (median) | "
              "ratios per round | loadavg per round | non-2xx |"),
             "|---|---|---:|---:|---:|---|---|---:|"]
    keys = dict.fromkeys((r["database"], r["endpoint"]) for r in rows)
    for kind, name in keys:
        mine = [r for r in rows if (r["database"], r["endpoint"]) == (kind, name)]
        ratios = [r["ratio"] for r in mine]
        errors = sum(r["service_errors"] + r["limit_errors"] for r in mine)
        lines.append(
            f"| {kind} | {LABELS[name]} | "
            f"{statistics.median(r['service_rps'] for r in mine):.0f} | "
            f"{statistics.median(r['limit_rps'] for r in mine):.0f} | "
            f"{statistics.median(ratios):.2f} | {' / '.join(f'{x:.2f}' for x in ratios)} | "
            f"{' / '.join(r['loadavg'].split()[0] for r in mine)} | {errors} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--json", help="also write every round's figures to this file")
    parser.add_argument("--postgres-admin-url", default=os.environ.get(
        "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"))
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is required: apt-get install -y wrk")
    start = loadavg()
    rows = [row for kind in args.databases.split(",") for row in run_database(kind, args)]
    print(f"\nuvicorn {' '.join(uvicorn_flags())}; wrk -t1 -c{args.connections} "
          f"-d{args.duration}s; {args.rounds} interleaved rounds; {args.actions} seeded actions; "
          f"loadavg at start {start}, at end {loadavg()}\n")
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 1 if any(r["service_errors"] or r["limit_errors"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
