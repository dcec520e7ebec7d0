"""Benchmark: approval → `executed`, against the fake platform on loopback.

    python -m bench.approval_latency [--driver sqlite|postgresql] [--count 40] [--cross-process]
    python -m bench.approval_latency --before-tree /tmp/before [--rounds 3] [--count 15] …

The fake platform runs in its own process (harness.platform). A live `send_message` action is
created and approved through the use cases the API calls (`decide_action` with the in-process
wake-up the approve endpoint hands it); the time from the approval call to the row reading
`executed` is recorded (read every millisecond), and so is the part after the approval's
commit. In-process (default): the executor runs in the measuring process and is woken by the
in-process event. `--cross-process` (PostgreSQL): the executor runs in a separate `countersign
worker` process, woken only by LISTEN/NOTIFY.

Each measurement runs in a child process whose code comes from one tree (this checkout, or
`--before-tree`'s), on a fresh database, against the same fake platform; with `--before-tree`
the rounds alternate which tree goes first and `/proc/loadavg` is recorded per round. The
measuring process runs on the loop `countersign serve` gets (uvloop where installed; `--loop
asyncio` for asyncio's own); the cross-process worker runs on whatever its tree's CLI picks.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx

THIS_TREE = Path(__file__).resolve().parents[1]
WARM_UP = 3  # the first approvals warm up connections and caches
STUCK_AFTER = 30.0  # seconds: an approval not executed by then is reported, not waited for


def stuck(action_id: str, status: str) -> None:
    """Say where every task of this process is waiting, then give up on the run."""
    print(f"{action_id} still {status} after {STUCK_AFTER:g} s; tasks:", file=sys.stderr)
    for task in asyncio.all_tasks():
        task.print_stack(file=sys.stderr)
    raise SystemExit(f"{action_id} was not executed within {STUCK_AFTER:g} s")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


@contextlib.contextmanager
def process(
    args: list[str], env: dict[str, str], cwd: Path, ready_url: str | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(
        [sys.executable, *args],
        cwd=cwd,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while ready_url:
            try:
                httpx.get(ready_url, timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit(f"{args} did not start") from None
                time.sleep(0.05)
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=15)


# ---- the child: one tree's code, one fresh database ----


async def measure(settings: Any, count: int, in_process: bool) -> list[tuple[float, float]]:
    """(approval call → executed, approval commit → executed) per approval, in seconds."""
    from service.actions.creation import create_action
    from service.actions.decisions import decide_action
    from service.app import build_services, running
    from service.cli.demo_seed import OWNER_EMAIL, seed
    from service.domain.principal import Principal
    from service.http.auth import principal_for_key

    seeded = await seed(settings)
    services = build_services(settings)
    latencies = []
    async with running(services, owned=services.store):  # type: ignore[arg-type]
        store, clock = services.store, services.clock
        principal = await principal_for_key(store, clock, seeded["live"])
        async with store.reading() as uow:
            owner = await uow.users.get_by_email(OWNER_EMAIL)
        assert owner is not None
        approver = Principal.person(seeded["workspace"], owner, "owner")
        wake = services.wake_executor if in_process else (lambda: None)
        for n in range(count + WARM_UP):
            created = await create_action(
                store,
                clock,
                principal,
                seeded["account"],
                f"lat-{uuid.uuid4().hex}",
                "send_message",
                {"fanId": seeded["fan"], "text": f"<p>Hello {n}</p>"},
            )
            await asyncio.sleep(0.05)  # let the executor go idle, as between real approvals
            started = time.perf_counter()
            await decide_action(
                store,
                clock,
                approver,
                created.action.id,
                approve=True,
                note=None,
                wake_executor=wake,
            )
            committed = time.perf_counter()
            while True:
                async with store.reading() as uow:
                    action = await uow.actions.get(seeded["workspace"], created.action.id)
                assert action is not None
                if action.status in ("executed", "failed"):
                    break
                if time.perf_counter() - started > STUCK_AFTER:
                    stuck(action.id, action.status)
                await asyncio.sleep(0.001)
            assert action.status == "executed", action.error
            done = time.perf_counter()
            if n >= WARM_UP:
                latencies.append((done - started, done - committed))
        print("measured; shutting down", file=sys.stderr, flush=True)
        asyncio.get_running_loop().call_later(STUCK_AFTER, dump_tasks, "shutting down")
    return latencies


def dump_tasks(why: str) -> None:
    """A shutdown that does not end is reported with every task's stack, never waited on."""
    print(f"stuck {why}; tasks:", file=sys.stderr)
    for task in asyncio.all_tasks():
        task.print_stack(limit=12, file=sys.stderr)
    sys.stderr.flush()


def child(args: argparse.Namespace) -> None:
    from harness.scratch import scratch_database
    from service.cli.demo_seed import seed
    from service.settings import Settings

    with contextlib.ExitStack() as stack:
        if args.driver == "postgresql":
            url = stack.enter_context(scratch_database(args.postgres, "cs_bench"))
        else:
            url = f"sqlite:///{tempfile.mkdtemp(prefix='cs-lat-')}/bench.db"
        base = {
            "COUNTERSIGN_DATABASE_URL": url,
            "COUNTERSIGN_SECRET_KEY": "bench",
            "COUNTERSIGN_PLATFORM_URL": args.platform_url,
            "COUNTERSIGN_SYNC_INTERVAL": "3600",
            "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
        }
        settings = Settings.from_env({**os.environ, **base}, run_workers=not args.cross_process)
        if args.cross_process:
            asyncio.run(seed(settings))  # migrate before the worker starts
            stack.enter_context(process(["-m", "service.cli", "worker"], base, Path.cwd()))
            time.sleep(3)  # the worker's start-up; the measurement waits for nothing else
        latencies = run_loop(args.loop, measure(settings, args.count, not args.cross_process))
    print(json.dumps(latencies))


def run_loop(loop: str, main: Coroutine[Any, Any, list[tuple[float, float]]]) -> Any:
    """`auto` is what `countersign serve` gets from uvicorn: uvloop where installed."""
    if loop == "auto" and importlib.util.find_spec("uvloop"):
        import uvloop

        return uvloop.run(main)
    return asyncio.run(main)


# ---- the parent: the fake platform, the rounds, the report ----


def run_child(tree: Path, args: argparse.Namespace, platform_url: str) -> list[list[float]]:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        "--driver",
        args.driver,
        "--count",
        str(args.count),
        "--postgres",
        args.postgres,
        "--platform-url",
        platform_url,
        "--loop",
        args.loop,
    ]
    if args.cross_process:
        command.append("--cross-process")
    out = subprocess.run(
        command,
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        check=True,
        stdout=subprocess.PIPE,
        timeout=600,
    ).stdout
    return json.loads(out.decode().strip().splitlines()[-1])  # type: ignore[no-any-return]


def summary(label: str, pairs: list[list[float]]) -> str:
    def stats(xs: list[float]) -> str:
        ms = sorted(x * 1000 for x in xs)
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        return f"p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, min {ms[0]:.1f} ms"

    return (
        f"{label}: n={len(pairs)}\n"
        f"  approval call → executed:   {stats([p[0] for p in pairs])}\n"
        f"  approval commit → executed: {stats([p[1] for p in pairs])}"
    )


def main() -> None:
    from bench import quick  # here: another tree's process imports this module too

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--driver", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--count", type=int, default=40, help="approvals per round and tree")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cross-process", action="store_true")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--before-tree", type=Path, help="an older checkout, measured alongside")
    parser.add_argument(
        "--loop",
        choices=["auto", "asyncio"],
        default="auto",
        help="the measuring (and, in-process, executing) process's event loop; auto = uvloop "
        "where installed, as `countersign serve` runs (the worker picks its own)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--platform-url", help=argparse.SUPPRESS)
    args = quick.parse(parser, None, count=1, rounds=1, driver="sqlite")
    if args.child:
        child(args)
        return
    trees = {"after": THIS_TREE}
    if args.before_tree:
        trees = {"before": args.before_tree.resolve(), "after": THIS_TREE}
    results: dict[str, list[list[float]]] = {label: [] for label in trees}
    port = free_port()
    platform_url = f"http://127.0.0.1:{port}"
    mode = "cross-process" if args.cross_process else "in-process"
    print(
        f"driver={args.driver} {mode} loop={args.loop} rounds={args.rounds} "
        f"count={args.count} per round"
    )
    with process(
        ["-m", "harness.platform", "--port", str(port)],
        {"PYTHONPATH": str(THIS_TREE)},
        THIS_TREE,
        ready_url=platform_url + "/",
    ):
        for round_ in range(args.rounds):
            labels = list(trees)
            if round_ % 2:
                labels.reverse()
            for label in labels:
                before_load = loadavg()
                pairs = run_child(trees[label], args, platform_url)
                results[label].extend(pairs)
                p50 = statistics.median(p[0] for p in pairs) * 1000
                print(f"round {round_ + 1} {label}: p50 {p50:.1f} ms  loadavg {before_load}")
    for label, pairs in results.items():
        print(summary(label, pairs))
    print(f"loadavg at the end: {loadavg()}")


if __name__ == "__main__":
    main()
