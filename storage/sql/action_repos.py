"""Actions and the event outbox. Every status change is one conditional UPDATE … RETURNING.

The statuses in these statements come from the actions' transition table
(service/actions/transitions.py); service/actions/lifecycle.py is their only caller."""

from __future__ import annotations

import builtins
import datetime as dt
import functools
import operator
from collections.abc import Sequence
from typing import Any, Unpack

import sqlalchemy as sa

from service.actions.activity_day import COUNTS, ActivityDay
from service.actions.limits import NOT_COUNTED
from service.actions.model import Action, AllowanceUse, AllowedWrite
from service.actions.repository import ActionChanges
from service.actions.transitions import APPROVED, EXPIRED, PENDING, Trigger, move
from service.domain.dashboard import AuditEntry
from service.domain.models import Event
from service.domain.storage_errors import DuplicateError
from storage.sql import allowed_write
from storage.sql import tables as t
from storage.sql.activity import statements as activity_statements
from storage.sql.connection import Connection, IntegrityViolation
from storage.sql.rows import to_model, to_row
from storage.sql.statements import prebuilt

c = t.actions.c

OPEN = t.still_open(c.status)  # beside `status = 'pending'` and the like: see still_open
# Hot-path statements are built once: building a Select costs ~100x its cached execution.
_ACTION = prebuilt(
    t.actions.select().where(c.workspace_id == sa.bindparam("ws"), c.id == sa.bindparam("id"))
)

# Waiters (service/actions/waiting.py) read many actions at once, by id, in any workspace.
_STATUSES = prebuilt(sa.select(c.id, c.status).where(c.id.in_(sa.bindparam("ids", expanding=True))))
_MOVED = prebuilt(  # only the rows that left a status: a thousand lookups, one or two rows back
    sa.select(c.id, c.status).where(
        c.id.in_(sa.bindparam("ids", expanding=True)), c.status != sa.bindparam("status")
    )
)
_MANY = prebuilt(t.actions.select().where(c.id.in_(sa.bindparam("ids", expanding=True))))
IN_CHUNK = 500


def _chunks(ids: Sequence[str]) -> list[list[str]]:
    unique = list(dict.fromkeys(ids))
    return [unique[i : i + IN_CHUNK] for i in range(0, len(unique), IN_CHUNK)]


_BY_KEY = prebuilt(
    t.actions.select().where(
        c.workspace_id == sa.bindparam("ws"), c.idempotency_key == sa.bindparam("key")
    )
)

_uses = t.allowance_uses.c
_ALLOWANCE_USED = prebuilt(  # ix_allowance_uses alone answers it
    sa.select(sa.func.count())
    .select_from(t.allowance_uses)
    .where(
        _uses.workspace_id == sa.bindparam("ws"),
        _uses.account_id == sa.bindparam("account"),
        _uses.allowance == sa.bindparam("allowance"),
        _uses.created_at > sa.bindparam("since", type_=_uses.created_at.type),
    )
)
# ix_actions_account_list narrows to the account's last day; the rest filters those rows.
_LIMIT_WINDOW = prebuilt(
    sa.select(sa.func.count(), sa.func.min(c.created_at)).where(
        c.workspace_id == sa.bindparam("ws"),
        c.mode == sa.bindparam("mode"),
        c.account_id == sa.bindparam("account"),
        c.created_at > sa.bindparam("since", type_=c.created_at.type),
        c.type.in_(sa.bindparam("types", expanding=True)),
        c.status.not_in(NOT_COUNTED),
        sa.or_(c.status != PENDING, c.expires_at > sa.bindparam("now", type_=c.expires_at.type)),
    )
)

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


@functools.cache
def _list_statement(
    status_kind: str | None, by_account: bool, by_type: bool, only: bool, paged: bool
) -> Any:
    """One statement per combination of filters; values are bound at execution."""
    query = t.actions.select().where(
        c.workspace_id == sa.bindparam("ws"), c.mode == sa.bindparam("mode")
    )
    now = sa.bindparam("now", type_=c.expires_at.type)
    if by_account:
        query = query.where(c.account_id == sa.bindparam("account"))
    if by_type:
        query = query.where(c.type == sa.bindparam("type"))
    if only:
        query = query.where(c.account_id.in_(sa.bindparam("only", expanding=True)))
    if paged:
        # A row value, not `created_at < x OR (created_at = x AND id < y)`: both databases seek
        # the (…, created_at, id) index straight to the position (tests/storage/test_keyset_plans).
        at = sa.bindparam("before_at", type_=c.created_at.type)
        query = query.where(
            sa.tuple_(c.created_at, c.id)
            < sa.tuple_(at, sa.bindparam("before_id", type_=c.id.type))
        )
    newest = (c.created_at.desc(), c.id.desc())
    limit: sa.BindParameter[int] = sa.bindparam("limit")
    if status_kind == EXPIRED:
        # Expired, or pending past its expiry: each part a page from its own index (the list by
        # status; the open actions), then the newest of the two pages. An OR of the two would
        # read and sort every expired action of the workspace.
        parts = [
            query.where(c.status == EXPIRED).order_by(*newest).limit(limit).subquery(),
            query.where(c.status == PENDING, OPEN, c.expires_at <= now)
            .order_by(*newest)
            .limit(limit)
            .subquery(),
        ]
        both = sa.union_all(*(sa.select(part) for part in parts)).subquery()
        return prebuilt(
            sa.select(both).order_by(both.c.created_at.desc(), both.c.id.desc()).limit(limit)
        )
    if status_kind == PENDING:
        query = query.where(c.status == PENDING, OPEN, c.expires_at > now)
    elif status_kind == "exact":
        query = query.where(c.status == sa.bindparam("status"))
    return prebuilt(query.order_by(*newest).limit(limit))


@functools.cache
def _insert_new(dialect: str) -> Any:
    """One dialect's `INSERT … ON CONFLICT DO NOTHING RETURNING id`, built on first use: SQLite
    never imports PostgreSQL's dialect (it would slow the CLI's start, bench/cli_start.py)."""
    if dialect == "postgresql":
        from sqlalchemy.dialects import postgresql as chosen
    else:
        from sqlalchemy.dialects import sqlite as chosen  # type: ignore[no-redef]
    return prebuilt(
        chosen.insert(t.actions)
        .on_conflict_do_nothing(index_elements=[c.workspace_id, c.idempotency_key])
        .returning(c.id)
    )


_EVENT_COLUMNS = ("id", "workspace_id", "type", "account_id", "data", "created_at", "mode")
# The one-statement insert's bind names, laid out once rather than formatted on every creation.
_EVENT_BINDS = tuple(f"event_{name}" for name in _EVENT_COLUMNS)
_EVENT_VALUES = operator.attrgetter(*_EVENT_COLUMNS)
_ACTION_BINDS = {col.name: f"action_{col.name}" for col in t.actions.c}


@functools.cache
def _add_with_event() -> Any:
    """PostgreSQL only (SQLite has no INSERT in a WITH): the action unless its key was used, and
    its event for each row inserted, in ONE statement; a row comes back only when both were
    written. Binds carry the columns' types, so values pass the same processors as in the
    two-insert path."""
    from sqlalchemy.dialects.postgresql import insert

    new_action = (
        insert(t.actions)
        .values({col.name: sa.bindparam(f"action_{col.name}", type_=col.type) for col in c})
        .on_conflict_do_nothing(index_elements=[c.workspace_id, c.idempotency_key])
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


class SqlActions:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add_unless_key_used(self, action: Action) -> bool:
        rows = await self.conn.execute(_insert_new(self.conn.dialect.name), to_row(action))
        return rows.first() is not None

    async def add_with_event(self, action: Action, event: Event) -> bool:
        if self.conn.dialect.name != "postgresql":
            if not await self.add_unless_key_used(action):
                return False
            await SqlEvents(self.conn).add(event)
            return True
        values = {_ACTION_BINDS[name]: value for name, value in to_row(action).items()}
        values.update(zip(_EVENT_BINDS, _EVENT_VALUES(event), strict=True))
        return (await self.conn.execute(_add_with_event(), values)).first() is not None

    async def add(self, action: Action) -> None:
        # A savepoint keeps the outer transaction usable after a duplicate on PostgreSQL.
        try:
            async with self.conn.begin_nested():
                await self.conn.execute(t.actions.insert().values(to_row(action)))
        except IntegrityViolation as exc:
            raise DuplicateError(str(exc)) from exc

    async def get(self, workspace_id: str, action_id: str) -> Action | None:
        row = (await self.conn.execute(_ACTION, {"ws": workspace_id, "id": action_id})).first()
        return to_model(Action, row) if row else None

    async def get_by_idempotency_key(self, workspace_id: str, key: str) -> Action | None:
        row = (await self.conn.execute(_BY_KEY, {"ws": workspace_id, "key": key})).first()
        return to_model(Action, row) if row else None

    async def pending_by_expiry(
        self,
        workspace_id: str,
        *,
        mode: str,
        now: dt.datetime,
        account_id: str | None = None,
        type_: str | None = None,
        limit: int = 100,
    ) -> builtins.list[Action]:
        """Pending actions not yet expired, the soonest to expire first (the inbox)."""
        query = (
            t.actions.select()
            .where(
                c.workspace_id == workspace_id,
                c.mode == mode,
                c.status == "pending",
                OPEN,
                c.expires_at > now,
            )
            .order_by(c.expires_at, c.id)
            .limit(limit)
        )
        if account_id is not None:
            query = query.where(c.account_id == account_id)
        if type_ is not None:
            query = query.where(c.type == type_)
        return [to_model(Action, r) for r in await self.conn.execute(query)]

    async def pending_counts(
        self, workspace_id: str, *, mode: str, now: dt.datetime
    ) -> dict[str, int]:
        """How many actions wait for a decision, per account."""
        query = (
            sa.select(c.account_id, sa.func.count())
            .where(
                c.workspace_id == workspace_id,
                c.mode == mode,
                c.status == "pending",
                OPEN,
                c.expires_at > now,
            )
            .group_by(c.account_id)
        )
        return {r[0]: int(r[1]) for r in await self.conn.execute(query)}

    async def statuses(
        self, action_ids: Sequence[str], *, other_than: str | None = None
    ) -> dict[str, str]:
        found: dict[str, str] = {}
        for chunk in _chunks(action_ids):
            if other_than is None:
                rows = await self.conn.execute(_STATUSES, {"ids": chunk})
            else:
                rows = await self.conn.execute(_MOVED, {"ids": chunk, "status": other_than})
            found.update((r.id, r.status) for r in rows)
        return found

    async def get_many(self, action_ids: Sequence[str]) -> builtins.list[Action]:
        found: builtins.list[Action] = []
        for chunk in _chunks(action_ids):
            rows = await self.conn.execute(_MANY, {"ids": chunk})
            found.extend(to_model(Action, r) for r in rows)
        return found

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str,
        status: str | None = None,
        account_id: str | None = None,
        type_: str | None = None,
        only_accounts: Sequence[str] | None = None,
        before: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
        now: dt.datetime | None = None,
    ) -> list[Action]:
        """Newest first, keyset-paginated on (created_at, id). Pending rows past their expiry
        count as expired, so the filter agrees with what each row shows."""
        status_kind = (
            status
            if status in (PENDING, EXPIRED) and now is not None
            else ("exact" if status is not None else None)
        )
        query = _list_statement(
            status_kind,
            account_id is not None,
            type_ is not None,
            only_accounts is not None,
            before is not None,
        )
        values = {
            "ws": workspace_id,
            "mode": mode,
            "status": status,
            "now": now,
            "account": account_id,
            "type": type_,
            "limit": limit,
            "only": list(only_accounts) if only_accounts is not None else None,
        }
        if before is not None:
            values["before_at"], values["before_id"] = before
        return [to_model(Action, r) for r in await self.conn.execute(query, values)]

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

    async def allowance_used(
        self, workspace_id: str, account_id: str, allowance: str, since: dt.datetime
    ) -> int:
        values = {"ws": workspace_id, "account": account_id, "allowance": allowance, "since": since}
        return int((await self.conn.execute(_ALLOWANCE_USED, values)).scalar_one())

    async def limit_window(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        types: Sequence[str],
        since: dt.datetime,
        now: dt.datetime,
    ) -> tuple[int, dt.datetime | None]:
        values = {
            "ws": workspace_id,
            "mode": mode,
            "account": account_id,
            "since": since,
            "types": list(types),
            "now": now,
        }
        row = (await self.conn.execute(_LIMIT_WINDOW, values)).one()
        return int(row[0]), row[1]  # min() keeps the column's type: a datetime

    async def activity(
        self,
        workspace_id: str,
        mode: str,
        account_id: str,
        start: dt.datetime,
        end: dt.datetime,
        now: dt.datetime,
    ) -> builtins.list[ActivityDay]:
        counts, medians = activity_statements(self.conn.dialect.name)
        values = {
            "ws": workspace_id,
            "mode": mode,
            "account": account_id,
            "start": start,
            "end": end,
            "now": now,
        }
        rows = [r._mapping for r in (await self.conn.execute(counts, values)).all()]
        median: dict[str, Any] = {r["day"]: r["median"] for r in rows if "median" in r}
        if medians is not None:
            for found in (await self.conn.execute(medians, values)).all():
                median[found.day] = found.median
        return [
            ActivityDay(
                day=dt.date.fromisoformat(r["day"]),
                **{name: int(r[name]) for name in COUNTS},
                median_decision_seconds=_seconds(median.get(r["day"])),
            )
            for r in rows
        ]

    async def add_allowed(
        self,
        action: Action,
        events: Sequence[Event],
        audit: AuditEntry | None,
        use: AllowanceUse,
        wake: str | None = None,
    ) -> AllowedWrite:
        return await allowed_write.add_allowed(self.conn, action, events, audit, use, wake)

    async def mark_replaced(self, action_id: str, replaced_by: str) -> None:
        """Not a status move: the link forward from an action asked again."""
        await self.conn.execute(
            t.actions.update()
            .where(c.id == action_id, c.replaced_by.is_(None))
            .values(replaced_by=replaced_by)
        )

    async def expire_due(self, now: dt.datetime) -> builtins.list[Action]:
        rows = await self.conn.execute(
            t.actions.update()
            .where(c.status == _EXPIRE.source, OPEN, c.expires_at <= now)
            .values(status=_EXPIRE.dest)
            .returning(*t.actions.c)
        )
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


_ADD_EVENT = prebuilt(t.events.insert().returning(t.events.c.seq))  # columns: the values bound


class SqlEvents:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, event: Event) -> int:
        """Write the event; returns its `seq` (the envelope's `sequence`)."""
        values = to_row(event)
        values.pop("seq")
        return int((await self.conn.execute(_ADD_EVENT, values)).scalar_one())

    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> list[Event]:
        query = t.events.select().where(t.events.c.seq > after_seq)
        if workspace_id is not None:
            query = query.where(t.events.c.workspace_id == workspace_id)
        rows = await self.conn.execute(query.order_by(t.events.c.seq).limit(limit))
        return [to_model(Event, r) for r in rows]


def _seconds(value: Any) -> float | None:
    """Milliseconds are enough for a median wait (PostgreSQL's percentile_cont is a float,
    its extract a numeric)."""
    return None if value is None else round(float(value), 3)
