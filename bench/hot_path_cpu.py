"""CPU time per request of the hot API paths, in process, for this tree and another checkout.

    python -m bench.hot_path_cpu [--before-tree DIR] [--tree NAME=DIR ...] [--rounds 3]
                                 [--requests 2000] [--databases sqlite,postgres]
                                 [--profile DIR] [--json results.json]

Wall-clock throughput moves with whatever else runs on the machine; the CPU a process spends
per request (time.process_time) hardly does. For each database this seeds one database (the
seed of bench/api_throughput.py; on SQLite every other tree seeds its own with its own code, as
bench/hot_path.py does for its before tree), then for each round and each tree (alternating
which goes first) starts a fresh Python process with that tree first on sys.path, builds the app the way
bench/service_app.py does (same COUNTERSIGN_* settings as bench/hot_path.py), runs its lifespan
and drives it through ASGI directly (no HTTP server, no client library: a hand-built scope, so
the figures are the service's own work), warming up and then timing `--requests` sequential
requests per endpoint. Every answer's status is checked. Reports the median µs per request of
each tree and their ratio. `--profile DIR` also writes a cProfile of each endpoint per tree.

The SQL database's own CPU (PostgreSQL's server process) is not counted; the driver's is. Each
figure also says which threads spent it and how much went to the garbage collector.
Beside bench/request_cpu.py (two trees through httpx's ASGITransport, the client's CPU counted
on both sides): no client, any number of trees in one run, cProfile per endpoint.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENDPOINTS = ("get", "create", "list")


# --- the worker: runs inside the measured tree's interpreter ------------------------------


def _scope(method: str, path: str, key: str, extra: list[tuple[bytes, bytes]]) -> dict:
    raw, _, query = path.partition("?")
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": raw,
        "raw_path": raw.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [
            (b"host", b"127.0.0.1:8000"),
            (b"user-agent", b"bench"),
            (b"accept", b"*/*"),
            (b"authorization", f"Bearer {key}".encode()),
            *extra,
        ],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }


async def _request(app, scope: dict, body: bytes) -> tuple[int, bytes]:
    sent = False
    never = asyncio.Event()
    status = 0
    chunks: list[bytes] = []

    async def receive() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await never.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return status, b"".join(chunks)


async def _lifespan(app):
    """Start the app's lifespan; returns a coroutine function that ends it."""
    queue: asyncio.Queue = asyncio.Queue()
    started: asyncio.Queue = asyncio.Queue()

    async def receive() -> dict:
        return await queue.get()

    async def send(message: dict) -> None:
        await started.put(message)

    task = asyncio.ensure_future(
        app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, receive, send)
    )
    await queue.put({"type": "lifespan.startup"})
    message = await started.get()
    if message["type"] != "lifespan.startup.complete":
        raise SystemExit(f"lifespan: {message}")

    async def stop() -> None:
        await queue.put({"type": "lifespan.shutdown"})
        await started.get()
        await task

    return stop


def _thread_cpu() -> dict[str, float]:
    """CPU seconds per thread of this process (Linux /proc), keyed by thread name."""
    import threading

    names = {t.native_id: t.name for t in threading.enumerate()}
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(task.name), f"tid{task.name}")
        if int(task.name) == os.getpid():
            name = "main"
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return out


async def _work(config: dict) -> dict:
    import time

    os.environ.update(config["env"])
    from bench.service_app import app as factory

    app = factory()
    stop = await _lifespan(app)
    key, results = config["key"], {}
    run = uuid.uuid4().hex[:8]
    counter = 0
    post_body = json.dumps(
        {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hello from the bench</p>"}}
    ).encode()

    async def one(name: str) -> int:
        nonlocal counter
        path = config["paths"][name]
        if name == "create":
            counter += 1
            extra = [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(post_body)).encode()),
                (b"idempotency-key", f"{run}-{counter}".encode()),
            ]
            status, body = await _request(app, _scope("POST", path, key, extra), post_body)
        else:
            status, body = await _request(app, _scope("GET", path, key, []), b"")
        if status >= 300:
            raise SystemExit(f"{name}: {status} {body[:300]!r}")
        return status

    import gc

    gc_time = {"start": 0.0, "total": 0.0, "collections": [0, 0, 0]}

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            gc_time["start"] = time.process_time()
        else:
            gc_time["total"] += time.process_time() - gc_time["start"]
            gc_time["collections"][info["generation"]] += 1

    gc.callbacks.append(on_gc)
    try:
        for name in config["endpoints"]:
            for _ in range(config["warmup"]):
                await one(name)
            n = config["requests"]
            if isinstance(n, dict):  # per endpoint (bench/hot_path_instructions.py)
                n = n[name]
            threads0 = _thread_cpu()
            gc_time.update(total=0.0, collections=[0, 0, 0])
            t0, w0 = time.process_time(), time.perf_counter()
            for _ in range(n):
                await one(name)
            cpu, wall = time.process_time() - t0, time.perf_counter() - w0
            threads1 = _thread_cpu()
            n = max(n, 1)
            results[name] = {
                "cpu_us": cpu / n * 1e6,
                "wall_us": wall / n * 1e6,
                "gc_us": gc_time["total"] / n * 1e6,
                "gc_collections": list(gc_time["collections"]),
                "gc_tracked": len(gc.get_objects()),
                "threads_us": {
                    t: (threads1[t] - threads0.get(t, 0.0)) / n * 1e6
                    for t in threads1
                    if threads1[t] - threads0.get(t, 0.0) > 0
                },
            }
            if config.get("profile"):
                import cProfile

                profiler = cProfile.Profile(time.process_time)
                profiler.enable()
                for _ in range(config["profile_requests"]):
                    await one(name)
                profiler.disable()
                profiler.dump_stats(f"{config['profile']}-{name}.prof")
    finally:
        await stop()
    return results


def worker() -> None:
    config = json.loads(sys.stdin.read())
    print(json.dumps(asyncio.run(_work(config))))


# --- the orchestrator ------------------------------------------------------------------------


def run_tree(tree: Path, config: dict, wrapper: tuple[str, ...] = ()) -> dict:
    """One worker process on `tree`; `wrapper` runs it under another program (valgrind)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import runpy; "
        "runpy.run_path(sys.argv[2], run_name='__bench_worker__')"
    )
    out = subprocess.run(  # noqa: PLW1510 (the exit status is read below)
        [*wrapper, sys.executable, "-c", code, str(tree), __file__],
        cwd=tree,
        env=env,
        input=json.dumps(config),
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"{tree}: {out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def tree_database(
    url: str, name: str, tree: Path, actions: int, seeded: dict[str, str]
) -> tuple[str, dict[str, str]]:
    """Another checkout's database and what is seeded in it (bench/hot_path.py's
    before_database: on SQLite one seeded by that tree's own code), under its own name."""
    from bench.hot_path import before_database

    own_url, own = before_database(url, str(tree), actions, seeded)
    if own_url == url:
        return url, own
    path = Path(own_url.split(":///", 1)[1])
    target = path.with_name(f"tree-{name}.db")
    for suffix in ("", "-wal", "-shm"):
        if path.with_name(path.name + suffix).exists():
            os.replace(path.with_name(path.name + suffix), target.with_name(target.name + suffix))
    return f"sqlite:///{target}", own


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    from bench import quick  # here: another tree's process imports this module too
    from bench.api_throughput import LABELS, database, seed
    from bench.hot_path import paths_of, service_env

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--endpoints", default=",".join(ENDPOINTS))
    parser.add_argument("--before-tree", help="another checkout measured in the same rounds")
    parser.add_argument("--name", default="after", help="what the table calls this tree")
    parser.add_argument(
        "--tree", action="append", default=[], help="NAME=PATH: more trees (repeatable)"
    )
    parser.add_argument("--profile", help="write cProfile stats of each endpoint into this dir")
    parser.add_argument("--profile-requests", type=int, default=1000)
    parser.add_argument("--json", help="also write every round's figures to this file")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, rounds=1, requests=5, warmup=1, actions=5, databases="sqlite")
    trees = {"before": Path(args.before_tree)} if args.before_tree else {}
    for spec in args.tree:  # in the table's order: before, the named trees, this one
        name, _, path = spec.partition("=")
        trees[name] = Path(path).resolve()
    trees[args.name] = ROOT
    rows: list[dict] = []
    start = loadavg()
    for kind in args.databases.split(","):
        with database(kind, args.postgres_admin_url) as url:
            seeded = asyncio.run(seed(url, args.actions))
            urls = {name: url for name in trees}
            seeds = {name: seeded for name in trees}
            for name, tree in trees.items():
                if tree != ROOT:
                    urls[name], seeds[name] = tree_database(url, name, tree, args.actions, seeded)
            for round_ in range(args.rounds):
                names = list(trees)
                shift = round_ % len(names)
                load = loadavg()
                for name in names[shift:] + names[:shift]:
                    config = {
                        "env": service_env(urls[name]),
                        "key": seeds[name]["key"],
                        "paths": paths_of(seeds[name]),
                        "endpoints": args.endpoints.split(","),
                        "requests": args.requests,
                        "warmup": args.warmup,
                        "profile": (
                            str(Path(args.profile).resolve() / f"{kind}-{name}-r{round_ + 1}")
                            if args.profile
                            else None
                        ),
                        "profile_requests": args.profile_requests,
                    }
                    for endpoint, figures in run_tree(trees[name], config).items():
                        rows.append(
                            {
                                "database": kind,
                                "tree": name,
                                "endpoint": endpoint,
                                "round": round_ + 1,
                                "loadavg": load,
                                **figures,
                            }
                        )
                        threads = ", ".join(
                            f"{t} {us:.0f}" for t, us in sorted(figures["threads_us"].items())
                        )
                        print(
                            f"{kind:8} r{round_ + 1} {name:8} {LABELS[endpoint]:32} "
                            f"{figures['cpu_us']:8.0f} µs CPU  {figures['wall_us']:8.0f} µs wall"
                            f"  load {load}  threads: {threads}  gc {figures['gc_us']:.0f} µs "
                            f"{figures['gc_collections']} of {figures['gc_tracked']} objects",
                            file=sys.stderr,
                        )
    print(
        f"\n{args.requests} sequential requests per endpoint per round after {args.warmup} "
        f"warm-up, {args.rounds} interleaved rounds, {args.actions} seeded actions; "
        f"loadavg at start {start}, at end {loadavg()}\n"
    )
    print(table(rows, list(trees), LABELS))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def table(rows: list[dict], trees: list[str], labels: dict[str, str]) -> str:
    head = " | ".join(f"{t} µs CPU/req (per round)" for t in trees)
    ratios = " | ".join(f"{t}/{trees[0]}" for t in trees[1:])
    lines = [
        f"| database | endpoint | {head} | {ratios} |",
        "|---|---|" + "---:|" * (len(trees) + len(trees) - 1),
    ]
    keys = dict.fromkeys((r["database"], r["endpoint"]) for r in rows)
    for kind, endpoint in keys:
        medians, cells = {}, []
        for tree in trees:
            mine = [
                r["cpu_us"]
                for r in rows
                if (r["database"], r["endpoint"], r["tree"]) == (kind, endpoint, tree)
            ]
            medians[tree] = statistics.median(mine)
            cells.append(f"{medians[tree]:.0f} ({' / '.join(f'{x:.0f}' for x in mine)})")
        rel = [f"{medians[t] / medians[trees[0]]:.2f}" for t in trees[1:]]
        lines.append(f"| {kind} | {labels[endpoint]} | {' | '.join(cells)} | {' | '.join(rel)} |")
    return "\n".join(lines)


if __name__ == "__bench_worker__":
    worker()
elif __name__ == "__main__":
    sys.exit(main())
