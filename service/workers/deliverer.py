"""Sends due deliveries: claim with a lease (conditional write), send, record, repeat.

Several deliverers (in several processes) can share one database: a delivery is sent only by the
worker whose conditional claim won. Per ordering key (endpoint + account) only the oldest pending
delivery is ever due, so one account's events arrive in order. `run_once()` drains what is due
now (tests call it after moving a ManualClock); `run_forever()` is the background loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from service.domain.clock import Clock
from service.domain.ids import new_id
from service.webhooks.delivery import LEASE, attempt
from service.webhooks.sender import Sender
from service.workers.dispatcher import dispatch_all

log = logging.getLogger("countersign.deliverer")


class Deliverer:
    def __init__(self, store: Any, clock: Clock, sender: Sender, *, batch: int = 50,
                 concurrency: int = 10, idle_seconds: float = 1.0) -> None:
        self.store = store
        self.clock = clock
        self.sender = sender
        self.batch = batch
        self.worker = f"dlv-{os.getpid()}-{new_id('', 8)}"
        self.idle_seconds = idle_seconds
        self.wakeup = asyncio.Event()
        self._slots = asyncio.Semaphore(concurrency)

    async def run_once(self) -> int:
        """Dispatch the outbox, then send until nothing is due now; returns attempts made."""
        await dispatch_all(self.store, self.clock)
        total = 0
        while True:
            made = await self._round()
            total += made
            if made == 0:
                return total

    async def _round(self) -> int:
        now = self.clock.now()
        async with self.store.reading() as uow:
            due = await uow.deliveries.due(now, self.batch)
        results = await asyncio.gather(*(self._one(delivery_id) for delivery_id in due))
        return sum(results)

    async def _one(self, delivery_id: str) -> int:
        async with self._slots:
            now = self.clock.now()
            async with self.store.transaction() as uow:
                claimed = await uow.deliveries.claim(delivery_id, self.worker, now, now + LEASE)
                if claimed is None:
                    return 0  # another worker won, or it stopped being due
                endpoints = await uow.webhooks.get_by_ids([claimed.endpoint_id])
            await attempt(self.store, self.clock, self.sender, claimed,
                          endpoints.get(claimed.endpoint_id), self.worker)
            return 1

    async def run_forever(self) -> None:
        while True:
            try:
                await self.run_once()
            except Exception:
                log.exception("delivery round failed; retrying")
            self.wakeup.clear()
            try:
                await asyncio.wait_for(self.wakeup.wait(), self.idle_seconds)
            except TimeoutError:
                pass
