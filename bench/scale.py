"""Scale benchmark, reads: p50/p95 of the hot reads as one account grows, beside the raw driver.

    .venv/bin/python -m bench.scale                               # 1k and 10k rows, both databases
    .venv/bin/python -m bench.scale --steps 1000,10000,100000     # a few minutes
    .venv/bin/python -m bench.scale --steps 1000,10000,100000,1000000 --requests 50   # full size
    .venv/bin/python -m bench.scale --database sqlite --steps 100000  # one database, one step
    .venv/bin/python -m bench.scale --through api --steps 10000,100000,1000000   # as requests
    .venv/bin/python -m bench.scale --database sqlite --steps 1000000 --statistics none --stall
    .venv/bin/python -m bench.scale --through http --steps 1000000 --stall   # as a user's requests

For each database and each size step N, a workspace of its own is seeded through the storage
layer, in one unit of work, by the repositories' own bulk writes: `fans.replace` (one
executemany upsert of all N fans), `synced.add_messages` in batches of 10,000, and actions as
`tables.actions` rows built by `rows.to_row`, inserted by executemany on the unit's connection
in batches of 10,000. The 1,000,000 step seeds in about 4 minutes on either database (2 shared
cores). Each workspace: one account with N fans (a tenth of them with "common" in the
username), one chat of N messages (a tenth with "refund"), and N actions over two accounts (1%
pending, 1% failed, the rest executed; none past its expiry). Earlier steps' rows stay in the
database, as other workspaces' would. Then the search indexes' tidy-up that every prune round
runs (service/operations/pruner.py: FTS5's pieces merged, the GIN indexes' pending lists of new
entries moved in; `--untidied` skips it, and every search then reads those, the lists up to 4 MB
each); the planner's statistics are what the product gathered after its batch writes
(`--statistics analyze`: ANALYZE by hand, `--vacuum` making it VACUUM ANALYZE on PostgreSQL;
`--statistics none`: every statistic deleted, as after a restore or a bulk load), and
each read runs `--requests` times in a reading unit of work, as the API's handlers run it,
interleaved round-robin so load on the machine hits every read alike; `--rounds` times over
(3 by default) on the same rows, and each figure is the median of the rounds' own p50 or p95.

The limits beside each read are measured in the same run: the plain first page of the same
table (fans, the chat's messages, the actions list) read with the raw driver (sqlite3 /
asyncpg) on the bare index, no store, no row conversion ("limit"), and the store's own plain
first page ("page"). The goals, checked at the end against the store's page: a search's p95 at
the largest step at most 2x the page's and at most 5 ms above it; a search's and each actions
list filter's p95 growing at most 1.5x per 10x rows from 10,000 rows up.

`--through api` runs the same reads as a client sends them, `GET /v1/...` with a live key of
the workspace, through the whole app in process (ASGI, no socket, as bench/hot_path_cpu.py
drives it; no workers, no rate limit): what a request costs at each size, the page included,
as the agency's requests were measured. The inbox (a dashboard page) is left out there.
`--through http` sends those requests over a socket to the service run by uvicorn in a process of
its own (bench/scale_http.py), as a user's requests reach it; with `--stall`, the cheap read and
the slowest read are requests too.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from bench import quick
from bench.scale_api import app_reads
from bench.scale_http import http_reads
from bench.scale_measure import Figures, measure_rounds, raw_reads
from bench.scale_seed import ACCOUNT, CHAT, NOW, seed
from bench.scale_stall import slowest, stall
from harness.scratch import run_admin
from storage.migrate import migrate
from storage.sql.store import SqlStore

PAGE = 26  # the API's default page of 25, plus the one that says whether there is more
Read = Callable[[], Awaitable[Any]]


def _store_reads(store: SqlStore, s: dict[str, Any]) -> dict[str, Read]:
    ws = s["ws"]

    def reading(call: Callable[[Any], Awaitable[Any]]) -> Read:
        async def read() -> Any:
            async with store.reading() as uow:
                return await call(uow)

        return read

    listing = {"mode": "live", "limit": PAGE, "now": NOW}
    return {
        "fans, first page": reading(lambda u: u.fans.list(ws, ACCOUNT, limit=PAGE)),
        "fans, deep page": reading(lambda u: u.fans.list(ws, ACCOUNT, after=s["deep"], limit=PAGE)),
        "fans search, one match": reading(
            lambda u: u.fans.list(ws, ACCOUNT, search=s["fan_term"], limit=PAGE)
        ),
        "fans search, a tenth": reading(
            lambda u: u.fans.list(ws, ACCOUNT, search="common", limit=PAGE)
        ),
        "fans search, two letters": reading(
            lambda u: u.fans.list(ws, ACCOUNT, search=s["fan_prefix"], limit=PAGE)
        ),
        "messages, first page": reading(
            lambda u: u.synced.rendered_messages(ws, ACCOUNT, CHAT, limit=PAGE)
        ),
        "messages search, one match": reading(
            lambda u: u.synced.rendered_messages(
                ws, ACCOUNT, CHAT, search=s["message_term"], limit=PAGE
            )
        ),
        "messages search, a tenth": reading(
            lambda u: u.synced.rendered_messages(ws, ACCOUNT, CHAT, search="refund", limit=PAGE)
        ),
        "actions": reading(lambda u: u.actions.list(ws, **listing)),
        "actions ?accountId=": reading(lambda u: u.actions.list(ws, account_id=ACCOUNT, **listing)),
        "actions ?status=failed": reading(lambda u: u.actions.list(ws, status="failed", **listing)),
        "actions ?status=pending": reading(
            lambda u: u.actions.list(ws, status="pending", **listing)
        ),
        "actions ?status=expired": reading(
            lambda u: u.actions.list(ws, status="expired", **listing)
        ),
        "actions ?accountId=&status=failed": reading(
            lambda u: u.actions.list(ws, account_id=ACCOUNT, status="failed", **listing)
        ),
        "inbox (pending, soonest first)": reading(
            lambda u: u.actions.pending_by_expiry(ws, mode="live", now=NOW)
        ),
    }


THROUGH = {"store": "", "api": ", through the API", "http": ", over HTTP (uvicorn)"}
"""How the reads are sent (`--through`), and how the report says so."""
TABLES = {"fans": "fans, first page", "messages": "messages, first page", "actions": "actions"}
"""Each read's table (the start of its name), and the store's plain first page of it."""


def _table(name: str) -> str:
    bare = name.removeprefix("limit: ")
    return next((k for k in TABLES if bare.startswith(k)), "actions")


SEARCHES = [
    "fans search, one match",
    "fans search, a tenth",
    "fans search, two letters",
    "messages search, one match",
    "messages search, a tenth",
]
FILTERS = [
    "actions",
    "actions ?accountId=",
    "actions ?status=failed",
    "actions ?status=pending",
    "actions ?status=expired",
    "actions ?accountId=&status=failed",
    "inbox (pending, soonest first)",
]


def checks(kind: str, by_step: dict[int, Figures]) -> list[str]:
    """The goals against the largest step, and growth per 10x rows from 10,000 up: a search's
    p95 at most 2x its table's plain first page and at most 5 ms above it; a search's and each
    actions list filter's p95 at most 1.5x per 10x rows."""
    steps = sorted(by_step)
    top = by_step[steps[-1]]
    lines = [f"\n{kind}: goals (p95s, medians of the rounds)"]
    for name in SEARCHES:
        page = top[TABLES[_table(name)]][1]
        p95 = top[name][1]
        ratio = "met" if p95 <= 2 * page else "MISSED"
        above = "met" if p95 <= page + 5 else "MISSED"
        lines.append(
            f"{name:40} at {steps[-1]:,}: {p95:.2f} ms = {p95 / page:.2f}x the page"
            f" ({page:.2f} ms): {ratio}; {p95 - page:+.2f} ms: {above}"
        )
    pairs = [(a, b) for a, b in itertools.pairwise(steps) if b == 10 * a and a >= 10_000]
    for name in [n for n in SEARCHES + FILTERS if n in top]:
        growth = [by_step[b][name][1] / by_step[a][name][1] for a, b in pairs]
        if growth:
            marks = ", ".join(
                f"{a // 1000:,}k->{b // 1000:,}k {g:.2f}x"
                for (a, b), g in zip(pairs, growth, strict=True)
            )
            verdict = "met" if max(growth) <= 1.5 else "MISSED"
            lines.append(f"{name:40} growth per 10x: {marks}: {verdict}")
    return lines


async def run_database(
    url: str,
    postgres: bool,
    steps: list[int],
    requests: int,
    rounds: int,
    vacuum: bool = False,
    tidy: bool = True,
    through: str = "store",
    kept: str = "product",
    stalls: bool = False,
) -> list[str]:
    store = SqlStore.from_url(url)
    await migrate(store.engine)
    rng = random.Random(32)
    lines: list[str] = []
    kind = ("PostgreSQL" if postgres else "SQLite") + THROUGH[through]
    by_step: dict[int, Figures] = {}
    try:
        for n in steps:
            started = time.perf_counter()
            s = await seed(store, n, rng, vacuum, tidy, kept)
            seeded = time.perf_counter() - started
            raw, close = await raw_reads(url, postgres, s["ws"])
            stop = None
            try:
                slow = slowest(store, s["ws"])
                if through == "http":
                    reads, slow, stop = await http_reads(url, store, s)
                elif through == "api":
                    reads, stop = await app_reads(url, store, s)
                else:
                    reads = _store_reads(store, s)
                figures = await measure_rounds({**raw, **reads}, requests, rounds)
                if stalls:
                    stall_lines = await stall(reads["fans, first page"], slow, requests, rounds)
            finally:
                await close()
                if stop is not None:
                    await stop()
            by_step[n] = figures
            table = [
                (
                    f"\n{kind}, {n:,} fans / messages in one chat / actions (seeded in {seeded:.1f} s;"
                    f" {rounds} rounds of {requests}; statistics: {kept}; load average {_load()}; search indexes"
                    f" tidied: %d merged in %d steps, the longest %.1f ms)" % s["tidied"]
                ),
                f"{'read':40} {'p50 ms':>8} {'p95 ms':>8} {'p95/limit':>10} {'p95/page':>9}",
            ]
            for name, (p50, p95) in figures.items():
                limit = figures[f"limit: {_table(name)} page"][1]
                page = figures[TABLES[_table(name)]][1]
                table.append(
                    f"{name:40} {p50:8.2f} {p95:8.2f} {p95 / limit:10.2f} {p95 / page:9.2f}"
                )
            table += stall_lines if stalls else []
            print("\n".join(table), flush=True)
            lines += table
        summary = checks(kind, by_step)
        print("\n".join(summary), flush=True)
        lines += summary
    finally:
        await store.close()
    return lines


def _load() -> str:
    with open("/proc/loadavg") as loadavg:
        return " ".join(loadavg.read().split()[:3])


async def run(args: argparse.Namespace) -> None:
    steps = [int(s) for s in args.steps.split(",")]
    if args.database in ("sqlite", "both"):
        with tempfile.TemporaryDirectory(prefix="cs-scale-") as folder:  # 1.7 GB at 1M rows
            url = f"sqlite:///{folder}/scale.db"
            await run_database(
                url,
                False,
                steps,
                args.requests,
                args.rounds,
                tidy=not args.untidied,
                through=args.through,
                kept=args.statistics,
                stalls=args.stall,
            )
    if args.database in ("postgresql", "both"):
        name = f"cs_scale_{uuid.uuid4().hex[:10]}"
        await run_admin(args.postgres_url, f'CREATE DATABASE "{name}"')
        try:
            url = args.postgres_url.rsplit("/", 1)[0] + "/" + name
            await run_database(
                url,
                True,
                steps,
                args.requests,
                args.rounds,
                args.vacuum,
                not args.untidied,
                args.through,
                args.statistics,
                args.stall,
            )
        finally:
            await run_admin(args.postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="1000,10000")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--untidied",
        action="store_true",
        help="leave the search indexes as the seed's writes left them (the prune round's merge"
        " not run: FTS5's pieces, GIN's pending lists)",
    )
    parser.add_argument(
        "--vacuum",
        action="store_true",
        help="PostgreSQL: VACUUM ANALYZE after seeding (the GIN indexes' pending lists merged,"
        " as autovacuum leaves them), not ANALYZE alone",
    )
    parser.add_argument(
        "--statistics",
        choices=["product", "analyze", "none"],
        default="product",
        help="the planner statistics: what the product gathers itself (the default), ANALYZE"
        " by hand after seeding, or none at all (a restore or a bulk load)",
    )
    parser.add_argument(
        "--stall",
        action="store_true",
        help="also a cheap read's p50 alone and beside the slowest read (bench/scale_stall.py)",
    )
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument(
        "--through",
        choices=list(THROUGH),
        default="store",
        help="read through the store's repositories (the default), as requests to the app in"
        " process (api) or as HTTP requests to the service under uvicorn (http)",
    )
    parser.add_argument("--postgres-url", default="postgresql://postgres@127.0.0.1:5432/test")
    asyncio.run(
        run(quick.parse(parser, None, steps="200", requests=3, rounds=1, database="sqlite"))
    )


if __name__ == "__main__":
    main()
