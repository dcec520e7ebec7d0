"""Upkeep: pruning finished records in small batches, worker heartbeats, and backlog counts.

Each prune method deletes at most `limit` rows of one kind in the caller's unit of work, so a
batch holds the write lock for milliseconds; the caller loops until a batch comes back short.
What is never deleted here: actions (their idempotency keys never expire), audit entries and
revenue rows.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa

from service.operations.model import Backlog, Heartbeat
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.dialect import single_writer
from storage.sql.driver.rows import to_model
from storage.sql.driver.search import tidy_search
from storage.sql.driver.vacuum import ROOMY_CACHE, USUAL_CACHE, reclaim

d = t.deliveries.c
ev = t.events.c


def _limit() -> sa.BindParameter[int]:
    return sa.bindparam("limit", type_=sa.Integer)


# Finished is "not pending": an inequality, which no index serves, so both databases walk
# `ix_deliveries_created_at` from the oldest row (with `status IN (…)` SQLite chose
# `ix_deliveries_due` and sorted every finished delivery: 200 ms at 180,000 rows).
_FINISHED = d.status != "pending"
_BEFORE = sa.bindparam("before", type_=d.created_at.type)
_OLDEST_FINISHED = (
    sa.select(d.id).where(d.created_at < _BEFORE, _FINISHED).order_by(d.created_at).limit(_limit())
)
# SQLite: the oldest finished deliveries' attempts, then the same deliveries, each one statement
# choosing its rows in the database (no ids round trip through Python, where binding thousands of
# them cost more than the deletes). Between the two nothing else writes: the unit holds the lock.
_DELETE_ATTEMPTS = t.delivery_attempts.delete().where(
    t.delivery_attempts.c.delivery_id.in_(_OLDEST_FINISHED.scalar_subquery())
)
_DELETE_DELIVERIES = t.deliveries.delete().where(d.id.in_(_OLDEST_FINISHED.scalar_subquery()))
# The deletes run with SQLite's page cache roomier (vacuum.ROOMY_CACHE), given back after them.
_NONE: dict[str, object] = {}
_ROOMY, _USUAL = (ROOMY_CACHE, _NONE), (USUAL_CACHE, _NONE)
# PostgreSQL: one statement. A delivery being resent is locked by its resender and left alone
# (SKIP LOCKED); the attempts' foreign key is checked at the statement's end, after both deletes.
_PG_DELETE_DELIVERIES = """
WITH chosen AS (
    SELECT id FROM deliveries WHERE created_at < $1 AND status <> 'pending'
    ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
), attempts AS (
    DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM chosen) RETURNING 1
), gone AS (
    DELETE FROM deliveries WHERE id IN (SELECT id FROM chosen) RETURNING 1
)
SELECT (SELECT count(*) FROM gone), (SELECT count(*) FROM attempts)
"""
# Events age from their dispatch (fan-out to deliveries, within a second of their creation on a
# running worker), read from the dispatcher's own index: one index fewer for every event written.
_OLD_EVENTS = (
    sa.select(ev.seq)
    .where(ev.dispatched_at < sa.bindparam("before", type_=ev.dispatched_at.type))
    # Kept while any delivery refers to it: a pending one still needs it, and a finished one
    # is shown with its event until the delivery itself is pruned. Checked row by row on the
    # deliveries' event index as the oldest events come (OFFSET 0 keeps PostgreSQL from
    # turning the check into an anti-join): with statistics that expect every old event to
    # have a delivery, PostgreSQL hashed every delivery and scanned every event, 0.6 s a batch
    # at 1,000,000 deliveries, however few rows the batch asked for.
    .where(~sa.exists(sa.select(sa.literal(1)).where(d.event_id == ev.id).offset(0)))
    .order_by(ev.dispatched_at)
    .limit(_limit())
)
_DELETE_EVENTS = t.events.delete().where(ev.seq.in_(_OLD_EVENTS.scalar_subquery()))
s = t.sessions.c
_NOW_S = sa.bindparam("now", type_=s.expires_at.type)
_DELETE_SESSIONS = t.sessions.delete().where(
    s.id.in_(
        sa.select(s.id)
        .where(sa.or_(s.ended_at.is_not(None), s.expires_at <= _NOW_S))
        .limit(_limit())
        .scalar_subquery()
    )
)
i = t.invites.c
_DELETE_INVITES = t.invites.delete().where(
    i.id.in_(
        sa.select(i.id)
        .where(
            sa.or_(
                i.accepted_at.is_not(None),
                i.expires_at <= sa.bindparam("now", type_=i.expires_at.type),
            )
        )
        .limit(_limit())
        .scalar_subquery()
    )
)
lk = t.links.c
_DELETE_LINKS = t.links.delete().where(  # every link is finished once it has expired
    lk.id.in_(
        sa.select(lk.id)
        .where(lk.expires_at < sa.bindparam("before", type_=lk.expires_at.type))
        .limit(_limit())
        .scalar_subquery()
    )
)
au = t.allowance_uses.c
_DELETE_ALLOWANCE_USES = t.allowance_uses.delete().where(
    au.action_id.in_(
        sa.select(au.action_id)
        .where(au.created_at < sa.bindparam("before", type_=au.created_at.type))
        .limit(_limit())
        .scalar_subquery()
    )
)
lu, newest_lu = t.limit_uses.c, t.limit_uses.alias("newest").c
# A number older than `before`, unless it is its account's newest: that one keeps the numbering
# going (a number taken again would not collide with a creation that read the one before).
_DELETE_LIMIT_USES = t.limit_uses.delete().where(
    sa.tuple_(lu.workspace_id, lu.account_id, lu.seq).in_(
        sa.select(lu.workspace_id, lu.account_id, lu.seq)
        .where(
            lu.created_at < sa.bindparam("before", type_=lu.created_at.type),
            lu.seq
            < sa.select(sa.func.max(newest_lu.seq))
            .where(
                newest_lu.workspace_id == lu.workspace_id,
                newest_lu.account_id == lu.account_id,
            )
            .scalar_subquery(),
        )
        .limit(_limit())
    )
)
h = t.worker_heartbeats.c
_DELETE_HEARTBEATS = t.worker_heartbeats.delete().where(
    h.beat_at < sa.bindparam("before", type_=h.beat_at.type)
)


class SqlRetention:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def prune_deliveries(self, before: dt.datetime, limit: int) -> tuple[int, int]:
        """The oldest `limit` finished deliveries created before `before`, with their attempts:
        (deliveries, attempts) removed."""
        chosen = {"before": before, "limit": limit}
        with self.conn.long_statements():
            if not single_writer(self.conn.dialect.name):
                found = await self.conn.exec_driver_sql(_PG_DELETE_DELIVERIES, (before, limit))
                deliveries, attempts = found.one()
                return int(deliveries), int(attempts)
            both = [(_DELETE_ATTEMPTS, chosen), (_DELETE_DELIVERIES, chosen)]
            _, attempts, deliveries, _ = await self.conn.rowcounts([_ROOMY, *both, _USUAL])
            return deliveries, attempts

    async def prune_events(self, before: dt.datetime, limit: int) -> int:
        return await self._deleted(_DELETE_EVENTS, {"before": before, "limit": limit})

    async def prune_sessions(self, now: dt.datetime, limit: int) -> int:
        return await self._deleted(_DELETE_SESSIONS, {"now": now, "limit": limit})

    async def prune_invites(self, now: dt.datetime, limit: int) -> int:
        return await self._deleted(_DELETE_INVITES, {"now": now, "limit": limit})

    async def prune_links(self, before: dt.datetime, limit: int) -> int:
        return await self._deleted(_DELETE_LINKS, {"before": before, "limit": limit})

    async def prune_allowance_uses(self, before: dt.datetime, limit: int) -> int:
        return await self._deleted(_DELETE_ALLOWANCE_USES, {"before": before, "limit": limit})

    async def _deleted(self, statement: sa.Delete, values: dict[str, object]) -> int:
        """Rows `statement` deleted. SQLite runs it in a worker thread, so the loop serves
        requests meanwhile, and a creation among them queues for the lock, which the batch
        then hands over after this statement (Retention.others_waiting)."""
        with self.conn.long_statements():
            return (await self.conn.execute(statement, values)).rowcount

    async def prune_limit_uses(self, before: dt.datetime, limit: int) -> int:
        values = {"before": before, "limit": limit}
        return (await self.conn.execute(_DELETE_LIMIT_USES, values)).rowcount

    async def prune_heartbeats(self, before: dt.datetime) -> int:
        return (await self.conn.execute(_DELETE_HEARTBEATS, {"before": before})).rowcount

    def writes_queue(self) -> bool:
        return single_writer(self.conn.dialect.name)

    def others_waiting(self) -> bool:
        return self.conn.others_waiting()

    async def checkpoint(self) -> int:
        return await self.conn.copy_log()

    async def reclaim(self, pages: int) -> int:
        return await reclaim(self.conn, pages)

    async def tidy_search(self, pages: int) -> int:
        return await tidy_search(self.conn, pages)


class SqlHeartbeats:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def beat(self, beat: Heartbeat) -> None:
        """Record that `beat.id` is alive at `beat.beat_at` (one writer per id: no race)."""
        updated = await self.conn.execute(
            t.worker_heartbeats.update().where(h.id == beat.id).values(beat_at=beat.beat_at)
        )
        if updated.rowcount == 0:
            await self.conn.execute(
                t.worker_heartbeats.insert().values(
                    id=beat.id,
                    host=beat.host,
                    pid=beat.pid,
                    started_at=beat.started_at,
                    beat_at=beat.beat_at,
                )
            )

    async def remove(self, worker_id: str) -> None:
        await self.conn.execute(t.worker_heartbeats.delete().where(h.id == worker_id))

    async def list(self) -> Sequence[Heartbeat]:
        rows = await self.conn.execute(t.worker_heartbeats.select().order_by(h.started_at))
        return [to_model(Heartbeat, row) for row in rows]


class SqlBacklog:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def snapshot(self) -> Backlog:
        """Counts that stay cheap on large tables: every one reads an index."""
        a = t.actions.c
        still = t.still_open(a.status)  # the partial index ix_actions_open
        oldest_pending = sa.select(sa.func.min(d.created_at)).where(d.status == "pending")
        oldest_undispatched = sa.select(sa.func.min(ev.created_at)).where(
            ev.dispatched_at.is_(None)
        )
        pending = sa.select(sa.func.count()).select_from(t.deliveries).where(d.status == "pending")
        retrying = (
            sa.select(sa.func.count())
            .select_from(t.actions)
            .where(a.status == "approved", still, a.next_attempt_at.is_not(None))
        )
        by_status = (
            sa.select(a.status, sa.func.count())
            .where(a.status.in_(("approved", "executing")), still)
            .group_by(a.status)
        )
        e = t.webhook_endpoints.c
        # Failing: its last delivery ran out of retries, or its latest attempt failed (a
        # success clears `failing_since`) and deliveries wait to be retried. Retries take
        # hours, so counting only the deliveries that ran out would hide a receiver that has
        # been down all day.
        retrying_to_it = (
            sa.select(sa.literal(1))
            .select_from(t.deliveries)
            .where(d.endpoint_id == e.id, d.status == "pending", d.attempts > 0)
            .exists()
        )
        failing = (
            sa.select(sa.func.count())
            .select_from(t.webhook_endpoints)
            .where(
                e.disabled_at.is_(None),
                sa.or_(e.failing.is_(True), sa.and_(e.failing_since.is_not(None), retrying_to_it)),
            )
        )
        ac = t.accounts.c
        accounts = sa.select(ac.status, sa.func.count()).group_by(ac.status)
        # A list still being read carries a `more:<list>` row (service/synced/list_sync.py);
        # sync_state holds a handful of rows per account.
        continuing = (
            sa.select(sa.func.count())
            .select_from(t.sync_state)
            .where(t.sync_state.c.family.like("more:%"))
        )
        oldest = [
            (await self.conn.execute(oldest_pending)).scalar(),
            (await self.conn.execute(oldest_undispatched)).scalar(),
        ]
        actions = {row[0]: int(row[1]) for row in await self.conn.execute(by_status)}
        return Backlog(
            oldest_undelivered_at=min((o for o in oldest if o is not None), default=None),
            pending_deliveries=int((await self.conn.execute(pending)).scalar() or 0),
            approved_waiting=actions.get("approved", 0),
            approved_retrying=int((await self.conn.execute(retrying)).scalar() or 0),
            executing=actions.get("executing", 0),
            failing_endpoints=int((await self.conn.execute(failing)).scalar() or 0),
            accounts_by_status={row[0]: int(row[1]) for row in await self.conn.execute(accounts)},
            sync_lists_continuing=int((await self.conn.execute(continuing)).scalar() or 0),
        )
