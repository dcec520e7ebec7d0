"""Part of bench/scale.py: the limits beside each read (the plain first page of each table read
with the raw driver on its bare index) and the timing of a set of reads, interleaved and in
rounds, so a neighbour's job slows every read alike."""

from __future__ import annotations

import sqlite3
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from bench.scale_seed import ACCOUNT, CHAT

Read = Callable[[], Awaitable[Any]]


LIMITS = {  # the plain first page of each table, by its bare index
    "limit: fans page": "SELECT * FROM fans WHERE workspace_id = {0} AND account_id = {1}"
    " ORDER BY id LIMIT 26",
    "limit: messages page": "SELECT data FROM synced_messages WHERE workspace_id = {0}"
    " AND account_id = {1} AND fan_id = {2} ORDER BY created_at DESC, id DESC LIMIT 26",
    "limit: actions page": "SELECT * FROM actions WHERE workspace_id = {0} AND mode = 'live'"
    " ORDER BY created_at DESC, id DESC LIMIT 26",
}


async def raw_reads(url: str, postgres: bool, ws: str) -> tuple[dict[str, Read], Callable]:
    args = (ws, ACCOUNT, CHAT)
    if postgres:
        conn = await asyncpg.connect(url)
        reads: dict[str, Read] = {}
        for name, sql in LIMITS.items():
            text = sql.format("$1", "$2", "$3")
            used = args[: text.count("$")]
            reads[name] = lambda text=text, used=used: conn.fetch(text, *used)
        return reads, conn.close
    raw = sqlite3.connect(url.split("///", 1)[1], check_same_thread=False)
    reads = {}
    for name, sql in LIMITS.items():
        text = sql.format("?", "?", "?")
        used = args[: text.count("?")]

        async def read(text: str = text, used: tuple[str, ...] = used) -> Any:
            return raw.execute(text, used).fetchall()

        reads[name] = read

    async def close() -> None:
        raw.close()

    return reads, close


async def measure(reads: dict[str, Read], requests: int) -> dict[str, list[float]]:
    for read in reads.values():  # warm: statements prepared, pages cached
        await read()
    times: dict[str, list[float]] = {name: [] for name in reads}
    for _ in range(requests):
        for name, read in reads.items():
            started = time.perf_counter()
            await read()
            times[name].append((time.perf_counter() - started) * 1000)
    return times


def _p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


Figures = dict[str, tuple[float, float]]
"""Each read's p50 and p95 in ms: the median of the rounds' own."""


async def measure_rounds(reads: dict[str, Read], requests: int, rounds: int) -> Figures:
    """`rounds` measurements of every read on the same rows; each figure is the median of the
    rounds' percentiles, so one round a neighbour's job slowed moves no figure alone."""
    runs = [await measure(reads, requests) for _ in range(rounds)]
    return {
        name: (
            statistics.median(_p(run[name], 50) for run in runs),
            statistics.median(_p(run[name], 95) for run in runs),
        )
        for name in reads
    }
