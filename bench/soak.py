"""Soak: mixed load for minutes on two replicas while a worker is killed with SIGKILL
every minute and the platform fails 10% of calls; then checks that nothing ran twice, nothing
was lost, nothing is stuck and nothing grew.

    python -m bench.soak [--minutes 10] [--kill-every 60] [--clients 4] [--out FILE]

What it starts (each in its own process group, all stopped at the end, loopback only), with
bench/cluster.py's pieces: a scratch PostgreSQL database (dropped at the end), a private
`redis-server`, the fake platform (bench/cluster_platform.py, whose write log is the truth about
what was applied), a webhook receiver (`python -m harness.receiver`) with three event endpoints
on it, two `countersign serve` replicas (workers off) and two `countersign worker` processes:
`worker-steady`, never killed (its memory is measured over the whole run), and `worker-victim`,
killed with SIGKILL every `--kill-every` seconds (while it is sending an action when one can be
caught within 3 s) and started again at once, as a supervisor would.

The platform fails about 10% of calls with seeded draws (`probability` faults): 5% `503`,
3% `429` with `Retry-After: 1` (both provably applied nothing: the executor's patience sends
again later) and 2% a `500` after applying the call (the ambiguous outcome: the action fails
at once and is never sent again).

The load, spread over both replicas: clients create `send_message` actions over the API with an
`Idempotency-Key` (1 in 8 replays the previous key and must get the same action back), read each
one and every 5th list a page of actions; a person signed in to the dashboard approves 9 in 10
and rejects the rest through `POST /v1/actions/{id}/approve|reject` with the session and its
CSRF token; a reader pages accounts, fans and chats. Every 5 s the RSS of each replica and
worker is sampled.

After the load stops it waits (bounded by --drain-seconds) for workers to drain: no action
approved or executing, no delivery pending. Then it reports and asserts (exit 1 if one fails):

- executed twice: actions applied more than once in the platform's write log — 0;
- events lost: an event of the workspace whose delivery to one of the endpoints neither reached
  the receiver (accepted, verified) nor is still pending with a next attempt scheduled — 0;
- actions left `executing` — 0;
- RSS growth of each replica and of the steady worker from minute 1 to the end — under 20 MB
  (the victim lives one minute at a time; its RSS at each kill is reported).

The report (markdown) goes to --out, with /proc/loadavg at start and end; JSON beside it.

Its parts: soak_cluster.py (the deployment), soak_load.py (the clients, the person, the reader),
soak_check.py (the check after the drain) and soak_report.py (goals and markdown).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench.cluster_queries import executing_pid
from bench.cluster_report import loadavg
from bench.cluster_seed import seed
from bench.soak_check import check, drained
from bench.soak_cluster import Soak, rss_mb, seed_endpoints
from bench.soak_load import Load
from bench.soak_report import goals, growth, markdown
from harness.scratch import scratch_database
from service.settings import Settings
from storage.sql.store import SqlStore

FAULTS = (
    {"route": "*", "status": 503, "probability": 0.05},
    {"route": "*", "status": 429, "retryAfter": 1, "probability": 0.03},
    {"route": "*", "status": 500, "processed": True, "probability": 0.02},
)


async def drive(soak: Soak, args) -> dict:
    settings = Settings.from_env(soak.env())
    seeded = await seed(settings, soak.receiver_url + "/hooks/a")
    secrets = await seed_endpoints(soak, seeded, settings)
    async with httpx.AsyncClient() as http:
        await http.put(soak.receiver_url + "/_control/secret", json={"secrets": secrets})
    await asyncio.to_thread(soak.start_service)
    store = SqlStore.from_url(soak.db_url)
    report: dict = {"loadavg_start": loadavg(), "args": vars(args), "kills": [], "rss": []}
    started = time.monotonic()
    seconds = args.minutes * 60
    stop_at = started + seconds

    def t() -> float:
        return round(time.monotonic() - started, 1)

    async def sample_rss() -> None:
        while True:
            report["rss"].append(
                {"t": t(), **{n: rss_mb(p.pid) for n, p in soak.watched().items()}}
            )
            await asyncio.sleep(5)

    async def killer() -> None:
        """One kill every `--kill-every` seconds of load, and never more than fit in it: the
        load's last requests can finish after `stop_at` on a busy machine, which once left
        room for a kill the run never planned."""
        victim = soak.procs["worker-victim"]
        for _ in range(int(seconds // args.kill_every)):
            await asyncio.sleep(max(0.0, args.kill_every - 3))
            found = None
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                sending = await executing_pid(store, seeded["workspace"], 0.2)
                busy = sending is not None and sending[1] == victim.pid
                if busy and args.kill_at == "mid-send":
                    found = sending  # caught sending: its action waits out the lease
                    break
                if not busy and args.kill_at == "between-sends":
                    break
            rss = rss_mb(victim.pid)
            victim.kill()
            report["kills"].append({"t": t(), "mid_send": found[0] if found else None, "rss": rss})
            print(
                f"  t={t():>6}s SIGKILL worker-victim (mid-send: {found is not None})", flush=True
            )
            victim.start()

    owner = ("owner@cluster.test", "cluster-password")
    load = Load(soak, seeded, owner)
    limits = httpx.Limits(max_connections=64)
    tasks = [asyncio.create_task(sample_rss()), asyncio.create_task(killer())]
    async with (
        httpx.AsyncClient(timeout=30, limits=limits) as http,
        httpx.AsyncClient(timeout=30) as person_http,
    ):
        await asyncio.sleep(1.0)  # workers: LISTEN set up
        for fault in FAULTS:
            (await http.post(soak.platform_url + "/_control/faults", json=fault)).raise_for_status()
        await http.delete(soak.platform_url + "/_control/calls")  # the share is counted from here
        person = asyncio.create_task(load.person(person_http))
        print(f"load for {seconds:g} s, {args.clients} clients + a reader + a person", flush=True)
        await asyncio.gather(
            *(load.creator(http, stop_at, args.pause) for _ in range(args.clients)),
            load.reader(http, stop_at),
        )
        tasks[1].cancel()  # no more kills once the load stops (a slow drain made a second)
        await asyncio.wait_for(load.queue.join(), 120)
        person.cancel()
        report["load_seconds"] = t()
        print("load stopped; draining…", flush=True)
        report["drain"] = await drained(store, seeded["workspace"], args.drain_seconds)
        tasks[0].cancel()
        report["rss"].append({"t": t(), **{n: rss_mb(p.pid) for n, p in soak.watched().items()}})
        report["check"] = await check(soak, load, store)
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*tasks, person, return_exceptions=True)
    await store.close()
    report["requests"] = load.counts
    report["service_errors"] = load.errors
    report["transport_errors"] = load.transport
    report["loadavg_end"] = loadavg()
    report["growth"] = growth(report["rss"], min(60.0, seconds / 3))
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--kill-every", type=float, default=60, help="seconds between kills")
    parser.add_argument(
        "--kill-at",
        choices=("mid-send", "between-sends"),
        default="mid-send",
        help="when to kill the victim (mid-send: its action is failed after the 60 s lease)",
    )
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--pause", type=float, default=0.2, help="a client's think time (s)")
    parser.add_argument("--drain-seconds", type=float, default=240)
    parser.add_argument("--out", default=None, help="the markdown report (JSON beside it)")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    random.seed(1)
    logs = Path(tempfile.mkdtemp(prefix="cs-soak-"))
    print(f"logs in {logs}", flush=True)
    admin = args.postgres_admin_url.rsplit("/", 1)[0] + "/postgres"
    with scratch_database(admin, "cs_soak") as db_url:
        soak = Soak(args, db_url, logs)
        try:
            soak.start_infra()
            report = asyncio.run(drive(soak, args))
        finally:
            soak.stop_all()
    text = markdown(report)
    out = Path(args.out) if args.out else logs / "soak.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    out.with_suffix(".json").write_text(json.dumps(report, indent=2, default=str))
    print(text)
    print(f"report: {out}")
    return 0 if all(goals(report).values()) else 1


if __name__ == "__main__":
    sys.exit(main())
