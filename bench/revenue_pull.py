"""Benchmark: draining the revenue pull costs the same per page at the end as at the start.

Seeds N transaction rows into a fresh database (PostgreSQL by default, with one bulk
INSERT … SELECT generate_series), then drains `GET /v1/revenue/transactions` page by page through
the real endpoint (in-process ASGI: auth, validation, keyset query, cursor signing, response
validation off) and compares the mean time of the first pages with the last ones. Keyset paging
on (workspace_id, seq) means the ratio should stay near 1; OFFSET paging would grow linearly.

    .venv/bin/python -m bench.revenue_pull --rows 1000000
    .venv/bin/python -m bench.revenue_pull --rows 100000 --driver sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import statistics
import tempfile
import time
import uuid

import httpx
import sqlalchemy as sa

from bench import quick
from bench.in_process import bench_settings
from harness.scratch import run_admin
from service.accounts.model import Account
from service.app import create_app
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.workspaces.usecases import create_workspace
from storage.migrate import migrate
from storage.sql.store import SqlStore

START = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)

PG_SEED = """
INSERT INTO transactions (seq, workspace_id, account_id, id, fan_id, kind, description, status,
  gross_cents, net_cents, fee_cents, vat_cents, currency, occurred_at, observed_at, deleted,
  fingerprint)
SELECT g, :ws, CASE WHEN g % 4 = 0 THEN '40002' ELSE '40001' END, 'tx' || (g / 2), 'fan' || (g % 997),
  'tip', 'Tip', CASE WHEN g % 2 = 0 THEN 'completed' ELSE 'pending' END, 1000, 800, 200, 0, 'USD',
  CAST(:start AS timestamptz) + make_interval(secs => g / 1000.0),
  CAST(:start AS timestamptz) + make_interval(secs => g / 1000.0),
  false, md5(g::text)
FROM generate_series(1, :n) AS g
"""

SQLITE_SEED = """
WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < :n)
INSERT INTO transactions (seq, workspace_id, account_id, id, fan_id, kind, description, status,
  gross_cents, net_cents, fee_cents, vat_cents, currency, occurred_at, observed_at, deleted,
  fingerprint)
SELECT n, :ws, CASE WHEN n % 4 = 0 THEN '40002' ELSE '40001' END, 'tx' || (n / 2), 'fan' || (n % 997),
  'tip', 'Tip', CASE WHEN n % 2 = 0 THEN 'completed' ELSE 'pending' END, 1000, 800, 200, 0, 'USD',
  :start, :start, 0, hex(n)
FROM g
"""


async def seed(store: SqlStore, clock: ManualClock, rows: int) -> tuple[str, str]:
    workspace = await create_workspace(store, clock, "Bench agency")
    for account_id in ("40001", "40002"):
        async with store.transaction() as uow:
            await uow.accounts.add(
                Account(
                    workspace_id=workspace.id,
                    id=account_id,
                    mode="live",
                    username=account_id,
                    name=None,
                    avatar_url=None,
                    status="healthy",
                    status_reason=None,
                    writes_enabled=True,
                    linked_at=START,
                    last_synced_at=START,
                    counts={},
                    revenue30d={},
                )
            )
    _, key = await create_key(
        store, clock, Principal.operator(workspace.id), name="bench", scopes=["read"], mode="live"
    )
    started = time.perf_counter()
    sql = PG_SEED if store.dialect == "postgresql" else SQLITE_SEED
    start = START if store.dialect == "postgresql" else START.strftime("%Y-%m-%d %H:%M:%S.%f")
    async with store.engine.begin() as conn:
        await conn.execute(sa.text(sql), {"ws": workspace.id, "n": rows, "start": start})
        await conn.execute(
            sa.text("INSERT INTO counters (name, value) VALUES ('transactions', :n)"), {"n": rows}
        )
    if store.dialect == "postgresql":
        async with store.engine.connect() as conn:
            conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(sa.text("VACUUM ANALYZE transactions"))
    print(f"seeded {rows:,} rows in {time.perf_counter() - started:.1f} s")
    return workspace.id, key


async def drain(client: httpx.AsyncClient, key: str, limit: int) -> list[float]:
    """Every page of a full drain from the beginning; returns the seconds each page took."""
    timings: list[float] = []
    params: dict = {"since": "2000-01-01T00:00:00Z", "limit": limit}
    total = 0
    while True:
        started = time.perf_counter()
        response = await client.get(
            "/v1/revenue/transactions", params=params, headers={"x-service-api-key": key}
        )
        timings.append(time.perf_counter() - started)
        body = response.json()
        assert response.status_code == 200, body
        total += body["count"]
        if not body["hasMore"]:
            print(f"drained {total:,} rows in {len(timings):,} pages")
            return timings
        params = {"cursor": body["nextCursor"], "limit": limit}


async def time_queries(
    store: SqlStore, workspace_id: str, rows: int, limit: int, repeats: int
) -> dict[str, float]:
    """The storage query alone (no HTTP, JSON or Python row handling), at both ends, with the
    query plan PostgreSQL chose for the end."""
    positions = {"start": 0, "end": max(0, rows - 2 * limit)}
    samples: dict[str, list[float]] = {name: [] for name in positions}
    for _ in range(repeats):  # interleaved, so both ends see the same machine
        for name, after in positions.items():
            started = time.perf_counter()
            async with store.reading() as uow:
                page = await uow.transactions.page(
                    workspace_id, mode="live", after_seq=after, limit=limit + 1
                )
            samples[name].append(time.perf_counter() - started)
            assert page and page[0]["seq"] == after + 1
    out = {name: statistics.median(values) * 1000 for name, values in samples.items()}
    if store.dialect == "postgresql":
        async with store.reading() as uow:
            plan = await uow.conn.execute(
                sa.text(
                    "EXPLAIN ANALYZE SELECT t.* FROM transactions t JOIN accounts a "
                    "ON a.workspace_id = t.workspace_id AND a.id = t.account_id "
                    "WHERE t.workspace_id = :ws AND a.mode = 'live' AND t.seq > :after "
                    "ORDER BY t.seq LIMIT :limit"
                ),
                {"ws": workspace_id, "after": max(0, rows - 2 * limit), "limit": limit + 1},
            )
            print("plan at the end:\n  " + "\n  ".join(r[0] for r in plan))
    return out


async def run(args: argparse.Namespace) -> None:
    clock = ManualClock(START)
    if args.driver == "postgresql":
        name = f"cs_bench_{uuid.uuid4().hex[:8]}"
        await run_admin(args.postgres, f'CREATE DATABASE "{name}"')
        url = args.postgres.rsplit("/", 1)[0] + "/" + name
    else:
        name = None
        url = f"sqlite:///{tempfile.mkdtemp()}/bench.db"
    try:
        store = SqlStore.from_url(url)
        await migrate(store.engine)
        workspace_id, key = await seed(store, clock, args.rows)
        settings = bench_settings(url)
        query_times = await time_queries(store, workspace_id, args.rows, args.limit, args.sample)
        app = create_app(settings, store=store, clock=clock)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench.test") as client:
            timings = await drain(client, key, args.limit)
        await store.close()
    finally:
        if name:
            await run_admin(args.postgres, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    k = min(args.sample, len(timings) // 2)
    first = statistics.median(timings[:k]) * 1000
    last = statistics.median(timings[-k - 1 : -1] or timings[-k:]) * 1000
    print(f"driver={args.driver} rows={args.rows:,} limit={args.limit}")
    print(f"median of the first {k} pages: {first:.2f} ms")
    print(f"median of the last {k} full pages: {last:.2f} ms")
    print(f"end/start ratio: {last / first:.2f}")
    print(
        f"storage query alone (median of {args.sample}): start "
        f"{query_times['start']:.2f} ms, end {query_times['end']:.2f} ms, ratio "
        f"{query_times['end'] / query_times['start']:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=20, help="pages at each end")
    parser.add_argument("--driver", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    asyncio.run(run(quick.parse(parser, None, rows=500, limit=50, sample=2, driver="sqlite")))


if __name__ == "__main__":
    main()
