"""Benchmark: does a SQLite database stop growing under the default retention?

    python -m bench.growth [--days 90] [--per-day 10000] [--endpoints 3] [--scale 1.0]
                           [--database sqlite|postgresql] [--postgres-url URL]

Simulates `--days` days on an injected clock, with `--per-day × --scale` actions a day spread
evenly over the hours. Each action is created through the real use case (its row and its
`action.created` event, as the API writes them), then executed (the row moves to `executed`
with its `action.executed` event, as the executor writes it). Every simulated hour the real
dispatcher fans events out to `--endpoints` event endpoints, every delivery is recorded as
sent once (the deliverer's own statements: claim, one attempt row, succeeded; no HTTP, which
is not what grows), and the real pruner runs with the default retention, as the worker does
hourly (COUNTERSIGN_PRUNE_INTERVAL). The file is migrated by `SqlStore.migrate`, so it uses
incremental auto-vacuum like a migrated deployment.

It prints, per simulated 10 days and at the end: rows of deliveries, attempts, events and
actions; the file size (after a WAL checkpoint); and the longest time one prune batch held its
write transaction. The checks: delivery, attempt and event rows stay within 31 days' worth;
the file at the last day is at most 1.2x its size on day 31; no prune batch over 100 ms.
`--scale` below 1 scales the rows per day down (documented in the output) when a full run is
too slow; all ratios are per day, so they hold at any scale.

On PostgreSQL (`--database postgresql`, a scratch database on `--postgres-url`'s server) the
same run checks the rows; the size (pg_total_relation_size of every table, day N against day
31) is information, since PostgreSQL reuses freed space rather than giving it back. The write
lock there is per row: another writer is timed committing a small transaction during prunes.

The lock figures: how long each prune batch held its write transaction (BEGIN IMMEDIATE to
COMMIT on SQLite, BEGIN to COMMIT on PostgreSQL) as the pruner timed it, with its CPU time; and on
SQLite a probe in another connection, taking the write lock again and again during prunes,
alternately the way a second process of ours waits (SQLite's busy handler, which polls with
growing sleeps) and by polling every half millisecond (how long the lock was unavailable to
it, close to the hold itself).

Its parts: growth_tables.py (sizes and rows, measured each day) and growth_probes.py (the
other writer timed during prunes).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import tempfile
import time
from pathlib import Path

from bench import quick
from bench.growth_probes import LockProbe, PgWriterProbe
from bench.growth_tables import KEPT_FOR_EVER, counts, pg_size_of, size_of, vacuum_pruned
from harness.scratch import scratch_database
from service.actions.creation import create_action
from service.actions.lifecycle import action_event
from service.domain.clock import ManualClock
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.operations.model import Retention
from service.operations.pruner import prune
from service.webhooks.dispatch import dispatch_all
from service.webhooks.models import DeliveryAttempt
from service.webhooks.usecases import add_event_endpoint
from service.workspaces.usecases import create_workspace
from storage.sql.store import SqlStore
from tests.factories import add_live_account, owner_of

PUBLIC = "http://countersign.bench"
MESSAGE = {"fanId": "123456", "text": "<p>Thanks for subscribing! Here is something for you.</p>"}


async def deliver_everything(store: SqlStore, clock: ManualClock) -> int:
    """What the deliverer writes for a delivery sent once with a 200: claim, attempt, succeed."""
    sent = 0
    while True:
        now = clock.now()
        async with store.transaction() as uow:
            due = [d for d, _endpoint in await uow.deliveries.due(now, 500)]
            claimed = await uow.deliveries.claim_many(
                due, "bench", now, now + dt.timedelta(minutes=1)
            )
        if not claimed:
            return sent
        async with store.transaction() as uow:
            await uow.deliveries.add_attempts(
                [DeliveryAttempt(new_id("att_"), d.id, now, 200, "ok", 12, None) for d in claimed]
            )
            await uow.deliveries.succeed_many([d.id for d in claimed], "bench")
        sent += len(claimed)


async def run(args: argparse.Namespace, path: Path | None, url: str | None = None) -> int:
    store = SqlStore.from_url(url or f"sqlite:///{path}")
    await store.migrate()
    sqlite = path is not None

    autovacuum_off = False
    if not sqlite:
        async with store.reading() as uow:
            setting = (await uow.conn.exec_driver_sql("SHOW autovacuum")).scalar()
        autovacuum_off = setting == "off"
        if autovacuum_off:
            print(
                "PostgreSQL's autovacuum is off on this server: the bench VACUUMs the pruned "
                "tables once a simulated day instead, as autovacuum would",
                flush=True,
            )

    async def measure() -> tuple[int, int, dict[str, int]]:
        return size_of(path) if path is not None else await pg_size_of(store)

    clock = ManualClock(dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    workspace = await create_workspace(store, clock, "Growth agency")
    await add_live_account(store, clock, workspace.id, "40001", "maya.live")
    person = owner_of(workspace.id)
    probe: LockProbe | PgWriterProbe = (
        LockProbe(path) if path is not None else PgWriterProbe(str(url))
    )
    probe.thread.start()
    box = SecretBox("bench-secret")
    for n in range(args.endpoints):
        await add_event_endpoint(
            store, clock, person, f"http://127.0.0.1:9/hooks{n}", box=box, allow_loopback=True
        )
    agent = Principal(
        workspace_id=workspace.id,
        mode="live",
        kind="api_key",
        label="backend",
        scopes=frozenset({"read", "write"}),
        key_id="key_bench",
    )
    per_day = max(24, int(args.per_day * args.scale))
    per_hour = per_day // 24
    per_day = per_hour * 24
    retention = Retention()
    longest_batch = 0.0
    longest_cpu = 0.0
    holds: list[float] = []
    every_hold: list[float] = []  # every batch of every prune after something was due
    every_cpu: list[float] = []
    by_step: dict[str, float] = {}
    removed = 0
    sizes: dict[int, int] = {}
    kept: dict[int, int] = {}
    tables: dict[int, dict[str, int]] = {}
    rows: dict[int, dict[str, int]] = {}
    made = 0
    started = time.perf_counter()
    print(
        f"{args.days} days x {per_day} actions/day (scale {args.scale} of {args.per_day}), "
        f"{args.endpoints} endpoints, retention {retention.deliveries_days}/"
        f"{retention.events_days} days; prune batch {args.batch or 'sized by hold time'}; "
        f"{f'file {path}' if sqlite else 'PostgreSQL'}; "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    for day in range(1, args.days + 1):
        for _hour in range(24):
            for _ in range(per_hour):
                made += 1
                created = await create_action(
                    store,
                    clock,
                    agent,
                    "40001",
                    f"k{made}",
                    "send_message",
                    dict(MESSAGE),
                )
                action = created.action
                now = clock.now()
                async with store.transaction() as uow:
                    done = await uow.actions.transition(
                        action.id,
                        ["pending"],
                        "executed",
                        executed_at=now,
                        decided_at=now,
                        result={"messageId": "m1"},
                    )
                    assert done is not None
                    await uow.events.add(action_event("action.executed", done, now))
                clock.advance(seconds=3600 / per_hour)
            await dispatch_all(store, clock)
            await deliver_everything(store, clock)
            probe.start_prune()
            report = await prune(store, clock, retention, batch=args.batch)
            probe.end_prune()
            longest_batch = max(longest_batch, report.longest_batch_ms)
            longest_cpu = max(longest_cpu, report.longest_batch_cpu_ms)
            if report.total:
                holds.append(report.longest_batch_ms)
                every_hold.extend(report.held_ms)
                every_cpu.extend(report.cpu_ms)
            for name, held in report.longest_by_step.items():
                by_step[name] = max(by_step.get(name, 0.0), held)
            removed += report.total
        if autovacuum_off:
            await vacuum_pruned(str(url))
        sizes[day], kept[day], tables[day] = await measure()
        rows[day] = await counts(store)
        if day % 10 == 0 or day in (31, args.days):
            print(
                f"day {day:>3}: {rows[day]}  {'file' if sqlite else 'tables'} "
                f"{sizes[day] / 1e6:.1f} MB  another writer waited at most "
                f"{probe.longest_wait_ms:.1f} ms (polling {probe.longest_unavailable_ms:.1f}); "
                f"longest prune batch so far {longest_batch:.1f} ms "
                f"({', '.join(f'{k} {v:.0f}' for k, v in sorted(by_step.items()))})  "
                f"({time.perf_counter() - started:.0f} s, load {os.getloadavg()[0]:.1f})",
                flush=True,
            )
    probe.stop.set()
    probe.thread.join()
    await store.close()
    last = args.days
    per_day_rows = {
        "events": 2 * per_day,
        "deliveries": 2 * per_day * args.endpoints,
        "delivery_attempts": 2 * per_day * args.endpoints,
    }
    worst = {t: max(rows[d][t] for d in rows) for t in per_day_rows}
    print("\nresults")
    ok = True
    for table, daily in per_day_rows.items():
        within = worst[table] <= 31 * daily
        ok &= within
        print(
            f"  {table:<18} max {worst[table]:>9} rows = {worst[table] / daily:.1f} days' worth "
            f"(limit 31) {'ok' if within else 'OVER'}"
        )
    for day in sorted({min(31, last), last}):
        print(
            f"  bytes per action a day, day {day} (table with its indexes): "
            + ", ".join(
                f"{name} {size / per_day / min(day, 30):.0f}"
                if name not in KEPT_FOR_EVER
                else f"{name} {size / per_day / day:.0f} (all days)"
                for name, size in sorted(tables[day].items(), key=lambda kv: -kv[1])[:6]
            )
        )
    if last >= 31:
        ratio = sizes[last] / sizes[31]
        if sqlite:
            ok &= ratio <= 1.2
        print(
            f"  {'file' if sqlite else 'tables (information)'} day 31 {sizes[31] / 1e6:.1f} MB, "
            f"day {last} {sizes[last] / 1e6:.1f} MB: {ratio:.3f}x"
            + (f" (limit 1.2) {'ok' if ratio <= 1.2 else 'OVER'}" if sqlite else "")
        )
        rest = (sizes[last] - kept[last]) / (sizes[31] - kept[31])
        print(
            f"  of which kept for ever ({', '.join(KEPT_FOR_EVER)} and their indexes): day 31 "
            f"{kept[31] / 1e6:.1f} MB, day {last} {kept[last] / 1e6:.1f} MB "
            f"({(kept[last] - kept[31]) / (last - 31) / per_day:.0f} bytes per action); "
            f"the rest: {rest:.3f}x"
        )
    waited = probe.longest_wait_ms
    ok &= waited < 100
    if sqlite:
        print(
            f"  the write lock while pruning: another process's writer waited at most "
            f"{waited:.1f} ms (limit 100) {'ok' if waited < 100 else 'OVER'}; polling every "
            f"0.5 ms, the lock was unavailable at most {probe.longest_unavailable_ms:.1f} ms"
        )
    else:
        print(
            f"  while pruning, another connection's write transaction took at most "
            f"{waited:.1f} ms (limit 100) {'ok' if waited < 100 else 'OVER'}"
        )
    print(
        f"  longest prune batch as the pruner timed it, COMMIT included (a COMMIT may run a "
        f"WAL checkpoint after releasing the lock): {longest_batch:.1f} ms "
        f"({', '.join(f'{k} {v:.0f}' for k, v in sorted(by_step.items()))}); "
        f"{removed} rows pruned in all"
    )
    if holds:
        holds.sort()
        print(
            f"  per prune round, its longest batch: median {holds[len(holds) // 2]:.1f} ms, "
            f"p99 {holds[int(len(holds) * 0.99)]:.1f} ms over {len(holds)} rounds"
        )
        for name, values in (("held (wall)", every_hold), ("CPU", every_cpu)):
            values.sort()
            print(
                f"  every batch of the rounds that pruned, {name}: median "
                f"{values[len(values) // 2]:.1f} ms, p99 {values[int(len(values) * 0.99)]:.1f} "
                f"ms, p99.9 {values[int(len(values) * 0.999)]:.1f} ms, max {values[-1]:.1f} ms "
                f"over {len(values)} batches"
            )
        print(f"  load average at the end: {os.getloadavg()}")
    print(f"  actions kept: {rows[last]['actions']} (idempotency keys never expire)")
    return 0 if ok else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--per-day", type=int, default=10_000)
    parser.add_argument("--endpoints", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--batch", type=int, default=None, help="rows per prune batch")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres-url", default="postgresql://postgres@127.0.0.1:5432/postgres")
    args = quick.parse(parser, None, days=2, per_day=24, endpoints=1, scale=1.0)
    if args.database == "postgresql":
        with scratch_database(args.postgres_url, "cs_growth") as url:
            raise SystemExit(asyncio.run(run(args, None, url)))
    with tempfile.TemporaryDirectory() as tmp:
        raise SystemExit(asyncio.run(run(args, Path(tmp) / "growth.db")))


if __name__ == "__main__":
    main()
