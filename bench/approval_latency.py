"""Benchmark: approval → `executed`, against the fake platform on loopback.

    python -m bench.approval_latency [--driver sqlite|postgresql] [--count 40] [--cross-process]

The fake platform runs in its own process (harness.platform). A live `send_message` action is
created and approved through the use cases the API calls (`decide_action`, then the wake-up the
approve endpoint gives); the time from the approval's commit to the row reading `executed` is
recorded (read every millisecond). In-process (default): the executor runs in this process and
is woken by the in-process event. `--cross-process` (PostgreSQL): the executor runs in a
separate `countersign worker` process, woken only by LISTEN/NOTIFY.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from service.api.auth import principal_for_key

from service.app import build_services, running
from service.demo import OWNER_EMAIL, seed
from service.domain.principal import Principal
from service.settings import Settings
from service.usecases.actions import create_action, decide_action
from storage.scratch import scratch_database

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def process(args: list[str], env: dict[str, str], ready_url: str | None = None):
    proc = subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
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


async def measure(settings: Settings, count: int, in_process: bool) -> list[float]:
    seeded = await seed(settings)
    services = build_services(settings)
    latencies = []
    async with running(services, owns_store=True):
        store, clock = services.store, services.clock
        principal = await principal_for_key(store, clock, seeded["live"])
        async with store.reading() as uow:
            owner = await uow.users.get_by_email(OWNER_EMAIL)
        approver = Principal(
            workspace_id=seeded["workspace"],
            mode="live",
            kind="user",
            label=owner.name,
            scopes=frozenset({"read", "write"}),
            user_id=owner.id,
            email=owner.email,
            role="owner",
        )
        for n in range(count + 3):  # the first 3 warm up connections and caches
            created = await create_action(
                store,
                clock,
                principal,
                seeded["account"],
                f"lat-{uuid.uuid4().hex}",
                "send_message",
                {"fanId": seeded["fan"], "text": f"<p>Hello {n}</p>"},
                public_url=settings.public_url,
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
                public_url=settings.public_url,
            )
            if in_process:
                services.wake_executor()  # what POST …/approve does after the commit
            while True:
                async with store.reading() as uow:
                    action = await uow.actions.get(seeded["workspace"], created.action.id)
                if action.status in ("executed", "failed"):
                    break
                await asyncio.sleep(0.001)
            assert action.status == "executed", action.error
            if n >= 3:
                latencies.append(time.perf_counter() - started)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--cross-process", action="store_true")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    port = free_port()
    platform_url = f"http://127.0.0.1:{port}"
    with contextlib.ExitStack() as stack:
        stack.enter_context(
            process(
                ["-m", "harness.platform", "--port", str(port)], {}, ready_url=platform_url + "/"
            )
        )
        if args.driver == "postgresql":
            url = stack.enter_context(scratch_database(args.postgres, "cs_bench"))
        else:
            url = f"sqlite:///{tempfile.mkdtemp(prefix='cs-lat-')}/bench.db"
        base = {
            "COUNTERSIGN_DATABASE_URL": url,
            "COUNTERSIGN_SECRET_KEY": "bench",
            "COUNTERSIGN_PLATFORM_URL": platform_url,
            "COUNTERSIGN_SYNC_INTERVAL": "3600",
            "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
        }
        settings = Settings.from_env({**os.environ, **base}, run_workers=not args.cross_process)
        if args.cross_process:
            asyncio.run(seed(settings))  # migrate before the worker starts
            stack.enter_context(process(["-m", "service.cli", "worker"], base))
            time.sleep(3)
        latencies = asyncio.run(measure(settings, args.count, not args.cross_process))
    ms = sorted(x * 1000 for x in latencies)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(
        f"driver={args.driver} {'cross-process' if args.cross_process else 'in-process'} "
        f"n={len(ms)} loadavg={Path('/proc/loadavg').read_text().split()[:3]}"
    )
    print(
        f"approval → executed: p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, "
        f"min {ms[0]:.1f} ms"
    )


if __name__ == "__main__":
    main()
