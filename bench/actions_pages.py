"""Benchmark: page 1,000 of `GET /v1/actions` costs what page 1 costs, with 1,000,000 actions.

Seeds N actions into a scratch database with one bulk INSERT … SELECT (generate_series on
PostgreSQL, a recursive CTE on SQLite), walks `GET /v1/actions?limit=100` through the real app
(in-process ASGI: auth, validation, keyset query, cursor signing) to page 1,000, then times
page 1 and page 1,000 alternately, `--repeats` times each, and prints the medians and the ratio.

    .venv/bin/python -m bench.actions_pages --rows 1000000 --driver postgresql
    .venv/bin/python -m bench.actions_pages --rows 1000000 --driver sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import statistics
import tempfile
import time
import uuid
from pathlib import Path

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
COLUMNS = """(id, workspace_id, account_id, mode, type, status, params, summary,
  estimated_recipients, price, requested_by, idempotency_key, fingerprint, created_at,
  expires_at, warnings)"""
PG_SEED = f"""
INSERT INTO actions {COLUMNS}
SELECT 'act_' || lpad(g::text, 10, '0'), :ws, '40001', 'live', 'send_message', 'rejected',
  '{{"fanId": "f1", "text": "<p>hi</p>"}}'::jsonb, 'Send a message', 1, NULL,
  '{{"kind": "api_key", "label": "bench", "client": null, "tool": null}}'::jsonb,
  'seed-' || g, md5(g::text),
  CAST(:start AS timestamptz) + make_interval(secs => g / 1000.0),
  CAST(:start AS timestamptz) + make_interval(secs => g / 1000.0) + interval '7 days',
  '[]'::jsonb
FROM generate_series(1, :n) AS g
"""
SQLITE_SEED = f"""
WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < :n)
INSERT INTO actions {COLUMNS}
SELECT 'act_' || printf('%010d', n), :ws, '40001', 'live', 'send_message', 'rejected',
  '{{"fanId": "f1", "text": "<p>hi</p>"}}', 'Send a message', 1, NULL,
  '{{"kind": "api_key", "label": "bench", "client": null, "tool": null}}',
  'seed-' || n, hex(n),
  strftime('%Y-%m-%d %H:%M:%f', :start, '+' || (n / 1000.0) || ' seconds') || '000',
  strftime('%Y-%m-%d %H:%M:%f', :start, '+7 days', '+' || (n / 1000.0) || ' seconds') || '000',
  '[]'
FROM g
"""


async def seed(store: SqlStore, clock: ManualClock, rows: int) -> str:
    workspace = await create_workspace(store, clock, "Bench agency")
    async with store.transaction() as uow:
        await uow.accounts.add(
            Account(
                workspace_id=workspace.id,
                id="40001",
                mode="live",
                username="bench",
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
    postgres = store.dialect == "postgresql"
    start = START if postgres else START.strftime("%Y-%m-%d %H:%M:%S")
    async with store.engine.begin() as conn:
        await conn.execute(
            sa.text(PG_SEED if postgres else SQLITE_SEED),
            {"ws": workspace.id, "n": rows, "start": start},
        )
    async with store.engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(sa.text("VACUUM ANALYZE actions" if postgres else "ANALYZE"))
    print(f"seeded {rows:,} actions in {time.perf_counter() - started:.1f} s")
    return key


async def run(args: argparse.Namespace) -> None:
    clock = ManualClock(START)
    name = None
    if args.driver == "postgresql":
        name = f"cs_bench_{uuid.uuid4().hex[:8]}"
        await run_admin(args.postgres, f'CREATE DATABASE "{name}"')
        url = args.postgres.rsplit("/", 1)[0] + "/" + name
    else:
        url = f"sqlite:///{tempfile.mkdtemp()}/bench.db"
    try:
        store = SqlStore.from_url(url)
        await migrate(store.engine)
        key = await seed(store, clock, args.rows)
        app = create_app(bench_settings(url), store=store, clock=clock)
        transport = httpx.ASGITransport(app=app)
        headers = {"Authorization": f"Bearer {key}"}
        async with httpx.AsyncClient(transport=transport, base_url="http://bench.test") as client:

            async def page(cursor: str | None) -> tuple[float, dict]:
                params = {"limit": args.limit, **({"cursor": cursor} if cursor else {})}
                started = time.perf_counter()
                response = await client.get("/v1/actions", params=params, headers=headers)
                elapsed = time.perf_counter() - started
                assert response.status_code == 200, response.text
                return elapsed, response.json()

            cursors: list[str | None] = [None]
            for _ in range(args.page - 1):
                cursors.append((await page(cursors[-1]))[1]["nextCursor"])
            first, deep = [], []
            for _ in range(args.repeats):
                first.append((await page(None))[0])
                elapsed, body = await page(cursors[-1])
                deep.append(elapsed)
                assert len(body["data"]) == args.limit
        await store.close()
    finally:
        if name:
            await run_admin(args.postgres, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        elif url.startswith("sqlite"):
            Path(url.split(":///", 1)[1]).unlink(missing_ok=True)
    one, far = statistics.median(first) * 1000, statistics.median(deep) * 1000
    print(
        f"driver={args.driver} rows={args.rows:,} limit={args.limit} "
        f"loadavg={Path('/proc/loadavg').read_text().split()[:3]}"
    )
    print(
        f"page 1: {one:.2f} ms, page {args.page:,}: {far:.2f} ms (medians of {args.repeats}), "
        f"ratio {far / one:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--page", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--driver", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    asyncio.run(
        run(quick.parse(parser, None, rows=500, limit=10, page=3, repeats=1, driver="sqlite"))
    )


if __name__ == "__main__":
    main()
