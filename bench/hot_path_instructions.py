"""Instructions a request of the hot API paths executes, counted by valgrind's callgrind.

    python -m bench.hot_path_instructions --before-tree DIR [--requests 500] [--warmup 50]
        [--databases postgres] [--endpoints get,create,list] [--json results.json]

Throughput and even CPU time move with whatever shares the machine: two servers of one commit,
side by side, differ by up to 17% in CPU a request on two shared cores (docs/benchmarks.md).
An instruction count does not: callgrind counts what the process executes, whatever else runs.
Each tree runs bench/hot_path_cpu.py's worker (the app in process, driven through ASGI, every
answer checked) under callgrind once with no measured request and once per endpoint with
`--requests` of it, all after the same warm-up; the difference over `--requests` is one
request's instructions, the start-up and warm-up cancelled out. The database server's own work
is not counted (both trees send it the same statements); the driver's is. Each figure is taken
twice, so the table shows how far it repeats. The runs share the machine's cores: a count does
not depend on what else runs. PYTHONHASHSEED is fixed so dicts and sets are laid out the same
in every run. Needs valgrind (`apt-get install -y valgrind`); a process under callgrind runs
about fifty times slower, so a run takes some minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.hot_path_cpu import ENDPOINTS, ROOT, run_tree, tree_database

REPEATS = 2


def instructions(tree: Path, config: dict) -> int:
    """All instructions one worker process executed, start-up included."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        wrapper = ("valgrind", "--tool=callgrind", "--quiet", f"--callgrind-out-file={out}")
        run_tree(tree, config, wrapper)
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if found is None:
            raise SystemExit(f"{tree}: no instruction total in callgrind's output")
        return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    from bench.api_throughput import LABELS, database, seed
    from bench.hot_path import paths_of, service_env

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before-tree", required=True, help="the checkout compared with this one")
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--databases", default="postgres")
    parser.add_argument("--endpoints", default=",".join(ENDPOINTS))
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is required: apt-get install -y valgrind")
    os.environ["PYTHONHASHSEED"] = "0"
    endpoints = args.endpoints.split(",")
    trees = {"before": Path(args.before_tree).resolve(), "after": ROOT}
    rows: list[dict] = []
    for kind in args.databases.split(","):
        with database(kind, args.postgres_admin_url) as url:
            seeded = asyncio.run(seed(url, args.actions))
            runs: dict[tuple[str, str | None, int], tuple[Path, dict]] = {}
            for name, tree in trees.items():
                own_url, own = (url, seeded)
                if tree != ROOT:
                    own_url, own = tree_database(url, name, tree, args.actions, seeded)
                for measured in (None, *endpoints):
                    config = {
                        "env": service_env(own_url),
                        "key": own["key"],
                        "paths": paths_of(own),
                        "endpoints": endpoints,
                        "requests": {e: args.requests if e == measured else 0 for e in endpoints},
                        "warmup": args.warmup,
                        "profile": None,
                    }
                    for repeat in range(REPEATS):
                        runs[(name, measured, repeat)] = (tree, config)
            # Counts do not depend on what else runs, so the runs share the cores.
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                counted = dict(
                    zip(runs, pool.map(lambda run: instructions(*run), runs.values()), strict=True)
                )
            for (name, measured, repeat), total in counted.items():
                if measured is None:
                    continue
                each = (total - counted[(name, None, repeat)]) / args.requests
                rows.append(
                    {
                        "database": kind,
                        "tree": name,
                        "endpoint": measured,
                        "repeat": repeat + 1,
                        "instructions": each,
                    }
                )
                print(
                    f"{kind:8} {name:6} {LABELS[measured]:32} {each:12,.0f} "
                    f"instructions a request (repeat {repeat + 1})",
                    file=sys.stderr,
                )
    print(
        f"\ncallgrind, {args.requests} requests after {args.warmup} warm-up of each endpoint, "
        f"{REPEATS} repeats, {args.actions} seeded actions\n"
    )
    print(table(rows, endpoints, LABELS))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def table(rows: list[dict], endpoints: list[str], labels: dict[str, str]) -> str:
    lines = [
        "| database | endpoint | before (each repeat) | after (each repeat) | after ÷ before |",
        "|---|---|---:|---:|---:|",
    ]
    for kind in dict.fromkeys(r["database"] for r in rows):
        for endpoint in endpoints:
            figures = {
                tree: [
                    r["instructions"]
                    for r in rows
                    if (r["database"], r["endpoint"], r["tree"]) == (kind, endpoint, tree)
                ]
                for tree in ("before", "after")
            }
            before, after = (sum(v) / len(v) for v in figures.values())
            cells = [" / ".join(f"{x:,.0f}" for x in v) for v in figures.values()]
            lines.append(
                f"| {kind} | {labels[endpoint]} | {cells[0]} | {cells[1]} | {after / before:.3f} |"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
