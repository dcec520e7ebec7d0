"""Benchmark: webhook deliveries per second from the deliverer to a local receiver.

    python -m bench.deliveries [--driver sqlite|postgresql] [--events 2000] [--accounts 64]

Writes `--events` events (spread over `--accounts` accounts; each delivery keeps its own
schedule, so one account's events go out in parallel like any others) for one event endpoint, then runs the real Deliverer (default bounds:
64 in flight, 32 per endpoint; keep-alive clients as service/runtime/runner.py wires them)
until every delivery is sent. The receiver (harness.receiver,
checking every signature) runs in its own process on loopback. Reports the outbox fan-out
(events → deliveries) and the sending rate separately.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import sqlalchemy as sa

from bench import quick
from harness.scratch import scratch_database
from service.domain.clock import SystemClock
from service.domain.events import Event
from service.domain.ids import new_id
from service.kit.crypto import SecretBox
from service.webhooks.deliverer import Deliverer
from service.webhooks.dispatch import dispatch_all
from service.webhooks.pinned import PinnedClients
from service.webhooks.sender import Sender
from service.webhooks.usecases import add_event_endpoint, current_secret
from service.workspaces.usecases import create_workspace
from storage.migrate import migrate
from storage.sql.store import SqlStore
from tests.factories import owner_of

ROOT = Path(__file__).resolve().parents[1]
RECEIVER = """
import os, uvicorn
from harness.receiver import Receiver
uvicorn.run(Receiver([os.environ["BENCH_SECRET"]]).app, host="127.0.0.1",
            port=int(os.environ["BENCH_PORT"]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def run(url: str, args, stack: ExitStack) -> None:
    store = SqlStore.from_url(url)
    await migrate(store.engine)
    clock, box = SystemClock(), SecretBox("bench-secret")
    workspace = await create_workspace(store, clock, "Bench agency")
    owner = owner_of(workspace.id)
    port = free_port()
    endpoint = await add_event_endpoint(
        store, clock, owner, f"http://127.0.0.1:{port}/events", box=box, allow_loopback=True
    )
    receiver = subprocess.Popen(  # noqa: ASYNC220 (a bench's set-up, before any timing)
        [sys.executable, "-c", RECEIVER],
        cwd=ROOT,
        env={**os.environ, "BENCH_SECRET": current_secret(endpoint, box), "BENCH_PORT": str(port)},
    )
    stack.callback(receiver.wait, 15)
    stack.callback(receiver.terminate)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/_control/received", timeout=1)  # noqa: ASYNC210
            break
        except httpx.TransportError:
            time.sleep(0.05)  # noqa: ASYNC251
    now = clock.now()
    async with store.transaction() as uow:
        for n in range(args.events):
            await uow.events.add(
                Event(
                    id=new_id("evt_"),
                    workspace_id=workspace.id,
                    type="action.executed",
                    account_id=f"acc{n % args.accounts}",
                    data={"n": n},
                    created_at=now,
                    mode="live",
                )
            )
    async with httpx.AsyncClient() as http, PinnedClients() as clients:
        sender = Sender(
            http,
            box=box,
            public_url="http://countersign.bench",
            allow_loopback=True,
            clients=clients,
        )
        deliverer = Deliverer(store, clock, sender)  # as service/runtime/runner.py builds it
        started = time.perf_counter()
        made = await dispatch_all(store, clock)
        dispatched = time.perf_counter()
        sent = await deliverer.run_once()
        done = time.perf_counter()
    async with store.reading() as uow:
        rows = (
            await uow.conn.execute(
                sa.text("SELECT status_code, duration_ms FROM delivery_attempts")
            )
        ).all()
    await store.close()
    codes = sorted({r[0] for r in rows}, key=str)
    print(
        f"attempts: {len(rows)}, status codes {codes}, median send "
        f"{statistics.median(r[1] for r in rows):.0f} ms"
    )
    assert made == args.events and sent == args.events, (made, sent)
    print(
        f"driver={args.driver} events={args.events:,} accounts={args.accounts} "
        f"loadavg={Path('/proc/loadavg').read_text().split()[:3]}"
    )
    print(
        f"fan-out: {made / (dispatched - started):.0f} deliveries/s; sending: "
        f"{sent / (done - dispatched):.0f} deliveries/s ({sent:,} in {done - dispatched:.1f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--accounts", type=int, default=64)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    args = quick.parse(parser, None, events=20, accounts=2, driver="sqlite")
    with ExitStack() as stack:
        if args.driver == "postgresql":
            url = stack.enter_context(scratch_database(args.postgres, "cs_bench"))
        else:
            url = f"sqlite:///{tempfile.mkdtemp(prefix='cs-dlv-')}/bench.db"
        asyncio.run(run(url, args, stack))


if __name__ == "__main__":
    main()
