"""What `/healthz` and `/metrics` report: which workers are alive and what work is waiting.

Workers prove they are alive by heartbeat rows in the shared database (service/runtime/runner.py),
so any replica answers for all of them. How many must be alive is a setting
(COUNTERSIGN_WORKERS_EXPECTED, default 1: the one `serve` of the embedded default runs its own
loops): the database cannot tell a worker that was scaled down from one that died."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Sequence

from attrs import frozen

from service.domain.clock import Clock
from service.operations.model import Backlog, Heartbeat
from service.ports import Store

PROBE_TIMEOUT = 2.0


@frozen
class Observation:
    now: dt.datetime
    workers_expected: int
    heartbeats: Sequence[Heartbeat]
    backlog: Backlog

    @property
    def alive(self) -> list[Heartbeat]:
        return [h for h in self.heartbeats if h.alive(self.now)]

    @property
    def stopped(self) -> list[Heartbeat]:
        return [h for h in self.heartbeats if not h.alive(self.now)]

    @property
    def workers_ok(self) -> bool:
        return len(self.alive) >= self.workers_expected

    @property
    def oldest_undelivered_age(self) -> float | None:
        oldest = self.backlog.oldest_undelivered_at
        return None if oldest is None else max(0.0, (self.now - oldest).total_seconds())


async def observe(store: Store, clock: Clock, workers_expected: int) -> Observation:
    """One read unit; raises (TimeoutError, StorageBusy, …) when the database does not answer."""
    async with asyncio.timeout(PROBE_TIMEOUT), store.reading() as uow:
        heartbeats = await uow.heartbeats.list()
        backlog = await uow.backlog.snapshot()
    return Observation(clock.now(), workers_expected, heartbeats, backlog)
