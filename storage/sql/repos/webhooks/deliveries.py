"""Webhook deliveries with their attempts, and the outbox hand-off from events.

Delivery is data: a delivery row refers to its event (the body is built from the event row, so
an event sent to several endpoints is stored once), a delivery row is claimed with a conditional UPDATE (one worker wins a lease),
finished with another conditional UPDATE that only the lease holder can make, and every attempt
is its own row. A killed worker's lease simply runs out and another worker sends again with the
same delivery id, so nothing is lost and receivers drop the duplicate.

The endpoints themselves are in repos/webhooks/endpoints.py.
"""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa

from service.domain.events import Event
from service.webhooks.models import Delivery, DeliveryAttempt
from service.webhooks.statuses import ATTEMPTED, Trigger, dest, sources
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

d = t.deliveries.c


def _moving_from(*triggers: Trigger) -> sa.ColumnElement[bool]:
    """The statuses the triggers move from (service/webhooks/statuses.py): a conditional
    write of a move the table does not have changes nothing. One status is an equality, as
    the due index (status, next_attempt_at) is read."""
    statuses = sources(*triggers)
    return d.status == statuses[0] if len(statuses) == 1 else d.status.in_(statuses)


# The deliverer's statements, built once (building them cost more than running them).
_NOW = sa.bindparam("now", type_=d.next_attempt_at.type)
# Each delivery keeps its own schedule: nothing waits behind another delivery's retries.
_CLAIMABLE = sa.and_(
    _moving_from(*ATTEMPTED),  # a lease is taken only to make an attempt
    d.next_attempt_at <= _NOW,
    sa.or_(d.claimed_until.is_(None), d.claimed_until < _NOW),
)
_DUE = (
    sa.select(d.id, d.endpoint_id)
    .where(_CLAIMABLE)
    .order_by(d.next_attempt_at, d.seq)
    .limit(sa.bindparam("limit", type_=sa.Integer))
)
_DUE_EXCLUDING = _DUE.where(
    d.endpoint_id.not_in(sa.bindparam("busy", expanding=True, type_=d.endpoint_id.type))
)
_LEASE = {
    "claimed_by": sa.bindparam("worker"),
    "claimed_until": sa.bindparam("until", type_=d.claimed_until.type),
}
_CLAIM = (
    t.deliveries.update()
    .where(d.id == sa.bindparam("delivery"), _CLAIMABLE)
    .values(_LEASE)
    .returning(*t.deliveries.c)
)
_CLAIM_MANY = (
    t.deliveries.update()
    .where(d.id.in_(sa.bindparam("deliveries", expanding=True, type_=d.id.type)), _CLAIMABLE)
    .values(_LEASE)
    .returning(*t.deliveries.c)
)
_FINISH = (  # only the lease holder records an outcome
    t.deliveries.update()
    .where(d.id == sa.bindparam("delivery"), d.claimed_by == sa.bindparam("worker"))
    .where(_moving_from(*ATTEMPTED))
    .values(
        claimed_by=None,
        claimed_until=None,
        status=sa.bindparam("new_status", type_=d.status.type),
        attempts=sa.bindparam("new_attempts", type_=d.attempts.type),
        next_attempt_at=sa.bindparam("new_next_attempt_at", type_=d.next_attempt_at.type),
    )
    .returning(*t.deliveries.c)
)
_SUCCEED_MANY = (  # the common outcome of a round, for every lease this worker holds
    t.deliveries.update()
    .where(d.id.in_(sa.bindparam("deliveries", expanding=True, type_=d.id.type)))
    .where(d.claimed_by == sa.bindparam("worker"), _moving_from(Trigger.SUCCEED))
    .values(
        claimed_by=None,
        claimed_until=None,
        status=dest(Trigger.SUCCEED),
        attempts=d.attempts + 1,
        next_attempt_at=None,
    )
    .returning(*t.deliveries.c)
)
_ADD_ATTEMPT = t.delivery_attempts.insert()
_EVENTS_BY_ID = t.events.select().where(
    t.events.c.id.in_(sa.bindparam("ids", expanding=True, type_=t.events.c.id.type))
)


for _built_once in (
    _DUE,
    _DUE_EXCLUDING,
    _CLAIM,
    _CLAIM_MANY,
    _FINISH,
    _SUCCEED_MANY,
    _ADD_ATTEMPT,
    _EVENTS_BY_ID,
):
    prebuilt(_built_once)  # planned by identity (statements.py)


class SqlDeliveries:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    # -- outbox hand-off ------------------------------------------------------------

    async def undispatched_events(self, limit: int) -> list[Event]:
        rows = await self.conn.execute(
            t.events.select()
            .where(t.events.c.dispatched_at.is_(None))
            .order_by(t.events.c.seq)
            .limit(limit)
        )
        return [to_model(Event, r) for r in rows]

    async def mark_dispatched(self, seqs: Sequence[int], now: dt.datetime) -> set[int]:
        """Conditional: returns only the events this caller took (another dispatcher may win)."""
        if not seqs:
            return set()
        rows = await self.conn.execute(
            t.events.update()
            .where(t.events.c.seq.in_(list(seqs)), t.events.c.dispatched_at.is_(None))
            .values(dispatched_at=now)
            .returning(t.events.c.seq)
        )
        return {int(r.seq) for r in rows}

    # -- deliveries -------------------------------------------------------------------

    async def add(self, delivery: Delivery) -> None:
        values = to_row(delivery)
        await self.conn.execute(t.deliveries.insert().values(values))

    async def get(self, delivery_id: str) -> Delivery | None:
        row = (await self.conn.execute(t.deliveries.select().where(d.id == delivery_id))).first()
        return to_model(Delivery, row) if row else None

    async def events_of(self, event_ids: Sequence[str]) -> dict[str, Event]:
        """The events these deliveries send, by id (their bodies are built from them)."""
        if not event_ids:
            return {}
        rows = await self.conn.execute(_EVENTS_BY_ID, {"ids": list(set(event_ids))})
        return {r.id: to_model(Event, r) for r in rows}

    async def list(
        self, endpoint_id: str, limit: int = 50, before: tuple[dt.datetime, int] | None = None
    ) -> list[Delivery]:
        """Newest first, for the dashboard's log; `before` (created_at, seq) pages back."""
        query = t.deliveries.select().where(d.endpoint_id == endpoint_id)
        if before is not None:
            query = query.where(
                sa.or_(
                    d.created_at < before[0], sa.and_(d.created_at == before[0], d.seq < before[1])
                )
            )
        rows = await self.conn.execute(
            query.order_by(d.created_at.desc(), d.seq.desc()).limit(limit)
        )
        return [to_model(Delivery, r) for r in rows]

    async def due(
        self, now: dt.datetime, limit: int, *, exclude_endpoints: Sequence[str] = ()
    ) -> builtins.list[tuple[str, str]]:
        """(delivery id, endpoint id) of what may be claimed now, longest waiting first.

        `ix_deliveries_due` finds the pending rows in (next_attempt_at, seq) order
        (tests/webhooks_delivery/test_delivery_index.py checks the plans on both databases).
        The statements are built once, at import.
        """
        query = _DUE_EXCLUDING if exclude_endpoints else _DUE
        rows = await self.conn.execute(
            query, {"now": now, "limit": limit, "busy": list(exclude_endpoints)}
        )
        return [(r.id, r.endpoint_id) for r in rows]

    def due_query(
        self, now: dt.datetime, limit: int, exclude_endpoints: Sequence[str] = ()
    ) -> sa.Select[tuple[str, str]]:
        """The due statement with its values bound (for EXPLAIN)."""
        if exclude_endpoints:
            return _DUE_EXCLUDING.params(now=now, limit=limit, busy=list(exclude_endpoints))
        return _DUE.params(now=now, limit=limit)

    async def claim(
        self, delivery_id: str, worker: str, now: dt.datetime, until: dt.datetime
    ) -> Delivery | None:
        """Take the lease if the delivery is still due and unclaimed; None if someone else did."""
        row = (
            await self.conn.execute(
                _CLAIM, {"delivery": delivery_id, "now": now, "worker": worker, "until": until}
            )
        ).first()
        return to_model(Delivery, row) if row else None

    async def claim_many(
        self, delivery_ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> builtins.list[Delivery]:
        """`claim` for several deliveries in one conditional UPDATE: returns those this worker
        took (in no particular order); the others were taken by someone else or stopped being
        due meanwhile."""
        if not delivery_ids:
            return []
        rows = await self.conn.execute(
            _CLAIM_MANY,
            {"deliveries": list(delivery_ids), "now": now, "worker": worker, "until": until},
        )
        return [to_model(Delivery, r) for r in rows]

    async def finish(
        self,
        delivery_id: str,
        worker: str,
        *,
        status: str,
        attempts: int,
        next_attempt_at: dt.datetime | None,
    ) -> Delivery | None:
        """Record the outcome, only while `worker` still holds the lease."""
        row = (
            await self.conn.execute(
                _FINISH,
                {
                    "delivery": delivery_id,
                    "worker": worker,
                    "new_status": status,
                    "new_attempts": attempts,
                    "new_next_attempt_at": next_attempt_at,
                },
            )
        ).first()
        return to_model(Delivery, row) if row else None

    async def succeed_many(
        self, delivery_ids: Sequence[str], worker: str
    ) -> builtins.list[Delivery]:
        """`finish` as succeeded (one more attempt, nothing next) for each delivery `worker` still
        holds, in one UPDATE; returns those written, in no particular order."""
        if not delivery_ids:
            return []
        rows = await self.conn.execute(
            _SUCCEED_MANY, {"deliveries": list(delivery_ids), "worker": worker}
        )
        return [to_model(Delivery, r) for r in rows]

    async def fail_pending(self, endpoint_id: str) -> int:
        """Every pending delivery of the endpoint is failed now (it was disabled); a send in
        flight still writes its attempt row, its outcome is not written (no longer pending)."""
        rows = await self.conn.execute(
            t.deliveries.update()
            .where(d.endpoint_id == endpoint_id, _moving_from(Trigger.DISABLE))
            .values(status=dest(Trigger.DISABLE), next_attempt_at=None)
            .returning(d.id)
        )
        return len(rows.all())

    async def resend_failed(self, endpoint_id: str, since: dt.datetime, now: dt.datetime) -> int:
        """Failed deliveries of the endpoint made at or after `since` (test sends aside, and
        only while their event is still stored) go back to pending, due now, with a fresh
        schedule and the same delivery ids; returns how many."""
        stored = sa.exists().where(t.events.c.id == d.event_id)
        rows = await self.conn.execute(
            t.deliveries.update()
            .where(
                d.endpoint_id == endpoint_id,
                _moving_from(Trigger.RESEND),
                d.created_at >= since,
                d.event_type != "test",
                stored,
            )
            .values(
                status=dest(Trigger.RESEND),
                attempts=0,
                next_attempt_at=now,
                claimed_by=None,
                claimed_until=None,
            )
            .returning(d.id)
        )
        return len(rows.all())

    async def reset(self, delivery_id: str, now: dt.datetime) -> Delivery | None:
        """Manual redelivery: a finished delivery goes back to pending, due now."""
        row = (
            await self.conn.execute(
                t.deliveries.update()
                .where(d.id == delivery_id, _moving_from(Trigger.REDELIVER))
                .values(
                    status=dest(Trigger.REDELIVER),
                    attempts=0,
                    next_attempt_at=now,
                    claimed_by=None,
                    claimed_until=None,
                )
                .returning(*t.deliveries.c)
            )
        ).first()
        return to_model(Delivery, row) if row else None

    # -- attempts -----------------------------------------------------------------------

    async def add_attempt(self, attempt: DeliveryAttempt) -> None:
        await self.conn.execute(_ADD_ATTEMPT, to_row(attempt))

    async def add_attempts(self, attempts: Sequence[DeliveryAttempt]) -> None:
        await self.conn.execute(_ADD_ATTEMPT, [to_row(attempt) for attempt in attempts])

    async def attempts(self, delivery_id: str) -> builtins.list[DeliveryAttempt]:
        rows = await self.conn.execute(
            t.delivery_attempts.select()
            .where(t.delivery_attempts.c.delivery_id == delivery_id)
            .order_by(t.delivery_attempts.c.attempted_at, t.delivery_attempts.c.id)
        )
        return [to_model(DeliveryAttempt, r) for r in rows]

    async def last_attempts(self, delivery_ids: Sequence[str]) -> dict[str, DeliveryAttempt]:
        out: dict[str, DeliveryAttempt] = {}
        if not delivery_ids:
            return out
        a = t.delivery_attempts.c
        rows = await self.conn.execute(
            t.delivery_attempts.select()
            .where(a.delivery_id.in_(list(delivery_ids)))
            .order_by(a.attempted_at, a.id)
        )
        for row in rows:
            out[row.delivery_id] = to_model(DeliveryAttempt, row)
        return out
