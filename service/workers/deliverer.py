"""Sends due deliveries: claim with a lease (conditional write), send, record, repeat.

Several deliverers (in several processes) can share one database: a delivery is sent only by the
worker whose conditional claim won. Per ordering key (endpoint + account) only the oldest pending
delivery is ever due, so one account's events arrive in order.

Each delivery is its own task: a slow endpoint holds only its own deliveries, never a round of
others. At most `per_endpoint` deliveries to one endpoint are in flight at once (an endpoint at
its bound is left out of the due query, so its backlog cannot crowd out other endpoints) and at
most `concurrency` in all. A finished send wakes the loop at once; otherwise it looks for due
work every `idle_seconds`, so a new event waits at most that long behind anything.
`run_once()` sends until nothing is due now (tests call it after moving a ManualClock);
`run_forever()` is the background loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections import Counter
from typing import Any

from service.domain.clock import Clock
from service.domain.ids import new_id
from service.usecases.delivery import LEASE, attempt
from service.webhooks.sender import Sender
from service.workers.dispatcher import dispatch_all

log = logging.getLogger("countersign.deliverer")


class Deliverer:
    def __init__(
        self,
        store: Any,
        clock: Clock,
        sender: Sender,
        *,
        batch: int = 50,
        concurrency: int = 32,
        per_endpoint: int = 4,
        idle_seconds: float = 1.0,
    ) -> None:
        self.store = store
        self.clock = clock
        self.sender = sender
        self.batch = batch
        self.concurrency = concurrency
        self.per_endpoint = per_endpoint
        self.worker = f"dlv-{os.getpid()}-{new_id('', 8)}"
        self.idle_seconds = idle_seconds
        self.wakeup = asyncio.Event()
        self._flying: dict[asyncio.Task[int], str] = {}  # task → endpoint id
        self._sent = 0

    async def run_once(self) -> int:
        """Dispatch the outbox, then send until nothing is due now; returns attempts made."""
        await dispatch_all(self.store, self.clock)
        before = self._sent
        while True:
            await self._start_due()
            if not self._flying:
                return self._sent - before
            await asyncio.wait(list(self._flying), return_when=asyncio.FIRST_COMPLETED)

    async def run_forever(self) -> None:
        try:
            while True:
                self.wakeup.clear()
                try:
                    await dispatch_all(self.store, self.clock)
                    await self._start_due()
                except Exception:
                    log.exception("delivery round failed; retrying")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wakeup.wait(), self.idle_seconds)
        finally:
            for task in list(self._flying):
                task.cancel()

    async def _start_due(self) -> int:
        """Claim-and-send tasks for what is due now, within the bounds; returns how many."""
        room = self.concurrency - len(self._flying)
        if room <= 0:
            return 0
        busy = Counter(self._flying.values())
        full = [endpoint for endpoint, n in busy.items() if n >= self.per_endpoint]
        now = self.clock.now()
        async with self.store.reading() as uow:
            due = await uow.deliveries.due(now, min(self.batch, room), exclude_endpoints=full)
        started = 0
        for delivery_id, endpoint_id in due:
            if busy[endpoint_id] >= self.per_endpoint:
                continue
            busy[endpoint_id] += 1
            task = asyncio.create_task(self._one(delivery_id))
            self._flying[task] = endpoint_id
            task.add_done_callback(self._landed)
            started += 1
        return started

    def _landed(self, task: asyncio.Task[int]) -> None:
        self._flying.pop(task, None)
        if not task.cancelled():
            error = task.exception()
            if error is not None:
                log.error("delivery task failed", exc_info=error)
            else:
                self._sent += task.result()
        self.wakeup.set()

    async def _one(self, delivery_id: str) -> int:
        now = self.clock.now()
        async with self.store.transaction() as uow:
            claimed = await uow.deliveries.claim(delivery_id, self.worker, now, now + LEASE)
            if claimed is None:
                return 0  # another worker won, or it stopped being due
            endpoints = await uow.webhooks.get_by_ids([claimed.endpoint_id])
        await attempt(
            self.store,
            self.clock,
            self.sender,
            claimed,
            endpoints.get(claimed.endpoint_id),
            self.worker,
        )
        return 1
