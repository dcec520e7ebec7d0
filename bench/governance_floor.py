"""The floor under an allowance's cost: the rows an approval at creation must write, on the raw
driver, as a ratio to the rows a creation with no policy writes. No service code runs in the
timed loop, so the ratio is the databases' own price for the approval's record.

    python -m bench.governance_floor [--actions 2000] [--rounds 5] [--databases sqlite,postgres]

The goal for creating under an allowance is at least 0.9 of the rate with no policy. If the
database alone cannot write the approval's record at that rate, no implementation can; this
measures whether it can. On a migrated database (the service's own tables and indexes; SQLite
with the service's pragmas, PostgreSQL over asyncpg with one statement a creation, as the
service sends), each round times `--actions` creations of each variant one after another,
rotating which goes first:

- `none`: what a creation with no policy writes, the pending action and `action.created`;
- `record`: what the approval's record alone needs, the approved action (in the executor's due
  index instead of the inbox's), `action.created`, `action.approved` and the audit entry, and no
  allowance check at all (a lower bound: free counting);
- `allowance`: the record plus the use numbered after the newest, and the room check (two index
  probes), as the service writes it.

Values are prepared before the clock starts (ids, JSON the size of an action's rendering), so
only the database's work and the driver's call are timed. Prints each round and the medians of
the per-round ratios.

Its parts: governance_floor_rows.py (each creation's rows) and governance_floor_writes.py (how
each driver writes them).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from bench import quick
from bench.governance import loadavg
from bench.governance_floor_rows import WORKSPACE, rows
from bench.governance_floor_writes import (
    COUNTS,
    check_counts,
    postgres_arguments,
    postgres_statement,
    sqlite_connection,
    sqlite_creation,
)
from harness.scratch import scratch_database
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
VARIANTS = ("none", "record", "allowance")


def _rate(n: int, run: Callable[[dict[str, list[Any]]], Any], prepared: list) -> float:
    started = time.perf_counter()
    for one in prepared:
        run(one)
    return n / (time.perf_counter() - started)


async def _arate(n: int, run, prepared: list) -> float:
    started = time.perf_counter()
    for one in prepared:
        await run(one)
    return n / (time.perf_counter() - started)


async def _migrated(url: str) -> None:
    engine = make_engine(url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()


def sqlite_round(n: int, order: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/floor.db"
        asyncio.run(_migrated(f"sqlite:///{path}"))
        conn = sqlite_connection(path)
        try:
            for one in rows("none", 50, sqlite=True):  # warm up
                sqlite_creation(conn, one)
            rates = {
                v: _rate(n, lambda one: sqlite_creation(conn, one), rows(v, n, sqlite=True))
                for v in order
            }
            check_counts(n, [conn.execute(q).fetchone()[0] for q in COUNTS])
            return rates
        finally:
            conn.close()


def postgres_round(n: int, order: list[str]) -> dict[str, float]:
    with scratch_database(POSTGRES, "cs_floor") as url:
        return asyncio.run(_postgres_round(url, n, order))


async def _postgres_round(url: str, n: int, order: list[str]) -> dict[str, float]:
    import asyncpg

    await _migrated(url)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "INSERT INTO workspaces (id, name, created_at) VALUES ($1, 'Floor', now())",
            WORKSPACE,
        )
        statements = {v: postgres_statement(v) for v in VARIANTS}

        async def creation(variant: str, one: dict[str, list[Any]]) -> None:
            await conn.fetchval(statements[variant], *postgres_arguments(one))

        for one in rows("none", 50, sqlite=False):  # warm up
            await creation("none", one)
        rates = {}
        for v in order:
            prepared = rows(v, n, sqlite=False)
            rates[v] = await _arate(n, lambda one, v=v: creation(v, one), prepared)
        check_counts(n, [await conn.fetchval(q) for q in COUNTS])
        return rates
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--databases", default="sqlite,postgres")
    args = quick.parse(parser, None, actions=20, rounds=1, databases="sqlite")
    for database in args.databases.split(","):
        ratios: dict[str, list[float]] = {"record": [], "allowance": []}
        for r in range(args.rounds):
            order = list(VARIANTS[r % 3 :] + VARIANTS[: r % 3])
            if database == "sqlite":
                rates = sqlite_round(args.actions, order)
            else:
                rates = postgres_round(args.actions, order)
            for v, values in ratios.items():
                values.append(rates[v] / rates["none"])
            shown = "  ".join(f"{v} {rates[v]:7.0f}/s" for v in VARIANTS)
            print(f"{database:8} r{r + 1} {shown}  load {loadavg()}", flush=True)
        for v, values in ratios.items():
            per_round = " / ".join(f"{x:.2f}" for x in values)
            print(f"{database:8} {v} ÷ none: median {statistics.median(values):.2f} ({per_round})")


if __name__ == "__main__":
    main()
