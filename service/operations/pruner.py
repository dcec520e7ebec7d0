"""Prunes what is no longer needed, in batches that each hold the write lock briefly.

Run by the worker on a schedule (runner.py) and by `countersign prune`. A batch is one unit of
work: statements deleting rows of one kind, each sized by the pace of the last to take about
Pace.step, run one after another until the batch has held the lock Pace.hold, or at once when
another writer of this process waits for the lock (SQLite's writers queue for one lock: a
creation waits for one statement, not a batch, and the batch's COMMIT is its own, off the loop).
After a batch, a pause in proportion to its hold (Pace.share) lets other processes' writers,
which poll for the lock, have it. On SQLite a prune
that removed anything ends by giving the freed pages back (incremental vacuum), so the file
stops growing instead of only stopping its growth on disk later. Every round then merges what
syncs queued beside the search indexes, so a search reads one structure, not one piece per
write (tidy_search).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from attrs import define, field, frozen

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
"""Rows of one kind in a kind's first statement (a delivery's attempts go with it); later
statements are sized by how long the last one took (Batches)."""
MOST_ROWS = 5000
"""Rows of one kind in any statement, whatever its pace allows."""


@frozen
class Pace:
    step: float
    """Seconds one statement should take: how long a writer that queued behind it waits."""
    hold: float
    """Seconds one batch (its statements and COMMIT) may hold the lock when no one waits."""
    share: float
    """The most of its time pruning holds the lock: after a batch that held it t seconds it
    pauses t × (1 - share) / share."""


QUEUED_WRITES = Pace(step=0.002, hold=0.010, share=0.75)
"""Where every writer waits for one lock (SQLite). 25 rows a batch and a fixed 50 ms pause
capped pruning at ~480 rows a second; 5,000-row statements held creations behind them 90 ms.
A creation queued behind a batch waits for the statement under way and the batch's COMMIT,
whose pages grow with the batch: 2 ms statements and 10 ms batches, against 4 and 25, brought a
creation's p50 while pruning from 2.3 to 1.5 times idle's and its p99 from 4.8 to 2.9 (median of
interleaved rounds, bench/prune_drain.py) for a sixth more CPU a row. A writer of this process
never needs the pause (it is handed the lock after the current statement), so the pause is only
for other processes' writers, which SQLite expects few of: a third of the hold (a quarter of the
time) leaves them a gap after every batch, where a pause as long as the hold halved the pace."""
ROW_LOCKS = Pace(step=0.05, hold=0.2, share=0.5)
"""Where a batch locks only the rows it deletes (PostgreSQL): no creation waits for it, and a
statement's round trip, not its rows, sets its time; longer statements keep up, and a pause as
long as the batch leaves the server's CPU and log to the requests half the time."""
CHECKPOINT_EVERY = 0.2
"""Seconds of pruning between two copies of SQLite's write-ahead log into the database file, off
the loop and in a pause (Retention.checkpoint). Each pruned delivery rewrites a page in each of
five indexes keyed by random ids, about 20 KB of log: the commit that passed the log's limit
(40 MB) copied it and synced the file, 80–250 ms with the lock held and the loop stopped, every
second or so; copied this often the log stays under that limit."""
SHORTEST_PAUSE = 0.002
"""Seconds between two batches at least, however short the batch."""
PAUSE = 0.05
"""Seconds between two fixed-size batches (`batch=`) and the tidy-up's steps."""
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
    """The same per kind of batch (`deliveries`, `events`, …, `reclaim` for giving pages
    back). On SQLite it includes the COMMIT, which runs in a worker thread."""

    @property
    def total(self) -> int:
        return sum(self.removed.values())


Step = Callable[[UnitOfWork], Awaitable[dict[str, int]]]


class Batches:
    """One kind's statement sizes: BATCH rows first, then as many as the last statement's pace
    says fit in `step` seconds (at most twice, at least half, the last size, and never under
    BATCH: on a machine short of CPU every statement is slow, and tiny ones spent the batches
    on their own BEGIN and COMMIT); or `fixed` rows every time."""

    def __init__(self, fixed: int | None, step: float) -> None:
        self.size = fixed if fixed is not None else BATCH
        self.fixed = fixed is not None
        self.step = step

    def after(self, rows: int, took: float) -> None:
        """Size the next statement after one that removed `rows` in `took` seconds."""
        if self.fixed or rows < self.size:  # a short one (the last of its kind) says nothing
            return
        fits = self.size * self.step / max(took, 1e-6)
        self.size = int(min(MOST_ROWS, self.size * 2, max(self.size // 2, fits, BATCH)))


def pause_after(held: float, pace: Pace) -> float:
    """Seconds to leave the lock to others after a batch that held it `held` seconds."""
    return max(SHORTEST_PAUSE, held * (1 - pace.share) / pace.share)


async def prune(
    store: Store,
    clock: Clock,
    retention: Retention,
    *,
    batch: int | None = None,
    pace: Pace | None = None,
) -> PruneReport:
    """Everything due now, batch after batch, until every kind comes back short. Batches follow
    `pace` (QUEUED_WRITES or ROW_LOCKS by the database), or are one statement of `batch` rows
    each, PAUSE apart."""
    now = clock.now()
    report = PruneReport()
    if pace is None:
        async with store.reading() as uow:
            pace = QUEUED_WRITES if uow.retention.writes_queue() else ROW_LOCKS
    sizes = Batches(batch, pace.step)  # each kind's own, below; the steps read its size

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

    copied = time.perf_counter()
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
        sizes = Batches(batch, pace.step)
        while True:
            counts, short = await _prune_batch(store, step, lead, sizes, pace, report)
            for kind, count in counts.items():
                report.removed[kind] += count
            checkpoint = time.perf_counter() - copied > CHECKPOINT_EVERY
            if checkpoint:
                copied = time.perf_counter()
            if short:
                if checkpoint:
                    await _checkpoint(store)
                break
            held = report.held_ms[-1] / 1000
            pause = asyncio.sleep(PAUSE if sizes.fixed else pause_after(held, pace))
            # the log is copied while no batch holds the lock: in the pause, beside it
            await (asyncio.gather(pause, _checkpoint(store)) if checkpoint else pause)
    if report.total:
        await _reclaim(store, report, pace)
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


async def _prune_batch(
    store: Store, step: Step, lead: str, sizes: Batches, pace: Pace, report: PruneReport
) -> tuple[dict[str, int], bool]:
    """One batch of `step`'s statements (one when sizes are fixed): the rows removed, and
    whether the last statement came back short (nothing more of that kind is due)."""
    removed: dict[str, int] = {}

    async def statements(uow: UnitOfWork) -> dict[str, int]:
        started = time.perf_counter()
        while True:
            asked = sizes.size
            before = time.perf_counter()
            counts = await step(uow)
            sizes.after(counts.get(lead, 0), time.perf_counter() - before)
            for kind, count in counts.items():
                removed[kind] = removed.get(kind, 0) + count
            if counts.get(lead, 0) < asked or lead == "heartbeats":
                return {"short": 1}
            if sizes.fixed or uow.retention.others_waiting():
                return {"short": 0}
            if time.perf_counter() - started + pace.step > pace.hold:
                return {"short": 0}

    statements.__name__ = getattr(step, "__name__", "step")
    short = (await _batch(store, statements, report))["short"]
    return removed, bool(short)


async def _batch(store: Store, step: Step, report: PruneReport) -> dict[str, int]:
    transaction = store.upkeep()
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


async def _checkpoint(store: Store) -> None:
    async with store.reading() as uow:
        await uow.retention.checkpoint()


async def _reclaim(store: Store, report: PruneReport, pace: Pace) -> None:
    """Free pages in batches paced as the deletes' (statements sized to take `pace.step`, a
    batch ending when a request waits): moving a page rewrites its parents, so a fixed 250 pages
    held a creation behind them 15–30 ms."""
    sizes = Batches(None, pace.step)

    async def reclaim(uow: UnitOfWork) -> dict[str, int]:
        return {"pages": await uow.retention.reclaim(sizes.size)}

    while True:
        counts, short = await _prune_batch(store, reclaim, "pages", sizes, pace, report)
        report.pages_reclaimed += counts.get("pages", 0)
        if short:
            return
        await asyncio.sleep(pause_after(report.held_ms[-1] / 1000, pace))
