"""The hot API paths of the service as a ratio to the limit app (bench/limit_app.py), in one run.

    python -m bench.hot_path [--rounds 3] [--duration 5] [--databases sqlite,postgres]
                             [--json results.json]

For each database: seed it (bench/api_throughput.py's seed), start the service and the limit app
side by side on it (same uvicorn flags), then for each round and endpoint run wrk against both,
alternating which goes first. Reports the median req/s of each side, the median of the per-round
ratios, each server's CPU a request (from /proc; with `--before-tree`, the per-round ratio of
the two trees' CPU, which moves far less with the machine than req/s), and /proc/loadavg at the
start of every round. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import uuid
from contextlib import ExitStack
from pathlib import Path

from bench.api_throughput import (
    LABELS,
    PIDS,
    SECRET,
    cpu_seconds,
    database,
    seed,
    server,
    uvicorn_flags,
    wrk,
)

ENDPOINTS = ("get", "create", "list")


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def service_env(url: str) -> dict[str, str]:
    return {
        "COUNTERSIGN_DATABASE_URL": url,
        "COUNTERSIGN_SECRET_KEY": SECRET,
        "COUNTERSIGN_RATE_LIMIT": "1000000000",
        "COUNTERSIGN_RUN_WORKERS": "false",
        "COUNTERSIGN_VALIDATE_RESPONSES": "false",
        "COUNTERSIGN_PUBLIC_URL": "http://bench.invalid",
    }


def run_database(kind: str, args) -> list[dict]:
    results = []
    with database(kind, args.postgres_admin_url) as url:
        seeded = asyncio.run(seed(url, args.actions))
        paths = paths_of(seeded)
        keys = {"service": seeded["key"], "limit": seeded["key"]}
        targeted = {"service": paths, "limit": paths}
        with ExitStack() as stack:
            targets = {
                "service": stack.enter_context(server("bench.service_app:app", service_env(url))),
                "limit": stack.enter_context(
                    server("bench.limit_app:app", {"BENCH_DATABASE_URL": url})
                ),
            }
            if args.before_tree:
                before_url, before_seeded = before_database(
                    url, args.before_tree, args.actions, seeded
                )
                keys["before"] = before_seeded["key"]
                targeted["before"] = paths_of(before_seeded)
                targets["before"] = stack.enter_context(
                    server(
                        "bench.service_app:app",
                        {**service_env(before_url), "PYTHONPATH": str(args.before_tree)},
                        cwd=Path(args.before_tree),
                    )
                )

            def hit(name: str, side: str, duration: float) -> dict:
                script = "post.lua" if name == "create" else "get.lua"
                extra = [uuid.uuid4().hex[:8]] if name == "create" else []
                pid = PIDS[targets[side]]
                cpu = cpu_seconds(pid)
                result = wrk(
                    targets[side],
                    script,
                    [targeted[side][name], keys[side], *extra],
                    duration,
                    args.connections,
                )
                # The server's own CPU a request: it moves far less with the machine than req/s.
                requests = max(result["rps"] * duration, 1.0)
                result["cpu_us"] = (cpu_seconds(pid) - cpu) / requests * 1e6
                return result

            for name in ENDPOINTS:  # warm-up: pools, prepared statements, caches
                for side in targets:
                    hit(name, side, 1)
            for round_ in range(args.rounds):
                load = loadavg()
                for name in ENDPOINTS:
                    sides = list(targets)
                    shift = round_ % len(sides)  # each side goes first in turn
                    order = sides[shift:] + sides[:shift]
                    measured = {side: hit(name, side, args.duration) for side in order}
                    row = {
                        "database": kind,
                        "endpoint": name,
                        "round": round_ + 1,
                        "loadavg": load,
                        **{f"{side}_{k}": v for side, r in measured.items() for k, v in r.items()},
                    }
                    row["ratio"] = row["service_rps"] / row["limit_rps"]
                    if "before" in measured:
                        row["before_ratio"] = row["before_rps"] / row["limit_rps"]
                    results.append(row)
                    print(
                        f"{kind:8} r{round_ + 1} {LABELS[name]:32} service "
                        f"{row['service_rps']:7.0f}  limit {row['limit_rps']:7.0f}  "
                        f"ratio {row['ratio']:.3f}  before ratio "
                        f"{row.get('before_ratio', 0):.3f}  load {load}",
                        file=sys.stderr,
                    )
    return results


def paths_of(seeded: dict[str, str]) -> dict[str, str]:
    return {
        "get": f"/v1/actions/{seeded['action']}",
        "list": "/v1/actions?limit=100",
        "create": f"/v1/accounts/{seeded['account']}/actions",
    }


def before_database(
    url: str, tree: str, actions: int, seeded: dict[str, str]
) -> tuple[str, dict[str, str]]:
    """The database the older checkout serves, and what is seeded in it. PostgreSQL: the same
    one as `seeded` (the older tree never migrates there, and the newer revisions left its rows
    as they were). SQLite: one of its own beside it, migrated and seeded by the older tree's own
    code, since revision 0017 stores actions' columns packed, which an older tree cannot read."""
    if not url.startswith("sqlite"):
        return url, seeded
    own = Path(url.split(":///", 1)[1]).with_name("before.db")
    own.unlink(missing_ok=True)
    before_url = f"sqlite:///{own}"
    code = (
        "import asyncio, json, sys; from bench.api_throughput import seed; "
        "print(json.dumps(asyncio.run(seed(sys.argv[1], int(sys.argv[2])))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, before_url, str(actions)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": tree},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return before_url, json.loads(out.strip().splitlines()[-1])


def table(rows: list[dict]) -> str:
    before = any("before_ratio" in r for r in rows)
    lines = [
        (
            "| database | endpoint | service req/s | limit req/s | ratio (median) | "
            "ratios per round | loadavg per round | non-2xx |"
            + (
                " before req/s | before ratio | CPU µs a request, service ÷ before |"
                if before
                else ""
            )
        ),
        "|---|---|---:|---:|---:|---|---|---:|" + ("---:|---:|---:|" if before else ""),
    ]
    keys = dict.fromkeys((r["database"], r["endpoint"]) for r in rows)
    for kind, name in keys:
        mine = [r for r in rows if (r["database"], r["endpoint"]) == (kind, name)]
        ratios = [r["ratio"] for r in mine]
        errors = sum(
            r["service_errors"] + r["limit_errors"] + r.get("before_errors", 0) for r in mine
        )
        lines.append(
            f"| {kind} | {LABELS[name]} | "
            f"{statistics.median(r['service_rps'] for r in mine):.0f} | "
            f"{statistics.median(r['limit_rps'] for r in mine):.0f} | "
            f"{statistics.median(ratios):.2f} | {' / '.join(f'{x:.2f}' for x in ratios)} | "
            f"{' / '.join(r['loadavg'].split()[0] for r in mine)} | {errors} |"
            + (
                f" {statistics.median(r['before_rps'] for r in mine):.0f} | "
                f"{statistics.median(r['before_ratio'] for r in mine):.2f} | "
                f"{_cpu(mine, 'service')} ÷ {_cpu(mine, 'before')} = "
                f"{_cpu_ratio(mine)} |"
                if before
                else ""
            )
        )
    return "\n".join(lines)


def _cpu(rows: list[dict], side: str) -> str:
    return f"{statistics.median(r[f'{side}_cpu_us'] for r in rows):.0f}"


def _cpu_ratio(rows: list[dict]) -> str:
    """Median of the per-round ratios: each round's two figures share the machine's state."""
    return f"{statistics.median(r['service_cpu_us'] / r['before_cpu_us'] for r in rows):.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--json", help="also write every round's figures to this file")
    parser.add_argument(
        "--before-tree",
        help="another checkout (e.g. `git worktree add "
        "/tmp/before main`) measured in the same rounds as `before`",
    )
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
        f"-d{args.duration}s; {args.rounds} interleaved rounds; {args.actions} seeded actions; "
        f"loadavg at start {start}, at end {loadavg()}\n"
    )
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return (
        1
        if any(r["service_errors"] or r["limit_errors"] or r.get("before_errors") for r in rows)
        else 0
    )


if __name__ == "__main__":
    sys.exit(main())
