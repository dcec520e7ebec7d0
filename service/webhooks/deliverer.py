"""Sends due deliveries: claim with a lease (conditional write), send, record, repeat.

Several deliverers (in several processes) can share one database: a delivery is sent only by the
worker whose conditional claim won. Each delivery keeps its own retry schedule: an event never
waits behind another's retries, so receivers order by the envelope's `sequence`, not by arrival.

The loop works in rounds of one write transaction: record every send that finished since the
last round (attempt rows, new states, endpoint health), then read what is due now and claim all
of it that fits the bounds with one conditional UPDATE (a lease each). Sends that finish while a
round is writing go into the next one, so a busy deliverer writes one transaction per batch
instead of two per delivery, and an idle one records a single send at once. With nothing to
record, a round reads what is due before it takes the write lock.

Each claimed delivery is then sent by its own task: a slow endpoint holds only its own
deliveries, never a round of others. At most `per_endpoint` deliveries to one endpoint are in
flight at once (an endpoint at its bound is left out of the due query, so its backlog cannot
crowd out other endpoints) and at most `concurrency` in all. A finished send wakes the loop at
once, as does `wakeup` (set by this process's executor when it commits an action's event);
otherwise it looks for due work every `idle_seconds`, so a new event waits at most that long
behind anything.
`run_once()` sends until nothing is due now (tests call it after moving a ManualClock);
`run_forever()` is the background loop.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import Counter
from collections.abc import Callable, Sequence

from service.domain.clock import Clock
from service.domain.events import Event
from service.ports import Store
from service.runtime.wakeable import Wakeable
from service.webhooks.delivery import (
    DISABLE_AFTER,
    LEASE,
    Sent,
    record,
    record_in,
    send_claimed,
)
from service.webhooks.dispatch import FanOut, dispatch_all
from service.webhooks.models import Delivery, WebhookEndpoint
from service.webhooks.sender import Sender

log = logging.getLogger("countersign.deliverer")


class Deliverer(Wakeable):
    def __init__(
        self,
        store: Store,
        clock: Clock,
        sender: Sender,
        *,
        batch: int = 50,
        concurrency: int = 64,
        per_endpoint: int = 32,
        idle_seconds: float = 1.0,
        wakeup: asyncio.Event | None = None,
        disable_after: dt.timedelta = DISABLE_AFTER,
        also: Sequence[FanOut] = (),
        after: Sequence[Callable[[], None]] = (),
    ) -> None:
        super().__init__("dlv", idle_seconds, wakeup)
        self.store = store
        self.clock = clock
        self.sender = sender
        self.batch = batch
        self.concurrency = concurrency
        self.per_endpoint = per_endpoint
        self.disable_after = disable_after  # failing this long disables an endpoint
        self.idle = asyncio.Event()  # set while waiting for work (tests wait on it)
        self.also = also  # more fan-outs per dispatched event (the mail and chat outboxes' rows)
        self.after = after  # called once their rows are committed (wakes the chat poster)
        self._flying: dict[asyncio.Task[Sent], str] = {}  # sending task → endpoint id
        self._finished: list[Sent] = []  # sent, to be recorded by the next round
        self._recorded = 0

    async def run_once(self) -> int:
        """Dispatch the outbox, then send until nothing is due now; returns attempts made."""
        await dispatch_all(self.store, self.clock, also=self.also, after=self.after)
        before = self._recorded
        while True:
            progressed = await self._round()
            if not self._flying and not self._finished and not progressed:
                return self._recorded - before
            if self._flying and not self._finished:
                await asyncio.wait(list(self._flying), return_when=asyncio.FIRST_COMPLETED)

    async def run_forever(self) -> None:
        try:
            while True:
                self.wakeup.clear()
                try:
                    await dispatch_all(self.store, self.clock, also=self.also, after=self.after)
                    await self._round()
                except Exception:
                    log.exception("delivery round failed; retrying")
                if self._finished:
                    continue  # sends landed during the round: record them now
                self.idle.set()
                await self.wait_for_work()
                self.idle.clear()
        finally:
            for task in list(self._flying):
                task.cancel()

    async def _round(self) -> bool:
        """Record the finished sends and claim what is due, in one write transaction; then start
        a send task for each delivery this worker won. False when there was nothing to do."""
        finished, self._finished = self._finished, []
        room = self.concurrency - len(self._flying)
        busy = Counter(self._flying.values())
        full = [endpoint for endpoint, n in busy.items() if n >= self.per_endpoint]
        now = self.clock.now()
        limit = min(self.batch, room)
        claimed: list[Delivery] = []
        endpoints: dict[str, WebhookEndpoint] = {}
        events: dict[str, Event] = {}
        wanted: list[str] = []
        if not finished:
            if limit <= 0:
                return False
            async with self.store.reading() as uow:  # look before taking the write lock
                due = await uow.deliveries.due(now, limit, exclude_endpoints=full)
            wanted = self._within_bounds(due, busy)
            if not wanted:
                return False
        try:
            async with self.store.transaction() as uow:
                if finished:
                    await record_in(uow, finished, disable_after=self.disable_after)
                    if limit > 0:  # what the recorded outcomes let through is due now
                        due = await uow.deliveries.due(now, limit, exclude_endpoints=full)
                        wanted = self._within_bounds(due, busy)
                if wanted:
                    # Conditional: what another worker took meanwhile is not returned.
                    claimed = list(
                        await uow.deliveries.claim_many(wanted, self.worker, now, now + LEASE)
                    )
                    endpoints = await uow.webhooks.get_by_ids([c.endpoint_id for c in claimed])
                    events = await uow.deliveries.events_of([c.event_id for c in claimed])
        except Exception:
            if not finished:
                raise
            # One bad row must not cost the whole batch: record each on its own.
            log.exception(
                "a round with %d attempts failed; recording them one by one", len(finished)
            )
            await self._record_each(finished)
            return True
        self._recorded += len(finished)
        for delivery in claimed:
            endpoint = endpoints.get(delivery.endpoint_id)
            task = asyncio.create_task(
                send_claimed(
                    self.clock,
                    self.sender,
                    delivery,
                    events.get(delivery.event_id),
                    endpoint,
                    self.worker,
                )
            )
            self._flying[task] = delivery.endpoint_id
            task.add_done_callback(self._landed)
        return True

    async def _record_each(self, finished: Sequence[Sent]) -> None:
        for sent in finished:
            try:
                await record(self.store, [sent], disable_after=self.disable_after)
            except Exception:  # not recorded: its lease lapses and it is sent again
                log.exception("recording the attempt of %s failed", sent.delivery.id)
            else:
                self._recorded += 1

    def _within_bounds(self, due: Sequence[tuple[str, str]], busy: Counter[str]) -> list[str]:
        """The due deliveries that fit under each endpoint's bound, oldest first."""
        busy = Counter(busy)
        wanted: list[str] = []
        for delivery_id, endpoint_id in due:
            if busy[endpoint_id] >= self.per_endpoint:
                continue
            busy[endpoint_id] += 1
            wanted.append(delivery_id)
        return wanted

    def _landed(self, task: asyncio.Task[Sent]) -> None:
        self._flying.pop(task, None)
        if not task.cancelled():
            error = task.exception()
            if error is not None:  # a bug: send_claimed returns every failure as an Outcome
                log.error("delivery task failed", exc_info=error)
            else:
                self._finished.append(task.result())
        self.wakeup.set()
