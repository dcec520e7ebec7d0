"""Would two fewer indexes on `actions` pay? The unfiltered list read from the status indexes.

    python -m bench.list_by_status_merge [--rows 200000] [--rounds 5] [--databases sqlite,postgres]

Every creation writes each index on `actions`; the unfiltered list's two (`ix_actions_list`,
`ix_actions_account_list`) hold nothing the status lists' (`ix_actions_status_list`,
`ix_actions_account_status_list`) do not, save the order across statuses. Dropping them would
make the unfiltered list a merge of one newest-first page per status. This measures both sides
of that trade on the raw driver, in one run, interleaved:

- a page of the list (25 and 100 rows; the workspace's and one account's) as today, and as the
  merge (each status's newest keys from its index, merged, then the page's rows by id);
- inserting actions with and without the two indexes (the same rows into two copies of the
  table), as µs per insert.

Seeds `--rows` actions in one workspace (50 accounts; 90% executed, the rest spread over the
other statuses) in a scratch database migrated to head. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench import quick
from harness.scratch import scratch_database
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
STATUSES = (
    "pending",
    "approved",
    "executing",
    "executed",
    "failed",
    "rejected",
    "expired",
    "cancelled",
)
SPREAD = ["executed"] * 90 + ["failed"] * 3 + ["rejected"] * 3 + ["expired"] * 2
SPREAD += ["pending", "cancelled"]
INSERT_COLUMNS = (
    "id, workspace_id, account_id, mode, type, status, params, summary, requested_by, "
    "idempotency_key, fingerprint, created_at, expires_at"
)
DROPPED = ("ix_actions_list", "ix_actions_account_list")


def _rows(n: int, start: int = 0, seed: int = 1) -> list[tuple[Any, ...]]:
    rng = random.Random(seed)
    base = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    rows = []
    for i in range(start, start + n):
        at = base + dt.timedelta(seconds=i)
        rows.append(
            (
                f"act_{i:020d}",
                "ws_bench",
                f"acc{i % 50}",
                "live",
                "send_message",
                rng.choice(SPREAD),
                '{"fanId":"1","text":"hello there"}',
                "Send a message",
                '{"kind":"api_key"}',
                f"k{i}",
                "0" * 64,
                at,
                at + dt.timedelta(days=1),
            )
        )
    return rows


def _today(account: bool) -> str:
    where = "workspace_id = :ws AND mode = 'live'" + (" AND account_id = :acc" if account else "")
    return f"SELECT * FROM actions WHERE {where} ORDER BY created_at DESC, id DESC LIMIT :lim"


def _merged(account: bool) -> str:
    where = "workspace_id = :ws AND mode = 'live'" + (" AND account_id = :acc" if account else "")
    arms = " UNION ALL ".join(
        f"SELECT * FROM (SELECT created_at, id FROM actions WHERE {where} AND status = '{s}' "
        "ORDER BY created_at DESC, id DESC LIMIT :lim) AS s" + str(n)
        for n, s in enumerate(STATUSES)
    )
    return (
        f"SELECT actions.* FROM ({arms} ORDER BY 1 DESC, 2 DESC LIMIT :lim) AS k "
        "JOIN actions ON actions.id = k.id ORDER BY k.created_at DESC, k.id DESC"
    )


def _numbered(sql: str) -> tuple[str, list[str]]:
    """`:name` binds as PostgreSQL's `$n`, and the names in order."""
    names: list[str] = []
    for name in ("ws", "acc", "lim"):
        if f":{name}" in sql:
            names.append(name)
            sql = sql.replace(f":{name}", f"${len(names)}")
    return sql, names


CASES = [
    (f"{'account' if acc else 'workspace'}, {lim} rows", acc, lim)
    for acc in (False, True)
    for lim in (25, 100)
]
Page = Callable[[str, dict[str, Any]], Awaitable[list[Any]]]
"""Runs one list statement (`:name` binds) and returns its rows."""
Insert = Callable[[str, tuple[Any, ...]], Awaitable[None]]
"""Inserts one action row, committed, into the copy named "all" or "fewer"."""


async def measure(page: Page, insert: Insert, rows: int, rounds: int) -> dict[str, list[float]]:
    """Both sides of the trade, interleaved: each list page as today and as the merge (which
    must answer the same rows), and 500 inserts into each copy of the table, per round."""
    for _label, acc, lim in CASES:
        args = {"ws": "ws_bench", "acc": "acc7", "lim": lim}
        assert await page(_today(acc), args) == await page(_merged(acc), args)
    results: dict[str, list[float]] = {}
    for r in range(rounds):
        for label, acc, lim in CASES:
            args = {"ws": "ws_bench", "acc": "acc7", "lim": lim}
            sides = [("today", _today(acc)), ("merged", _merged(acc))]
            for side, sql in sides if r % 2 == 0 else reversed(sides):
                started = time.perf_counter()
                for _ in range(200):
                    await page(sql, args)
                took = (time.perf_counter() - started) / 200 * 1e6
                results.setdefault(f"list {label}: {side}", []).append(took)
        batch = _rows(500, start=rows + 500 * r, seed=r + 2)
        for copy in ("all", "fewer") if r % 2 == 0 else ("fewer", "all"):
            started = time.perf_counter()
            for row in batch:
                await insert(copy, row)  # one commit per insert, as each creation commits
            took = (time.perf_counter() - started) / len(batch) * 1e6
            label = "insert, every index" if copy == "all" else "insert, two fewer"
            results.setdefault(label, []).append(took)
    return results


def _as_text(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*row[:11], row[11].isoformat(sep=" "), row[12].isoformat(sep=" "))


SQLITE_INSERT = f"INSERT INTO actions ({INSERT_COLUMNS}) VALUES ({', '.join('?' * 13)})"


def sqlite_run(rows: int, rounds: int) -> dict[str, list[float]]:
    """Two database files, one without the two indexes."""
    folder = Path(tempfile.mkdtemp(prefix="cs-merge-"))
    paths = {"all": folder / "all.db", "fewer": folder / "fewer.db"}
    for name, path in paths.items():
        engine = make_engine(f"sqlite:///{path}")
        asyncio.run(migrate(engine))
        asyncio.run(engine.dispose())
        conn = sqlite3.connect(path)
        if name == "fewer":
            for index in DROPPED:
                conn.execute(f"DROP INDEX {index}")
        conn.executemany(SQLITE_INSERT, [_as_text(r) for r in _rows(rows)])
        conn.commit()
        conn.execute("ANALYZE")
        conn.close()
    conns = {name: sqlite3.connect(path, isolation_level=None) for name, path in paths.items()}
    for conn in conns.values():
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")

    async def page(sql: str, args: dict[str, Any]) -> list[Any]:
        return conns["all"].execute(sql, args).fetchall()

    async def insert(copy: str, row: tuple[Any, ...]) -> None:
        conns[copy].execute(SQLITE_INSERT, _as_text(row))

    try:
        return asyncio.run(measure(page, insert, rows, rounds))
    finally:
        for conn in conns.values():
            conn.close()


def postgres_run(rows: int, rounds: int) -> dict[str, list[float]]:
    with scratch_database(POSTGRES, "cs_merge") as url:
        return asyncio.run(_postgres(url, rows, rounds))


async def _postgres(url: str, rows: int, rounds: int) -> dict[str, list[float]]:
    """One database; the second table is a copy of `actions` without the two indexes."""
    import asyncpg

    engine = make_engine(url)
    await migrate(engine)
    await engine.dispose()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "INSERT INTO workspaces (id, name, created_at) VALUES ('ws_bench', 'b', now())"
        )
        insert_sql = (
            f"INSERT INTO actions ({INSERT_COLUMNS}) "
            f"VALUES ({', '.join(f'${i}' for i in range(1, 14))})"
        )
        await conn.executemany(insert_sql, _rows(rows))
        await conn.execute("CREATE TABLE actions_fewer (LIKE actions INCLUDING ALL)")
        for index in DROPPED:
            columns = await conn.fetchval(
                "SELECT substring(indexdef from ' USING .*') FROM pg_indexes WHERE indexname = $1",
                index,
            )
            copied = await conn.fetchval(
                "SELECT indexname FROM pg_indexes WHERE tablename = 'actions_fewer' "
                "AND indexdef LIKE $1",
                "%" + columns,
            )
            await conn.execute(f'DROP INDEX "{copied}"')
        await conn.execute("VACUUM ANALYZE actions")
        prepared: dict[str, Any] = {}

        async def page(sql: str, args: dict[str, Any]) -> list[Any]:
            text, names = _numbered(sql)
            if text not in prepared:
                prepared[text] = await conn.prepare(text)
            return list(await prepared[text].fetch(*(args[n] for n in names)))

        inserts = {
            "all": await conn.prepare(insert_sql),
            "fewer": await conn.prepare(insert_sql.replace("INTO actions ", "INTO actions_fewer ")),
        }

        async def insert(copy: str, row: tuple[Any, ...]) -> None:
            await inserts[copy].fetch(*row)

        return await measure(page, insert, rows, rounds)
    finally:
        await conn.close()


def report(name: str, results: dict[str, list[float]]) -> None:
    for label, values in results.items():
        shown = " / ".join(f"{v:.0f}" for v in values)
        print(f"{name:8} {label:40} median {statistics.median(values):7.0f} µs  ({shown})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--databases", default="sqlite,postgres")
    args = quick.parse(parser, None, rows=500, rounds=1, databases="sqlite")
    for name in args.databases.split(","):
        if name == "sqlite":
            report(name, sqlite_run(args.rows, args.rounds))
        else:
            report(name, postgres_run(args.rows, args.rounds))


if __name__ == "__main__":
    main()
