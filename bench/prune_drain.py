"""Benchmark: how fast the pruner drains a backlog of deliveries, and what it costs creations.

    python -m bench.prune_drain [--deliveries 1000000] [--database sqlite|postgresql]
                                [--postgres-url URL] [--slices 5] [--rate 50]
                                [--least-idle 3] [--quick]

Seeds one workspace with 3 event endpoints, then, `--slices` times an hour apart, copies one real
delivered event (made by the dispatcher and the deliverer's own statements) into a slice of the
`--deliveries` finished deliveries, one attempt each, 3 per event (ids random, as in
production, so deletes dirty index pages all over). Then, slice after slice (a round each), on
the same store:

1. pruning: the clock moves an hour, and the pruner (paced as the worker runs it) drains that
   slice while creations go on through the real use case beside it, `--rate` a second, each
   timed from when it was due;
2. idle: creations at the same rate for as long as that prune took (at least `--least-idle`
   seconds): the round's own baseline, a moment later on the same machine.

So the baseline and the load interleave, and a neighbour's burst of load falls on both. Prints
each round (its rows a second, its creations' p50/p99 while pruning and idle, their ratios),
then the drain's time (the sum of the prunes), and the median of the rounds' ratios: on a shared
machine one idle window's p99 swings tenfold, so one pooled ratio says little. `--quick` seeds 3,000 deliveries and times a few creations: a check that the
bench runs, not a measurement.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import statistics
import tempfile
import time
from pathlib import Path

from attrs import frozen

from bench.growth import MESSAGE, deliver_everything
from harness.scratch import scratch_database
from service.actions.creation import create_action
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.operations.model import Retention
from service.operations.pruner import PruneReport, prune
from service.webhooks.dispatch import dispatch_all
from service.webhooks.usecases import add_event_endpoint
from service.workspaces.usecases import create_workspace
from storage.sql.store import SqlStore
from tests.factories import add_live_account, owner_of

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
            " JOIN deliveries d ON d.event_id = :seed WHERE e.seq > d.seq"
        ),
        (
            "INSERT INTO delivery_attempts (id, delivery_id, attempted_at, status_code, response,"
            f" duration_ms, error) SELECT 'att_' || {random_id.replace('x::text', 'd.seq::text')},"
            " d.id, a.attempted_at, a.status_code, a.response, a.duration_ms, a.error"
            " FROM deliveries d JOIN deliveries s ON s.event_id = :seed AND s.endpoint_id ="
            " d.endpoint_id JOIN delivery_attempts a ON a.delivery_id = s.id"
            " WHERE d.seq > s.seq"
        ),
    ]


async def _seed(store: SqlStore, clock: ManualClock, deliveries: int, slices: int) -> Principal:
    workspace = await create_workspace(store, clock, "Drain agency")
    await add_live_account(store, clock, workspace.id, "40001", "maya.live")
    owner = owner_of(workspace.id)
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
    sqlite = store.dialect == "sqlite"
    for n in range(slices):
        if n:
            clock.advance(hours=1)
        await create_action(store, clock, agent, "40001", f"seed{n}", "send_message", dict(MESSAGE))
        await dispatch_all(store, clock)
        await deliver_everything(store, clock)
        async with store.reading() as uow:
            found = await uow.conn.exec_driver_sql("SELECT id FROM events ORDER BY seq DESC")
            seed = found.first()[0]  # type: ignore[index]
        async with store.transaction() as uow:
            for sql in _copies(sqlite, deliveries // slices // ENDPOINTS - 1):
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
    clock.advance(days=30, hours=-slices + 0.5)  # no slice past its retention yet
    return agent


async def _creations(
    store: SqlStore, clock: ManualClock, agent: Principal, count: int, tag: str, every: float
) -> list[float]:
    """`count` creations, one every `every` seconds (a steady load, not back to back: a bench
    that creates flat out measures the queue for the write lock, not a creation), each timed
    from when it was due."""
    taken = []
    loop = asyncio.get_running_loop()
    start = loop.time()
    for n in range(count):
        due = start + n * every
        await asyncio.sleep(max(0.0, due - loop.time()))
        await create_action(
            store, clock, agent, "40001", f"{tag}{n}", "send_message", dict(MESSAGE)
        )
        # from when it was due: a creation that arrived while a statement held the event loop
        # waited for it, as a request would
        taken.append((loop.time() - due) * 1000)
    return taken


def _at(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


Timed = tuple[PruneReport, float]


async def _timed_prune(store: SqlStore, clock: ManualClock) -> Timed:
    """A prune as the worker runs it, and the seconds it took (not the creations' tail)."""
    started = time.perf_counter()
    report = await prune(store, clock, Retention())
    return report, time.perf_counter() - started


async def run(args: argparse.Namespace, url: str) -> None:
    store = SqlStore.from_url(url)
    await store.migrate()
    clock = ManualClock(dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    started = time.perf_counter()
    agent = await _seed(store, clock, args.deliveries, args.slices)
    async with store.reading() as uow:
        held = (await uow.conn.exec_driver_sql("SELECT count(*) FROM deliveries")).scalar()
    print(f"{store.dialect}: {held} deliveries seeded in {time.perf_counter() - started:.0f} s")
    every = 1 / args.rate
    rounds: list[Round] = []
    took = 0.0
    removed = {"deliveries": 0, "attempts": 0, "events": 0}
    held_ms: list[float] = []
    pruner_cpu = 0.0
    for n in range(args.slices):
        clock.advance(hours=1)  # one more slice past its retention

        async def creating(tag: str, drained: asyncio.Future[Timed]) -> list[float]:
            taken: list[float] = []
            while not drained.done():
                taken += await _creations(store, clock, agent, 10, f"{tag}{len(taken)}-", every)
            return taken

        cpu = time.process_time()
        drained = asyncio.ensure_future(_timed_prune(store, clock))
        busy = await creating(f"busy{n}-", drained)
        report, seconds = await drained
        cpu_busy, cpu = time.process_time() - cpu, time.process_time()
        # then as long again with nothing pruning: the round's baseline, on the same machine
        # a moment later, so a neighbour's burst of load falls on both sides alike
        count = max(10, int(max(args.least_idle, seconds) * args.rate))
        idle = await _creations(store, clock, agent, count, f"idle{n}-", every)
        # this process's CPU while pruning less the same creations' idle: the pruner's own
        # (PostgreSQL's server works apart), a figure the neighbours' load does not stretch
        pruner_cpu += cpu_busy - (time.process_time() - cpu) * len(busy) / max(1, len(idle))
        rounds.append(Round(report.removed["deliveries"], seconds, busy, idle))
        took += seconds
        held_ms += report.held_ms
        for kind in removed:
            removed[kind] += report.removed[kind]
        print(f"  round {n + 1}: {rounds[-1]}", flush=True)
    await store.close()
    done = removed["deliveries"]
    print(
        f"drained {done} deliveries ({removed['attempts']} attempts, {removed['events']} events)"
        f" in {args.slices} prunes taking {took:.1f} s ({took / 60:.2f} min): {done / took:.0f}"
        f" deliveries/s; 1M at this pace: {1_000_000 / (done / took) / 60:.1f} min;"
        f" {len(held_ms)} batches, held median {_at(held_ms, 0.5):.1f} ms,"
        f" p99 {_at(held_ms, 0.99):.1f} ms; the pruner's CPU in this process {pruner_cpu:.0f} s"
    )
    busy = [t for r in rounds for t in r.busy]
    idle = [t for r in rounds for t in r.idle]
    print(
        f"creation while pruning ÷ idle, median of the {len(rounds)} rounds' ratios:"
        f" p50 {statistics.median(r.ratio(0.5) for r in rounds):.2f}x,"
        f" p99 {statistics.median(r.ratio(0.99) for r in rounds):.2f}x;"
        f" pooled: p50 {_at(busy, 0.5):.2f} / {_at(idle, 0.5):.2f} ms,"
        f" p99 {_at(busy, 0.99):.2f} / {_at(idle, 0.99):.2f} ms"
        f" ({len(busy)} / {len(idle)} creations)"
    )


@frozen
class Round:
    """One slice pruned with creations beside it, then an idle window as long."""

    deliveries: int
    seconds: float
    busy: list[float]
    idle: list[float]

    def ratio(self, share: float) -> float:
        return _at(self.busy, share) / _at(self.idle, share)

    def __str__(self) -> str:
        return (
            f"{self.deliveries} in {self.seconds:.1f} s ({self.deliveries / self.seconds:.0f}/s);"
            f" creation p50 {_at(self.busy, 0.5):.2f} / {_at(self.idle, 0.5):.2f} ms idle"
            f" ({self.ratio(0.5):.2f}x), p99 {_at(self.busy, 0.99):.2f} /"
            f" {_at(self.idle, 0.99):.2f} ms ({self.ratio(0.99):.2f}x);"
            f" {len(self.busy)} / {len(self.idle)} creations"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deliveries", type=int, default=1_000_000)
    parser.add_argument("--slices", type=int, default=5, help="prunes, idle windows between")
    parser.add_argument(
        "--least-idle", type=float, default=3.0, help="seconds of the shortest idle window"
    )
    parser.add_argument("--rate", type=float, default=50, help="creations a second, both phases")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres-url", default="postgresql://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--quick", action="store_true", help="a tiny run: does the bench work")
    args = parser.parse_args(argv)
    if args.quick:
        args.deliveries, args.slices, args.least_idle = 3000, 2, 0.2
    if args.database == "postgresql":
        with scratch_database(args.postgres_url, "cs_drain") as url:
            asyncio.run(run(args, url))
        return
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(args, f"sqlite:///{Path(tmp) / 'drain.db'}"))


if __name__ == "__main__":
    main()
