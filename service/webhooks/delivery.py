"""One delivery attempt from start to its recorded outcome, and the retry schedule.

Shared by the deliverer (scheduled attempts) and the dashboard (test sends). The schedule here is
the one documented in openapi.yaml (EventEnvelope): five attempts, waiting 5 minutes, 30 minutes,
1 hour and 1.5 hours between them, about three hours in all; then the delivery is failed and the
endpoint shows as failing until a delivery to it succeeds again.

Auto-disable (as Svix and Stripe do): an endpoint whose every scheduled attempt has failed for
`disable_after` (COUNTERSIGN_WEBHOOK_DISABLE_AFTER_DAYS, 5 days by default), or that answers
`410 Gone`, is disabled in the same transaction that records the attempt; its pending deliveries
fail at once, and later events get failed deliveries without an attempt, so re-enabling it can
resend everything that failed since a chosen time. Test sends never count.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from service.domain.approval_url import with_approval_url
from service.domain.clock import Clock, isoformat
from service.domain.events import Event
from service.domain.ids import new_id
from service.ports import Store, UnitOfWork
from service.webhooks.models import Delivery, DeliveryAttempt, WebhookEndpoint
from service.webhooks.sender import Outcome, Sender
from service.webhooks.statuses import FAILED, SUCCEEDED, Trigger, dest

RETRY_GAPS = (
    dt.timedelta(minutes=5),
    dt.timedelta(minutes=30),
    dt.timedelta(hours=1),
    dt.timedelta(hours=1, minutes=30),
)
MAX_ATTEMPTS = len(RETRY_GAPS) + 1
LEASE = dt.timedelta(seconds=60)  # longer than the 10 s send limit; a dead worker's lease lapses
DISABLE_AFTER = dt.timedelta(days=5)  # every attempt failed this long: the endpoint is disabled
GONE = 410  # the receiver says the endpoint no longer exists: disabled at once


def attempt_id() -> str:
    """Sorts by creation, so the log orders two attempts made at the same clock reading (a
    ManualClock, or a redelivery right after a retry) the way they happened."""
    return f"att_{time.time_ns():016x}{new_id('', 12)}"


def envelope(event: Event, public_url: str) -> str:
    """The exact body text, built from the stored event, so every retry (and every endpoint)
    gets identical bytes. `mode` (`live` or `test`) says which kind of activity it reports, as
    Stripe's `livemode` does; `sequence` (the event's number, increasing in the order events
    are written) lets a receiver tell which of two events about one resource is newer, since
    deliveries do not wait for each other and may arrive in any order. An action's event keeps
    the action without its `approvalUrl` (the service's address is not the event's): it is
    added here, where the API adds it to its answers."""
    data = event.data
    if event.type.startswith("action.") and isinstance(data, dict) and "approvalUrl" not in data:
        data = with_approval_url(data, public_url)
    return json.dumps(
        {
            "id": event.id,
            "type": event.type,
            "createdAt": isoformat(event.created_at),
            "mode": event.mode,
            "sequence": event.seq,
            "data": data,
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def next_state(attempts: int, outcome: Outcome, now: dt.datetime) -> dict[str, Any]:
    """Column values after attempt number `attempts` (1-based) ended with `outcome`."""
    if outcome.ok:
        return {"status": dest(Trigger.SUCCEED), "attempts": attempts, "next_attempt_at": None}
    if attempts >= MAX_ATTEMPTS or outcome.status_code == GONE:
        return {"status": dest(Trigger.GIVE_UP), "attempts": attempts, "next_attempt_at": None}
    return {
        "status": dest(Trigger.RETRY),
        "attempts": attempts,
        "next_attempt_at": now + RETRY_GAPS[attempts - 1],
    }


@frozen
class Sent:
    """One attempt made, not yet recorded: what `record` writes."""

    delivery: Delivery
    endpoint: WebhookEndpoint | None  # the live endpoint it went to; None when removed
    worker: str
    final: bool
    started: dt.datetime
    outcome: Outcome
    finished: dt.datetime


async def send_claimed(
    clock: Clock,
    sender: Sender,
    delivery: Delivery,
    event: Event | None,
    endpoint: WebhookEndpoint | None,
    worker: str,
    *,
    final: bool = False,
) -> Sent:
    """Send a claimed delivery of `event` once (never raises: every failure is an Outcome)."""
    started = clock.now()
    live = endpoint if endpoint is not None and endpoint.disabled_at is None else None
    if live is not None and live.auto_disabled_at is not None and not final:
        live = None  # a test send may still check a disabled endpoint before it is enabled
        outcome = Outcome(None, None, 0, "the endpoint is disabled")
    elif live is None:
        outcome = Outcome(None, None, 0, "the endpoint was removed")
    elif event is None:
        outcome = Outcome(None, None, 0, "the event is no longer stored")
    else:
        outcome = await sender.send(
            live.url,
            envelope(event, sender.public_url),
            event=delivery.event_type,
            delivery_id=delivery.id,
            secrets=live.signing_secrets(started, sender.box),
            timestamp=int(started.timestamp()),
        )
    return Sent(delivery, live, worker, final, started, outcome, clock.now())


async def record(
    store: Store, sent: Sequence[Sent], *, disable_after: dt.timedelta = DISABLE_AFTER
) -> list[Delivery | None]:
    """`record_in` in a transaction of its own."""
    async with store.transaction() as uow:
        return await record_in(uow, sent, disable_after=disable_after)


async def record_in(
    uow: UnitOfWork, sent: Sequence[Sent], *, disable_after: dt.timedelta = DISABLE_AFTER
) -> list[Delivery | None]:
    """Write attempts: each one's row, its delivery's new state (only while its worker still
    holds the lease) and its endpoint's health.

    Returns each delivery as stored after, in the order given, or None where the lease was lost
    meanwhile (the attempt row is still written). Scheduled attempts that succeeded are finished
    by one statement per worker; an endpoint's `failing` flag is written once, with the last
    verdict in the batch.
    """
    stored: dict[str, Delivery | None] = {}
    succeeded: dict[str, list[str]] = {}  # worker → delivery ids
    await uow.deliveries.add_attempts(
        [
            DeliveryAttempt(
                id=attempt_id(),
                delivery_id=one.delivery.id,
                attempted_at=one.started,
                status_code=one.outcome.status_code,
                response=one.outcome.response,
                duration_ms=one.outcome.duration_ms,
                error=one.outcome.error,
            )
            for one in sent
        ]
    )
    for one in sent:
        outcome = one.outcome
        gone = one.endpoint is None
        if outcome.ok and not (one.final or gone):
            succeeded.setdefault(one.worker, []).append(one.delivery.id)
            stored[one.delivery.id] = None
            continue
        attempts = MAX_ATTEMPTS if one.final or gone else one.delivery.attempts + 1
        state = next_state(attempts, outcome, one.finished)
        if one.final or gone:
            state["attempts"] = one.delivery.attempts + 1
        stored[one.delivery.id] = await uow.deliveries.finish(one.delivery.id, one.worker, **state)
    for worker, ids in succeeded.items():
        for done in await uow.deliveries.succeed_many(ids, worker):
            stored[done.id] = done
    failing: dict[str, bool] = {}
    for one in sent:
        after = stored[one.delivery.id]
        if one.endpoint is not None and after is not None:
            if after.status == SUCCEEDED:
                failing[one.endpoint.id] = False
            elif after.status == FAILED and not one.final:  # a failed test send proves little
                failing[one.endpoint.id] = True
    for endpoint_id, verdict in failing.items():
        await uow.webhooks.set_failing(endpoint_id, verdict)
    await _disable_dead_endpoints(uow, sent, disable_after)
    return [stored[one.delivery.id] for one in sent]


async def _disable_dead_endpoints(
    uow: UnitOfWork, sent: Sequence[Sent], disable_after: dt.timedelta
) -> None:
    """Track when each endpoint's failures began and disable an endpoint that has failed for
    `disable_after` or answered 410 Gone (scheduled attempts only: a test send proves little)."""
    outcomes: dict[str, list[Sent]] = {}
    for one in sent:
        if one.endpoint is not None and not one.final:
            outcomes.setdefault(one.endpoint.id, []).append(one)
    for endpoint_id, attempts in outcomes.items():
        if any(one.outcome.ok for one in attempts):
            await uow.webhooks.note_outcome(endpoint_id, True, attempts[-1].started)
            continue
        first = min(one.started for one in attempts)
        await uow.webhooks.note_outcome(endpoint_id, False, first)
        now = max(one.finished for one in attempts)
        if any(one.outcome.status_code == GONE for one in attempts):
            disabled = await uow.webhooks.auto_disable(
                endpoint_id, now, "The endpoint answered 410 Gone."
            )
        else:
            days = disable_after / dt.timedelta(days=1)
            disabled = await uow.webhooks.auto_disable(
                endpoint_id,
                now,
                f"Every delivery failed for {days:g} days.",
                failing_before=now - disable_after,
            )
        if disabled is not None:
            await uow.deliveries.fail_pending(endpoint_id)


async def attempt(
    store: Store,
    clock: Clock,
    sender: Sender,
    delivery: Delivery,
    event: Event | None,
    endpoint: WebhookEndpoint | None,
    worker: str,
    *,
    final: bool = False,
) -> Delivery | None:
    """Send a claimed delivery once and record the attempt, its new state and endpoint health.

    `final` makes this the only attempt (test sends). Returns the delivery as stored after, or
    None when the lease was lost meanwhile (the attempt row is still written).
    """
    sent = await send_claimed(clock, sender, delivery, event, endpoint, worker, final=final)
    [stored] = await record(store, [sent])
    return stored
