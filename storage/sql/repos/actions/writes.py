"""Writing actions. Every status change is one conditional UPDATE … RETURNING.

The statuses in these statements come from the actions' transition table
(service/actions/transitions.py); service/actions/lifecycle.py is their only caller.

SqlActions is the one actions repository; its reads (repos/actions/reads.py), counts
(repos/actions/counts.py) and the executor's queue (repos/actions/queue.py) are mixins in modules of their
own, and the event outbox is repos/outbox.py.
"""

from __future__ import annotations

import datetime as dt
import functools
import operator
from collections.abc import Sequence
from typing import Any, Unpack

import sqlalchemy as sa

from service.actions.model import Action, AllowanceUse, AllowedWrite, GovernedWrite, LimitCap
from service.actions.repository import ActionChanges
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event
from service.domain.storage_errors import DuplicateError
from storage.sql import tables as t
from storage.sql.driver.connection import Connection, IntegrityViolation
from storage.sql.driver.dialect import insert_ignore, inserts_in_with, single_writer
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.actions import allowed_write
from storage.sql.repos.actions.counts import SqlActionCounts
from storage.sql.repos.actions.queue import SqlActionQueue
from storage.sql.repos.actions.reads import SqlActionReads
from storage.sql.repos.outbox import SqlEvents

c = t.actions.c


@functools.cache
def _transition_statement(
    from_statuses: tuple[str, ...], columns: tuple[str, ...], not_expired: bool, at_revision: bool
) -> sa.Update:
    """One statement per (from, columns set, expiry check, revision check) shape; values are
    bound at execution. The revision check makes approvals and edits of one pending action
    exclude each other: a write made from a stale read changes nothing."""
    status = (
        c.status == from_statuses[0] if len(from_statuses) == 1 else c.status.in_(from_statuses)
    )
    query = t.actions.update().where(c.id == sa.bindparam("action_id"), status)
    if not_expired:
        query = query.where(c.expires_at > sa.bindparam("not_expired_at", type_=c.expires_at.type))
    if at_revision:
        query = query.where(c.revision == sa.bindparam("if_revision", type_=c.revision.type))
    values = {name: sa.bindparam(f"v_{name}", type_=c[name].type) for name in columns}
    return prebuilt(query.values(values).returning(*t.actions.c))


_KEY = ("workspace_id", "idempotency_key")


@functools.cache
def _insert_new(dialect: str) -> Any:
    """One dialect's `INSERT … ON CONFLICT DO NOTHING RETURNING id`, built on first use."""
    return prebuilt(insert_ignore(dialect, t.actions, _KEY).returning(c.id))


_EVENT_COLUMNS = ("id", "workspace_id", "type", "account_id", "data", "created_at", "mode")
# The one-statement insert's bind names, laid out once rather than formatted on every creation.
_EVENT_BINDS = tuple(f"event_{name}" for name in _EVENT_COLUMNS)
_EVENT_VALUES = operator.attrgetter(*_EVENT_COLUMNS)
_ACTION_BINDS = {col.name: f"action_{col.name}" for col in t.actions.c}


@functools.cache
def _add_with_event(dialect: str) -> Any:
    """Where a WITH may hold INSERTs (`inserts_in_with`): the action unless its key was used,
    and its event for each row inserted, in ONE statement; a row comes back only when both
    were written. Binds carry the columns' types, so values pass the same processors as in the
    two-insert path."""
    new_action = (
        insert_ignore(dialect, t.actions, _KEY)
        .values({col.name: sa.bindparam(f"action_{col.name}", type_=col.type) for col in c})
        .returning(c.id)
        .cte("new_action")
    )
    return prebuilt(
        t.events.insert()
        .from_select(
            _EVENT_COLUMNS,
            sa.select(
                *(
                    sa.bindparam(f"event_{name}", type_=t.events.c[name].type)
                    for name in _EVENT_COLUMNS
                )
            ).select_from(new_action),
        )
        .returning(t.events.c.seq)
    )


class SqlActions(SqlActionReads, SqlActionCounts, SqlActionQueue):
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add_unless_key_used(self, action: Action) -> bool:
        rows = await self.conn.execute(_insert_new(self.conn.dialect.name), to_row(action))
        return rows.first() is not None

    async def add_with_event(self, action: Action, event: Event) -> bool:
        dialect = self.conn.dialect.name
        if not inserts_in_with(dialect):
            if not await self.add_unless_key_used(action):
                return False
            await SqlEvents(self.conn).add(event)
            return True
        values = {_ACTION_BINDS[name]: value for name, value in to_row(action).items()}
        values.update(zip(_EVENT_BINDS, _EVENT_VALUES(event), strict=True))
        return (await self.conn.execute(_add_with_event(dialect), values)).first() is not None

    async def add(self, action: Action) -> None:
        # A savepoint keeps the outer transaction usable after a duplicate on PostgreSQL.
        try:
            async with self.conn.begin_nested():
                await self.conn.execute(t.actions.insert().values(to_row(action)))
        except IntegrityViolation as exc:
            raise DuplicateError(str(exc)) from exc

    async def transition(
        self,
        action_id: str,
        from_statuses: Sequence[str],
        to_status: str,
        *,
        not_expired_at: dt.datetime | None = None,
        if_revision: int | None = None,
        **values: Unpack[ActionChanges],
    ) -> Action | None:
        columns: dict[str, Any] = {**values, "status": to_status}
        query = _transition_statement(
            tuple(from_statuses),
            tuple(sorted(columns)),
            not_expired_at is not None,
            if_revision is not None,
        )
        params = {f"v_{name}": value for name, value in columns.items()}
        params["action_id"] = action_id
        if not_expired_at is not None:
            params["not_expired_at"] = not_expired_at
        if if_revision is not None:
            params["if_revision"] = if_revision
        row = (await self.conn.execute(query, params)).first()
        return to_model(Action, row) if row else None

    async def add_allowed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse,
        wake: str | None = None,
    ) -> AllowedWrite:
        return await allowed_write.add_allowed(self.conn, action, events, audit, use, wake)

    async def add_governed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse | None,
        caps: Sequence[LimitCap],
        wake: str | None = None,
    ) -> GovernedWrite:
        if not single_writer(self.conn.dialect.name):
            return await allowed_write.add_governed(
                self.conn, action, events, audit, use, caps, wake
            )
        # One writer at a time (SQLite): the unit of work holds its lock, so count, then write.
        read = tuple(
            [
                await self.limit_window(
                    action.workspace_id,
                    action.mode,
                    action.account_id,
                    cap.types,
                    cap.since,
                    cap.now,
                )
                for cap in caps
            ]
        )
        if any(used >= cap.per_day for cap, (used, _) in zip(caps, read, strict=True)):
            return GovernedWrite(AllowedWrite.LIMIT_REACHED, read)
        if use is not None:
            return GovernedWrite(await self.add_allowed(action, events, audit, use, wake), read)
        if not await self.add_unless_key_used(action):
            return GovernedWrite(AllowedWrite.KEY_TAKEN, read)
        for event in events:
            await SqlEvents(self.conn).add(event)
        return GovernedWrite(AllowedWrite.WRITTEN, read)

    async def set_routed_to(self, action_id: str, routed_to: dict[str, Any]) -> None:
        await self.conn.execute(
            t.actions.update().where(c.id == action_id).values(routed_to=routed_to)
        )

    async def mark_replaced(self, action_id: str, replaced_by: str) -> None:
        """Not a status move: the link forward from an action asked again."""
        await self.conn.execute(
            t.actions.update()
            .where(c.id == action_id, c.replaced_by.is_(None))
            .values(replaced_by=replaced_by)
        )
