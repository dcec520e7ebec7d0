"""The executor's queue of actions: claiming the next approved action due (one statement, one
winner), the soonest schedule ahead, the expiry of pending actions past their time, and the
actions stuck executing.

Mixed into SqlActions (repos/actions/writes.py), the one actions repository.
"""

from __future__ import annotations

import builtins
import datetime as dt
from typing import Any

import sqlalchemy as sa

from service.actions.model import Action
from service.actions.transitions import APPROVED, PENDING, Trigger, move
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.actions.reads import OPEN

c = t.actions.c

_CLAIM = move(Trigger.CLAIM, APPROVED)
_EXPIRE = move(Trigger.EXPIRE, PENDING)

# The oldest approved action, locked for this claim; on PostgreSQL a row another claimer holds is
# skipped rather than waited for (SQLite has one writer at a time and renders no locking clause).
# Two seeks of ix_actions_due (partial on the literal `status = 'approved'`, repeated here word for
# word for SQLite): the scheduled actions now due, the earliest schedule first (they were promised
# a time), then those with no schedule, the oldest decision first. Actions scheduled later are
# never read.
_waiting = t.actions.alias("waiting")
_APPROVED = _waiting.c.status == sa.literal_column(f"'{_CLAIM.source}'")
_NOW = sa.bindparam("now", type_=_waiting.c.run_at.type)
# One retried later (patience with the platform) waits for its next attempt, on every replica.
_RETRY_DUE = sa.or_(
    _waiting.c.next_attempt_at.is_(None),
    _waiting.c.next_attempt_at <= sa.bindparam("now", type_=_waiting.c.next_attempt_at.type),
)


def _claim(oldest: sa.Select[tuple[str]]) -> Any:
    subquery = oldest.limit(1).with_for_update(skip_locked=True).scalar_subquery()
    return prebuilt(
        t.actions.update()
        .where(c.id == subquery, c.status == _CLAIM.source)
        .values(
            status=_CLAIM.dest,
            claimed_by=sa.bindparam("worker", type_=c.claimed_by.type),
            claimed_at=sa.bindparam("now", type_=c.claimed_at.type),
        )
        .returning(*t.actions.c)
    )


_CLAIM_DUE = _claim(
    sa.select(_waiting.c.id)
    .where(_APPROVED, _waiting.c.run_at <= _NOW, _RETRY_DUE)
    .order_by(_waiting.c.run_at, _waiting.c.decided_at, _waiting.c.id)
)
_CLAIM_UNSCHEDULED = _claim(
    sa.select(_waiting.c.id)
    .where(_APPROVED, _waiting.c.run_at.is_(None), _RETRY_DUE)
    .order_by(_waiting.c.run_at, _waiting.c.decided_at, _waiting.c.id)
)
# The soonest schedule still ahead: the executor's timer.
_NEXT_DUE = prebuilt(
    sa.select(sa.func.min(_waiting.c.run_at)).where(_APPROVED, _waiting.c.run_at > _NOW)
)


# The escalator's seek of ix_actions_escalate: its condition repeated word for word (SQLite).
_PENDING = c.status == sa.literal_column("'pending'")
_ESCALATE_NOW = sa.bindparam("now", type_=c.escalate_at.type)
_ESCALATION_DUE = prebuilt(sa.select(c.id).where(_PENDING, c.escalate_at <= _ESCALATE_NOW).limit(1))
# On PostgreSQL a second escalator's UPDATE waits for the first's row locks, then finds
# `escalate_at` cleared and skips the row: each action is escalated once.
_ESCALATE = prebuilt(
    t.actions.update()
    .where(_PENDING, c.escalate_at <= _ESCALATE_NOW, c.expires_at > _ESCALATE_NOW)
    .values(escalate_at=None, escalated_at=_ESCALATE_NOW)
    .returning(*t.actions.c)
)


class SqlActionQueue:
    """SqlActions' queue (repos/actions/writes.py)."""

    conn: Connection

    async def expire_due(self, now: dt.datetime) -> builtins.list[Action]:
        rows = await self.conn.execute(
            t.actions.update()
            .where(c.status == _EXPIRE.source, OPEN, c.expires_at <= now)
            .values(status=_EXPIRE.dest)
            .returning(*t.actions.c)
        )
        return sorted((to_model(Action, r) for r in rows), key=lambda a: a.id)

    async def escalation_due(self, now: dt.datetime) -> bool:
        return (await self.conn.execute(_ESCALATION_DUE, {"now": now})).first() is not None

    async def escalate_due(self, now: dt.datetime) -> builtins.list[Action]:
        rows = await self.conn.execute(_ESCALATE, {"now": now})
        return sorted((to_model(Action, r) for r in rows), key=lambda a: a.id)

    async def claim_next(self, worker: str, now: dt.datetime) -> Action | None:
        for statement in (_CLAIM_DUE, _CLAIM_UNSCHEDULED):
            row = (await self.conn.execute(statement, {"worker": worker, "now": now})).first()
            if row:
                return to_model(Action, row)
        return None

    async def next_due(self, now: dt.datetime) -> dt.datetime | None:
        due: dt.datetime | None = (await self.conn.execute(_NEXT_DUE, {"now": now})).scalar()
        return due

    async def stuck_executing(self, claimed_before: dt.datetime) -> builtins.list[Action]:
        rows = await self.conn.execute(
            t.actions.select().where(c.status == _CLAIM.dest, OPEN, c.claimed_at < claimed_before)
        )
        return [to_model(Action, r) for r in rows]
