"""Part of bench/scale.py (`--stall`): a cheap read's p50 alone and while the slowest read the
API allows runs beside it, on the same event loop.

The slowest read: a messages search for two characters no message holds (`~~`): too short for
the trigram index, it checks every message of the chat in page order. On SQLite, where
statements run inline on the event loop, a read past its small budget is stopped and run again
in a worker thread (storage/sql/driver/sqlite.py); the goal is the cheap read's p50 beside it within
2x of alone. Alone and beside alternate, `rounds` times, and each figure is the median of the
rounds' p50s.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bench.scale_seed import ACCOUNT, CHAT
from storage.sql.store import SqlStore

Read = Callable[[], Awaitable[Any]]
NOWHERE = "~~"
"""Two characters no seeded message holds: the search reads the whole chat."""


def slowest(store: SqlStore, ws: str) -> Read:
    async def read() -> Any:
        async with store.reading() as uow:
            return await uow.synced.rendered_messages(ws, ACCOUNT, CHAT, search=NOWHERE)

    return read


async def _p50(cheap: Read, requests: int) -> float:
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        await cheap()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def stall(cheap: Read, slow: Read, requests: int, rounds: int) -> list[str]:
    """The cheap read's p50 alone and beside `slow` (run back to back while it is measured)."""
    alone, beside, slow_ms = [], [], []

    async def keep_running(stop: asyncio.Event) -> None:
        while not stop.is_set():
            started = time.perf_counter()
            await slow()
            slow_ms.append((time.perf_counter() - started) * 1000)

    for _ in range(rounds):
        alone.append(await _p50(cheap, requests))
        stop = asyncio.Event()
        running = asyncio.create_task(keep_running(stop))
        await asyncio.sleep(0)  # the slow read under way before the first cheap one
        beside.append(await _p50(cheap, requests))
        stop.set()
        await running
    a, b = statistics.median(alone), statistics.median(beside)
    line = (
        f"stall: cheap read p50 alone {a:.2f} ms, beside the slowest read {b:.2f} ms"
        f" ({b / a:.2f}x; goal at most 2x); the slowest read itself p50"
        f" {statistics.median(slow_ms):.1f} ms over {len(slow_ms)} runs"
    )
    return [line]
