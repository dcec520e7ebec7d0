"""Benchmark: how fast the pruner drains a backlog of deliveries, and what it costs creations.

    python -m bench.prune_drain [--deliveries 1000000] [--database sqlite|postgresql]
                                [--postgres-url URL] [--creations 300] [--rate 50] [--quick]

Seeds one workspace with 3 event endpoints, then copies one real delivered event (made by the
dispatcher and the deliverer's own statements) into `--deliveries` finished deliveries past
their retention, one attempt each, 3 per event (ids random, as in production, so deletes dirty
index pages all over). Then, on the same store:

1. idle: `--creations` creations through the real use case, `--rate` a second, each timed;
2. drain: the pruner (batches sized by hold time, the worker's default) empties the backlog
   while creations go on at the same rate beside it, each timed.

Prints the drain's time and rows a second, and the creations' p50/p99 during the drain as a
ratio of idle's. `--quick` seeds 3,000 deliveries and times 30 creations: a check that the bench
runs, not a measurement.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import statistics
import tempfile
import time
from pathlib import Path

from bench.growth import MESSAGE, deliver_everything
from harness.scratch import scratch_database
from service.actions.creation import create_action
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.operations.model import Retention
from service.operations.pruner import prune
from service.webhooks.dispatch import dispatch_all
from service.webhooks.usecases import add_event_endpoint
from service.workspaces.usecases import create_workspace
from storage.sql.store import SqlStore
from tests.factories import add_live_account

ENDPOINTS = 3


def _copies(sqlite: bool, count: int) -> list[str]:
    """SQL copying the seed event (and its deliveries and attempts) `count` times."""
    if sqlite:
        numbers = (
            f"WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < {count})"
        )
        random_id = "lower(hex(randomblob(12)))"
        source = "n"
    else:
        numbers = ""
        random_id = "substr(md5(random()::text || x::text), 1, 24)"
        source = f"generate_series(1, {count}) AS n(x)"
    return [
        (
            f"{numbers} INSERT INTO events (id, workspace_id, type, mode, account_id, data,"
            f" created_at, dispatched_at) SELECT 'evt_' || {random_id}, e.workspace_id, e.type,"
            f" e.mode, e.account_id, e.data, e.created_at, e.dispatched_at FROM events e, {source}"
            " WHERE e.id = :seed"
        ),
        (
            "INSERT INTO deliveries (id, endpoint_id, workspace_id, event_id, event_type, status,"
            " attempts, next_attempt_at, claimed_by, claimed_until, created_at, seq)"
            f" SELECT 'dlv_' || {random_id.replace('x::text', 'e.seq::text')}, d.endpoint_id,"
            " d.workspace_id, e.id, d.event_type, d.status, d.attempts, d.next_attempt_at,"
            " d.claimed_by, d.claimed_until, d.created_at, e.seq FROM events e"
            " JOIN deliveries d ON d.event_id = :seed WHERE e.id <> :seed"
        ),
        (
            "INSERT INTO delivery_attempts (id, delivery_id, attempted_at, status_code, response,"
            f" duration_ms, error) SELECT 'att_' || {random_id.replace('x::text', 'd.seq::text')},"
            " d.id, a.attempted_at, a.status_code, a.response, a.duration_ms, a.error"
            " FROM deliveries d JOIN deliveries s ON s.event_id = :seed AND s.endpoint_id ="
            " d.endpoint_id JOIN delivery_attempts a ON a.delivery_id = s.id"
            " WHERE d.event_id <> :seed"
        ),
    ]


async def _seed(store: SqlStore, clock: ManualClock, deliveries: int) -> Principal:
    workspace = await create_workspace(store, clock, "Drain agency")
    await add_live_account(store, clock, workspace.id, "40001", "maya.live")
    owner = Principal(
        workspace_id=workspace.id,
        mode="live",
        kind="user",
        label="Owner",
        scopes=frozenset({"read", "write"}),
        user_id="usr_bench",
        email="owner@bench.test",
        role="owner",
    )
    box = SecretBox("bench-secret")
    for n in range(ENDPOINTS):
        await add_event_endpoint(
            store, clock, owner, f"http://127.0.0.1:9/hooks{n}", box=box, allow_loopback=True
        )
    agent = Principal(
        workspace_id=workspace.id,
        mode="live",
        kind="api_key",
        label="backend",
        scopes=frozenset({"read", "write"}),
        key_id="key_bench",
    )
    await create_action(store, clock, agent, "40001", "seed", "send_message", dict(MESSAGE))
    await dispatch_all(store, clock)
    await deliver_everything(store, clock)
    async with store.reading() as uow:
        seed = (await uow.conn.exec_driver_sql("SELECT min(id) FROM events")).scalar()
    sqlite = store.dialect == "sqlite"
    async with store.transaction() as uow:
        for sql in _copies(sqlite, deliveries // ENDPOINTS - 1):
            if sqlite:
                await uow.conn.exec_driver_sql(
                    sql.replace(":seed", "?"), (seed,) * sql.count(":seed")
                )
            else:
                await uow.conn.exec_driver_sql(sql.replace(":seed", "$1"), (seed,))
    if not sqlite:
        async with store.single_statement() as uow:
            for table in ("events", "deliveries", "delivery_attempts"):
                await uow.conn.exec_driver_sql(f"VACUUM ANALYZE {table}")
    clock.advance(days=60)  # every delivery and event past its retention
    return agent


async def _creations(
    store: SqlStore, clock: ManualClock, agent: Principal, count: int, tag: str, every: float
) -> list[float]:
    """`count` creations, one every `every` seconds (a steady load, not back to back: a bench
    that creates flat out measures the queue for the write lock, not a creation)."""
    taken = []
    loop = asyncio.get_running_loop()
    start = loop.time()
    for n in range(count):
        await asyncio.sleep(max(0.0, start + n * every - loop.time()))
        started = time.perf_counter()
        await create_action(
            store, clock, agent, "40001", f"{tag}{n}", "send_message", dict(MESSAGE)
        )
        taken.append((time.perf_counter() - started) * 1000)
    return taken


def _at(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def run(args: argparse.Namespace, url: str) -> None:
    store = SqlStore.from_url(url)
    await store.migrate()
    clock = ManualClock(dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    started = time.perf_counter()
    agent = await _seed(store, clock, args.deliveries)
    async with store.reading() as uow:
        held = (await uow.conn.exec_driver_sql("SELECT count(*) FROM deliveries")).scalar()
    print(f"{store.dialect}: {held} deliveries seeded in {time.perf_counter() - started:.0f} s")
    every = 1 / args.rate
    idle = await _creations(store, clock, agent, args.creations, "idle", every)

    async def creating() -> list[float]:
        taken: list[float] = []
        while not drained.done():
            taken += await _creations(store, clock, agent, 10, f"busy{len(taken)}-", every)
        return taken

    drain_started = time.perf_counter()
    drained = asyncio.ensure_future(prune(store, clock, Retention()))
    busy = await creating()
    report = await drained
    took = time.perf_counter() - drain_started
    removed = report.removed["deliveries"]
    await store.close()
    print(
        f"drained {removed} deliveries ({report.removed['attempts']} attempts, "
        f"{report.removed['events']} events) in {took:.1f} s: {removed / took:.0f} deliveries/s; "
        f"1M would take {1_000_000 / (removed / took) / 60:.1f} min at this pace; "
        f"{report.batches} batches, held median {_at(report.held_ms, 0.5):.1f} ms, "
        f"p99 {_at(report.held_ms, 0.99):.1f} ms"
    )
    p50, p99 = _at(idle, 0.5), _at(idle, 0.99)
    print(
        f"creation idle: p50 {p50:.2f} ms, p99 {p99:.2f} ms ({len(idle)}); during the drain: "
        f"p50 {_at(busy, 0.5):.2f} ms ({_at(busy, 0.5) / p50:.2f}x), p99 {_at(busy, 0.99):.2f} ms "
        f"({_at(busy, 0.99) / p99:.2f}x) over {len(busy)} creations; "
        f"mean {statistics.mean(busy):.2f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deliveries", type=int, default=1_000_000)
    parser.add_argument("--creations", type=int, default=300, help="idle creations timed")
    parser.add_argument("--rate", type=float, default=50, help="creations a second, both phases")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres-url", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--quick", action="store_true", help="a tiny run: does the bench work")
    args = parser.parse_args(argv)
    if args.quick:
        args.deliveries, args.creations, args.rate = 3000, 30, 500
    if args.database == "postgresql":
        with scratch_database(args.postgres_url, "cs_drain") as url:
            asyncio.run(run(args, url))
        return
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(args, f"sqlite:///{Path(tmp) / 'drain.db'}"))


if __name__ == "__main__":
    main()
