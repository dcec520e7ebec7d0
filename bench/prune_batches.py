"""Benchmark: what one action costs on SQLite, and how long prune batches hold the lock.

    python -m bench.prune_batches [--actions 2400] [--rounds 4] [--batches 25,50]

Builds one SQLite file the way bench/growth.py does (a day of `--actions` actions through the
real use cases, 3 event endpoints, every delivery sent once), prints each table's and index's
bytes per action (SQLite's dbstat), then prunes copies of it with retention 0 (every delivery,
attempt and event goes), alternating the batch sizes round after round so that both see the
same machine: every batch's hold (BEGIN IMMEDIATE to COMMIT, wall clock) and CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from bench import growth, quick
from service.domain.clock import ManualClock
from service.operations.model import Retention
from service.operations.pruner import prune
from storage.sql.store import SqlStore


def sizes(path: Path, actions: int) -> None:
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = raw.execute(
        "SELECT d.name, m.tbl_name, sum(pgsize), sum(payload) FROM dbstat d "
        "JOIN sqlite_master m ON m.name = d.name GROUP BY d.name ORDER BY m.tbl_name, 3 DESC"
    ).fetchall()
    counts = {
        t: raw.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
        for t in ("actions", "events", "deliveries", "delivery_attempts")
    }
    raw.close()
    print(f"rows: {counts}")
    for table in ("actions", "events", "deliveries", "delivery_attempts"):
        mine = [r for r in rows if r[1] == table]
        total = sum(r[2] for r in mine)
        print(
            f"{table}: {total / actions:.0f} bytes per action with its indexes ("
            + ", ".join(f"{name} {size / actions:.0f}" for name, _t, size, _p in mine)
            + ")"
        )


async def prune_copy(source: Path, copy: Path, batch: int) -> tuple[list[float], list[float]]:
    for ext in ("", "-wal", "-shm"):
        if Path(f"{source}{ext}").exists():
            shutil.copy(f"{source}{ext}", f"{copy}{ext}")
    store = SqlStore.from_url(f"sqlite:///{copy}")
    clock = ManualClock(dt.datetime(2026, 1, 3, tzinfo=dt.UTC))
    report = await prune(store, clock, Retention(0, 0), batch=batch)
    await store.close()
    return report.held_ms, report.cpu_ms


def at(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(len(values) * share))]


async def main(args: argparse.Namespace, tmp: Path) -> None:
    source = tmp / "source.db"
    built = argparse.Namespace(
        days=1, per_day=args.actions, endpoints=3, scale=1.0, batch=None, database="sqlite"
    )
    await growth.run(built, source)
    sizes(source, args.actions)
    batches = [int(b) for b in args.batches.split(",")]
    held: dict[int, list[float]] = {b: [] for b in batches}
    cpu: dict[int, list[float]] = {b: [] for b in batches}
    for round_ in range(args.rounds):
        for batch in batches if round_ % 2 == 0 else batches[::-1]:
            h, c = await prune_copy(source, tmp / f"copy{batch}.db", batch)
            held[batch] += h
            cpu[batch] += c
    for batch in batches:
        h, c = sorted(held[batch]), sorted(cpu[batch])
        print(
            f"batch {batch}: {len(h)} batches; held median {at(h, 0.5):.1f}, p99 "
            f"{at(h, 0.99):.1f}, max {h[-1]:.1f} ms; CPU median {at(c, 0.5):.1f}, p99 "
            f"{at(c, 0.99):.1f}, max {c[-1]:.1f} ms"
        )
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2400)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--batches", default="25,50")
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(main(quick.parse(parser, None, actions=24, rounds=1, batches="25"), Path(tmp)))
