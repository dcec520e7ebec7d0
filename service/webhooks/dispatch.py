"""Outbox → deliveries: each undispatched event becomes one delivery per endpoint that wants it.

Runs in the same transaction as marking the events dispatched (a conditional write), so two
dispatchers never fan one event out twice, and a crash before commit leaves the events for the
next run. `transaction.observed` goes to the workspace's transactions endpoint; action, account
and link events go to its event endpoints. Every event carries the mode its producer set (test
keys' actions, test links, sandbox creators' transactions are `test`) and goes only to endpoints
of that mode, as Stripe keeps test-mode webhooks apart. A delivery refers to its event (the body
is built from the event row when sent), so fanning out copies no payload.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Sequence

from service.domain.clock import Clock
from service.domain.events import Event
from service.domain.ids import new_id
from service.ports import Store, UnitOfWork
from service.webhooks.models import Delivery, WebhookEndpoint
from service.webhooks.statuses import Trigger, dest

log = logging.getLogger("countersign.dispatcher")
BATCH = 500


FanOut = Callable[[UnitOfWork, Event, dt.datetime], Awaitable[int]]
"""More rows an event asks for, written in the dispatching transaction (the mail outbox)."""


async def dispatch_once(
    store: Store,
    clock: Clock,
    *,
    batch: int = BATCH,
    also: Sequence[FanOut] = (),
    after: Sequence[Callable[[], None]] = (),
) -> int:
    """Fan out up to `batch` events; returns how many deliveries were created. `after` is
    called once the rows `also` wrote are committed (it wakes their senders)."""
    created = 0
    more = 0
    now = clock.now()
    async with store.transaction() as uow:
        events = await uow.deliveries.undispatched_events(batch)
        # An outbox row read back always has its seq (the database assigned it).
        seqs = [ev.seq for ev in events if ev.seq is not None]
        taken = await uow.deliveries.mark_dispatched(seqs, now)
        endpoints: dict[str, Sequence[WebhookEndpoint]] = {}
        for event in events:
            if event.seq not in taken:
                continue
            for fan_out in also:
                more += await fan_out(uow, event, now)
            if event.workspace_id not in endpoints:
                endpoints[event.workspace_id] = await uow.webhooks.list(event.workspace_id)
            for endpoint in endpoints[event.workspace_id]:
                if not endpoint.wants(event):
                    continue
                await uow.deliveries.add(
                    Delivery(
                        id=new_id("dlv_"),
                        endpoint_id=endpoint.id,
                        workspace_id=event.workspace_id,
                        event_id=event.id,
                        event_type=event.type,
                        # A disabled endpoint's deliveries are failed unsent: enabling it
                        # again can resend them (webhooks/usecases.enable_endpoint).
                        status=dest(
                            Trigger.DISPATCH_DISABLED
                            if endpoint.auto_disabled_at
                            else Trigger.DISPATCH
                        ),
                        attempts=0,
                        next_attempt_at=None if endpoint.auto_disabled_at else now,
                        claimed_by=None,
                        claimed_until=None,
                        created_at=now,
                        seq=event.seq or 0,
                    )
                )
                created += 1
    if more:
        for wake in after:
            wake()
    if created:
        log.info("created %d deliveries", created)
    return created


async def dispatch_all(
    store: Store,
    clock: Clock,
    *,
    also: Sequence[FanOut] = (),
    after: Sequence[Callable[[], None]] = (),
) -> int:
    total = 0
    while True:
        made = await dispatch_once(store, clock, also=also, after=after)
        total += made
        async with store.reading() as uow:
            if not await uow.deliveries.undispatched_events(1):
                return total
