"""Outbox → deliveries: each undispatched event becomes one delivery per endpoint that wants it.

Runs in the same transaction as marking the events dispatched (a conditional write), so two
dispatchers never fan one event out twice, and a crash before commit leaves the events for the
next run. `transaction.observed` goes to the workspace's transactions endpoint; action, account
and link events go to its event endpoints. Test-mode events are not delivered.
"""

from __future__ import annotations

import logging
from typing import Any

from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.models import Event
from service.webhooks.delivery import envelope
from service.webhooks.models import Delivery, WebhookEndpoint

log = logging.getLogger("countersign.dispatcher")
BATCH = 500


def ordering_key(endpoint: WebhookEndpoint, event: Event) -> str:
    """Deliveries of one account's events to one endpoint are sent in event order."""
    return f"{endpoint.id}:{event.account_id or '-'}"


async def _test_mode(uow: Any, event: Event, modes: dict) -> bool:
    """Test-mode events (sandbox creators, test actions and links) are not sent: endpoints
    receive the agency's real activity only; the dashboard's test send exercises an endpoint."""
    if isinstance(event.data, dict) and event.data.get("mode") == "test":
        return True
    if event.type != "transaction.observed" or event.account_id is None:
        return False
    key = (event.workspace_id, event.account_id)
    if key not in modes:
        account = await uow.accounts.get(*key)
        modes[key] = account.mode if account else None
    return modes[key] == "test"


async def dispatch_once(store: Any, clock: Clock, *, batch: int = BATCH) -> int:
    """Fan out up to `batch` events; returns how many deliveries were created."""
    created = 0
    now = clock.now()
    async with store.transaction() as uow:
        events = await uow.deliveries.undispatched_events(batch)
        taken = await uow.deliveries.mark_dispatched([ev.seq for ev in events], now)
        endpoints: dict[str, list[WebhookEndpoint]] = {}
        modes: dict[tuple[str, str], str | None] = {}
        for event in events:
            if event.seq not in taken or await _test_mode(uow, event, modes):
                continue
            if event.workspace_id not in endpoints:
                endpoints[event.workspace_id] = await uow.webhooks.list(event.workspace_id)
            for endpoint in endpoints[event.workspace_id]:
                if not endpoint.wants(event.type):
                    continue
                await uow.deliveries.add(Delivery(
                    id=new_id("dlv_"), endpoint_id=endpoint.id, workspace_id=event.workspace_id,
                    event_id=event.id, event_type=event.type,
                    ordering_key=ordering_key(endpoint, event),
                    payload=envelope(event.id, event.type, event.created_at, event.data),
                    status="pending", attempts=0, next_attempt_at=now, claimed_by=None,
                    claimed_until=None, created_at=now, seq=event.seq))
                created += 1
    if created:
        log.info("created %d deliveries", created)
    return created


async def dispatch_all(store: Any, clock: Clock) -> int:
    total = 0
    while True:
        made = await dispatch_once(store, clock)
        total += made
        async with store.reading() as uow:
            if not await uow.deliveries.undispatched_events(1):
                return total
