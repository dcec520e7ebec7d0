"""A whole deployment on this machine: 2 API replicas and 2 workers on one PostgreSQL and one Redis,
driven under load, measured, then killed piece by piece and checked for anything lost.

    PYTHONPATH=$PWD .venv/bin/python bench/cluster.py [--round-seconds 8] [--rounds 3]
                                                      [--concurrency 8] [--no-faults]

What it starts (every process in its own process group, all stopped at the end, loopback only):
a scratch PostgreSQL database on the machine's server (dropped at the end), a private
`redis-server` on a free port (never the shared one on 6379), the fake platform as its own process
(bench/cluster_platform.py: sessions and its write log survive a kill), a webhook receiver
(`python -m harness.receiver`), `countersign serve` twice (workers off) and `countersign worker`
twice. It seeds a workspace, an owner, a live key, two creators linked through the real
hosted-link steps (mia: password; luna: password and 2FA) and an event endpoint on the receiver.

Phase 1 (figures): rounds of the same load against 1 replica and against 2, interleaved
(1, 2, 1, 2, …), each `--round-seconds` long with `--concurrency` clients; every client creates
an action (POST), reads it (GET), and every 5th time lists actions; the driver approves (9 in 10)
or rejects each created action with the `decide_action` use case against the same database,
which wakes the workers with NOTIFY. Medians over rounds are printed with /proc/loadavg.

Phase 2 (faults): one continuous load at lower concurrency while, in turn, an API replica, a
worker caught mid-execution, the fake platform and Redis are killed with SIGKILL and started again
(as a supervisor would), and a third replica is started with a database URL that refuses
connections. Then it waits (bounded) for the work to drain and checks: every acknowledged create
is in the database once; no action is left approved or executing; every executed action is exactly
one applied write in the platform's log, and no action has two; every action event reached the
receiver at least once (duplicates are counted by delivery id).

The benchmark is not a test: it took 7–10 minutes on the 2-core development machine and prints
a report (also written as JSON to --out, or report.json in the logs folder).

Its parts, one concept a module: cluster_processes.py (the processes and how they are started,
killed and started again), cluster_seed.py (the workspace the load needs), cluster_load.py (the
clients and the approver), cluster_figures.py (phase 1), cluster_faults.py (phase 2),
cluster_queries.py (what the database says while it runs) and cluster_report.py (the checks).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import uuid
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the repository's packages come first

from bench.cluster_faults import phase_faults
from bench.cluster_figures import phase_figures
from bench.cluster_load import Load
from bench.cluster_processes import Cluster
from bench.cluster_report import check, loadavg
from bench.cluster_seed import seed
from harness.scratch import scratch_database
from service.settings import Settings


async def drive(cluster: Cluster, args) -> dict:
    settings = Settings.from_env(cluster.env())
    seeded = await seed(settings, cluster.receiver_url + "/hooks")
    async with httpx.AsyncClient() as http:
        await http.put(
            cluster.receiver_url + "/_control/secret", json={"secrets": [seeded["signing"]]}
        )
    await asyncio.to_thread(cluster.start_service)
    from storage.sql.store import SqlStore

    store = SqlStore.from_url(cluster.db_url)
    report: dict = {
        "machine": {"cores": os.cpu_count(), "loadavg_start": loadavg()},
        "args": vars(args),
    }
    try:
        load = Load(seeded, store, uuid.uuid4().hex[:6])
        if args.rounds:
            print(
                f"phase 1: {args.rounds} rounds × (1 replica, 2 replicas), "
                f"{args.round_seconds:g} s each, {args.concurrency} clients",
                flush=True,
            )
            report["figures"] = await phase_figures(cluster, load, store, args)
        if args.faults:
            print(
                f"phase 2: faults under load ({args.fault_concurrency} clients, "
                f"{args.fault_seconds:g} s)",
                flush=True,
            )
            cluster.killed_mid_call = None
            report["faults"] = await phase_faults(cluster, load, store, args)
            report["faults"]["killed_mid_call"] = cluster.killed_mid_call
        print("checking (waits for the executor lease and deliveries to settle)…", flush=True)
        report["check"] = await check(cluster, load, store, args.settle_seconds)
        report["machine"]["loadavg_end"] = loadavg()
    finally:
        await store.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round-seconds", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--fault-seconds", type=float, default=75)
    parser.add_argument("--fault-concurrency", type=int, default=3)
    parser.add_argument(
        "--fault-pause",
        type=float,
        default=0.3,
        help="think time between one client's actions in the fault phase",
    )
    parser.add_argument("--settle-seconds", type=float, default=120)
    parser.add_argument("--no-faults", dest="faults", action="store_false")
    parser.add_argument("--out", default=None, help="write the report as JSON here")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    random.seed(1)
    logs = Path(tempfile.mkdtemp(prefix="cs-cluster-"))
    print(f"logs in {logs}", flush=True)
    admin = args.postgres_admin_url.rsplit("/", 1)[0] + "/postgres"
    with scratch_database(admin, "cs_cluster") as db_url:
        cluster = Cluster(args, db_url, logs)
        try:
            cluster.start_infra()
            report = asyncio.run(drive(cluster, args))
        finally:
            cluster.stop_all()
    out = Path(args.out) if args.out else logs / "report.json"
    out.write_text(json.dumps(report, indent=2, default=str))
    print(json.dumps(report.get("check", {}), indent=2, default=str))
    if "figures" in report:
        print(
            json.dumps(
                {
                    "medians": report["figures"]["medians"],
                    "ratio_2_over_1": report["figures"]["ratio_2_over_1_median"],
                },
                indent=2,
            )
        )
    print(f"report: {out}")
    c = report.get("check", {})
    bad = (
        c.get("lost_acknowledged")
        or c.get("executed_twice")
        or c.get("executed_without_one_write")
        or c.get("events_not_received")
        or c.get("stuck_approved_or_executing")
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
