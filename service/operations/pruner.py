"""Prunes what is no longer needed, in batches that each hold the write lock briefly.

Run by the worker on a schedule (runner.py) and by `countersign prune`. Each batch is its own
unit of work deleting rows of one kind, as many as fit in a target hold time (TARGET_HOLD, by
the pace of the kind's last batch), so pruning keeps up with a backlog on a fast machine and
stays brief on a loaded one; between batches, a pause as long as the batch, other writers get the
lock (SQLite's writers queue FIFO, PostgreSQL's never wait on rows pruning does not touch). On
SQLite a prune that removed anything ends by giving the freed pages back (incremental vacuum), so the
file stops growing instead of only stopping its growth on disk later. Every round then merges
what syncs queued beside the search indexes, so a search reads one structure, not one piece per
write (tidy_search).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from attrs import define, field

from service.domain.clock import Clock
from service.operations.model import (
    ALLOWANCE_USES_KEPT,
    FORGET_STOPPED_AFTER,
    LINKS_KEPT,
    Retention,
)
from service.ports import Store, UnitOfWork

log = logging.getLogger("countersign.prune")
BATCH = 25
"""Rows of one kind in a kind's first batch (a delivery's attempts go with it); later batches
are sized by how long the last one held the lock (Batches)."""
MOST_ROWS = 5000
"""Rows of one kind in any batch, whatever the hold time allows."""
TARGET_HOLD = 0.01
"""Seconds one batch may hold the write lock where every writer waits for it (SQLite): a
creation that arrives meanwhile waits for the batch, so this bounds what pruning adds to a
creation's latency. A fixed 25 rows held it 2 ms on an idle machine and capped pruning at ~480
rows a second, while the same rows took 100 ms on a machine with 4–6 runnable processes per
core."""
ROW_LOCKS_HOLD = 0.2
"""The same where a batch locks only the rows it deletes (PostgreSQL): no creation waits for
it, and a batch's round trips, not its rows, set its time; longer batches keep up."""
LOCK_SHARE = 0.5
"""The most of its time the pruner holds the write lock: after a batch that held it t seconds
it waits t × (1 - LOCK_SHARE) / LOCK_SHARE, so other writers (this process's queue FIFO for the
lock; another process's poll for it with growing sleeps) get it between batches."""
SHORTEST_PAUSE = 0.002
"""Seconds between two batches at least, however short the batch."""
PAUSE = 0.05
"""Seconds between two fixed-size batches (`batch=`) and the tidy-up's and vacuum's steps."""
RECLAIM_PAGES = 250
"""SQLite pages (4 KiB each) given back per vacuum batch (1 MB): moving pages to fill the
holes rewrites their parents, so a batch of 1,000 took 60–120 ms on a loaded machine."""
TIDY_PAGES = 100
"""Index pages merged per step of the search indexes' tidy-up (SQLite), each step its own short
unit: merging 1,000,000 fans' and messages' pieces took 244 steps, the longest holding the write
lock 20 ms, as long as a prune batch on a loaded machine (bench/scale.py prints them)."""
KINDS = (
    *("deliveries", "attempts", "events", "sessions", "invites", "links"),
    *("allowance_uses", "limit_uses", "heartbeats", "chat_messages", "chat_codes"),
)


@define
class PruneReport:
    removed: dict[str, int] = field(factory=lambda: dict.fromkeys(KINDS, 0))
    pages_reclaimed: int = 0
    search_merged: int = 0
    """Work the search indexes' tidy-up did (Retention.tidy_search's count)."""
    batches: int = 0
    longest_batch_ms: float = 0.0
    """The longest time one batch held its unit of work (the write lock) open."""
    longest_batch_cpu_ms: float = 0.0
    """The most CPU one batch used on this thread (SQLite runs statements inline): the work
    under the lock, apart from time the machine gave to other processes."""
    held_ms: list[float] = field(factory=list)
    """Every batch's hold, in order (what longest_batch_ms is the maximum of)."""
    cpu_ms: list[float] = field(factory=list)
    """Every batch's CPU time on this thread, in the same order."""
    longest_by_step: dict[str, float] = field(factory=dict)
    """The same per kind of batch (`deliveries`, `events`, …, `step` for a vacuum step). On
    SQLite it includes COMMIT, and a COMMIT may run a WAL checkpoint after it released the
    database's write lock: other processes' writers wait less than this."""

    @property
    def total(self) -> int:
        return sum(self.removed.values())


Step = Callable[[UnitOfWork], Awaitable[dict[str, int]]]


class Batches:
    """One kind's batch sizes: BATCH rows first, then as many as the last batch's pace says fit
    in TARGET_HOLD (at most twice, at least half, the last size); or `fixed` rows every time."""

    def __init__(self, fixed: int | None, target: float) -> None:
        self.size = fixed if fixed is not None else BATCH
        self.fixed = fixed is not None
        self.target = target

    def after(self, rows: int, held: float) -> float:
        """Size the next batch after one that removed `rows` holding the lock `held` seconds;
        returns the pause before it."""
        if self.fixed:
            return PAUSE
        if rows >= self.size:
            fits = self.size * self.target / max(held, 1e-6)
            self.size = int(min(MOST_ROWS, self.size * 2, max(self.size // 2, fits, 1)))
        return max(SHORTEST_PAUSE, held * (1 - LOCK_SHARE) / LOCK_SHARE)


async def prune(
    store: Store,
    clock: Clock,
    retention: Retention,
    *,
    batch: int | None = None,
    target_hold: float | None = None,
) -> PruneReport:
    """Everything due now, batch after batch, until every kind comes back short. Batches are
    sized to hold the write lock about `target_hold` seconds each (TARGET_HOLD or
    ROW_LOCKS_HOLD by the database), or `batch` rows each."""
    now = clock.now()
    report = PruneReport()
    if target_hold is None:
        async with store.reading() as uow:
            target_hold = TARGET_HOLD if uow.retention.writes_queue() else ROW_LOCKS_HOLD
    sizes = Batches(batch, target_hold)  # each kind's own, below; the steps read its size

    async def deliveries(uow: UnitOfWork) -> dict[str, int]:
        done, attempts = await uow.retention.prune_deliveries(
            retention.deliveries_before(now), sizes.size
        )
        return {"deliveries": done, "attempts": attempts}

    async def events(uow: UnitOfWork) -> dict[str, int]:
        return {
            "events": await uow.retention.prune_events(retention.events_before(now), sizes.size)
        }

    async def sessions(uow: UnitOfWork) -> dict[str, int]:
        return {"sessions": await uow.retention.prune_sessions(now, sizes.size)}

    async def invites(uow: UnitOfWork) -> dict[str, int]:
        return {"invites": await uow.retention.prune_invites(now, sizes.size)}

    async def links(uow: UnitOfWork) -> dict[str, int]:
        return {"links": await uow.retention.prune_links(now - LINKS_KEPT, sizes.size)}

    async def allowance_uses(uow: UnitOfWork) -> dict[str, int]:
        before = now - ALLOWANCE_USES_KEPT
        return {"allowance_uses": await uow.retention.prune_allowance_uses(before, sizes.size)}

    async def limit_uses(uow: UnitOfWork) -> dict[str, int]:
        before = now - ALLOWANCE_USES_KEPT  # a limit's window is a day too
        return {"limit_uses": await uow.retention.prune_limit_uses(before, sizes.size)}

    async def chat_messages(uow: UnitOfWork) -> dict[str, int]:
        # Kept as long as deliveries: a message's last edit is as old as its last event.
        before = retention.deliveries_before(now)
        return {"chat_messages": await uow.chat_messages.prune(before, sizes.size)}

    async def chat_codes(uow: UnitOfWork) -> dict[str, int]:
        return {"chat_codes": await uow.chat_codes.prune(now, sizes.size)}

    async def heartbeats(uow: UnitOfWork) -> dict[str, int]:
        return {"heartbeats": await uow.retention.prune_heartbeats(now - FORGET_STOPPED_AFTER)}

    # Deliveries go before events: an event is kept while any delivery refers to it.
    for step, lead in (
        (deliveries, "deliveries"),
        (events, "events"),
        (sessions, "sessions"),
        (invites, "invites"),
        (links, "links"),
        (allowance_uses, "allowance_uses"),
        (limit_uses, "limit_uses"),
        (chat_messages, "chat_messages"),
        (chat_codes, "chat_codes"),
        (heartbeats, "heartbeats"),
    ):
        sizes = Batches(batch, target_hold)
        while True:
            asked = sizes.size
            counts = await _batch(store, step, report)
            for kind, count in counts.items():
                report.removed[kind] += count
            if lead == "heartbeats" or counts[lead] < asked:
                break
            # let waiting writers take the lock between batches
            await asyncio.sleep(sizes.after(counts[lead], report.held_ms[-1] / 1000))
    if report.total:
        await _reclaim(store, report)
        log.info(
            "pruned %s; %d pages reclaimed; longest batch %.1f ms",
            ", ".join(f"{n} {k}" for k, n in report.removed.items() if n),
            report.pages_reclaimed,
            report.longest_batch_ms,
        )
    await tidy_search(store, report)
    return report


async def tidy_search(store: Store, report: PruneReport | None = None) -> PruneReport:
    """Merge the search indexes' queued pieces, TIDY_PAGES at a time, until nothing is left."""
    report = report if report is not None else PruneReport()

    async def search(uow: UnitOfWork) -> dict[str, int]:
        return {"search": await uow.retention.tidy_search(TIDY_PAGES)}

    while done := (await _batch(store, search, report))["search"]:
        report.search_merged += done
        await asyncio.sleep(PAUSE)
    return report


async def _batch(store: Store, step: Step, report: PruneReport) -> dict[str, int]:
    transaction = store.transaction()
    uow = await transaction.__aenter__()
    started = time.perf_counter()  # the lock is held from here (BEGIN IMMEDIATE) to COMMIT
    cpu = time.thread_time()
    try:
        counts = await step(uow)
    except BaseException as exc:
        await transaction.__aexit__(type(exc), exc, exc.__traceback__)
        raise
    await transaction.__aexit__(None, None, None)
    held = (time.perf_counter() - started) * 1000
    used = (time.thread_time() - cpu) * 1000
    report.held_ms.append(held)
    report.cpu_ms.append(used)
    report.longest_batch_cpu_ms = max(report.longest_batch_cpu_ms, used)
    report.batches += 1
    report.longest_batch_ms = max(report.longest_batch_ms, held)
    name = getattr(step, "__name__", "step")
    report.longest_by_step[name] = max(report.longest_by_step.get(name, 0.0), held)
    return counts


async def _reclaim(store: Store, report: PruneReport) -> None:
    """Free pages a few thousand at a time, each step its own short unit."""

    async def step(uow: UnitOfWork) -> dict[str, int]:
        return {"pages": await uow.retention.reclaim(RECLAIM_PAGES)}

    while True:
        freed = (await _batch(store, step, report))["pages"]
        report.pages_reclaimed += freed
        if freed < RECLAIM_PAGES:
            return
        await asyncio.sleep(PAUSE)
