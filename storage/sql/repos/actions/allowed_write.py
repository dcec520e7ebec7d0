"""Writing an action an allowance approved: the count of the allowance's uses and every row the
approval writes (the action, its events, its audit entry, the use) in one statement on
PostgreSQL, a data-modifying WITH whose inserts all hang on the action's: the allowance is
counted and spent in one round trip instead of six. SQLite has no INSERT in a WITH: there the
action's insert carries the count in its SELECT, and the other rows follow (both events in one
call), under the single writer's lock.

Under a daily limit the caller has locked the account's row first (a statement of its own), so
under READ COMMITTED this statement's snapshot, taken after the lock, sees every use committed
before it. Under an allowance alone nothing is locked: each use takes the next number, unique,
so of two replicas racing for it one writes nothing and tries again (service/actions/policies/governed.py);
within a process, creations take the number in turn (NEXT_USE) and never race.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.actions.model import Action, AllowanceUse, AllowedWrite
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event
from service.domain.storage_errors import DuplicateError
from storage.sql import tables as t
from storage.sql.driver.connection import Connection, IntegrityViolation
from storage.sql.driver.dialect import insert_ignore, inserts_in_with
from storage.sql.driver.rows import to_row
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.actions.turns import Turns

NUMBERED = "ix_allowance_uses_seq"
"""The unique index a lost race for a use's number runs into."""
NEXT_USE = Turns()
"""This process's creations under one allowance take its next use one at a time. Racing for
the number in the database, all but one of them lose and start over: sixteen at once on one
allowance wrote at a quarter of the rate of creations with no policy (bench/governance.py
--concurrency 16). Replicas still race each other; the unique number settles that."""
_USE_COLUMNS = ("action_id", "workspace_id", "account_id", "allowance", "created_at")
_EVENT_COLUMNS = ("id", "workspace_id", "type", "account_id", "data", "created_at", "mode")


def _binds(table: sa.Table, prefix: str, names: Sequence[str]) -> list[Any]:
    """Typed binds, so each value passes the column's own bind processor."""
    return [sa.bindparam(f"{prefix}_{name}", type_=table.c[name].type) for name in names]


def _of_this_allowance(uses: Any) -> tuple[Any, ...]:
    return (
        uses.c.workspace_id == sa.bindparam("use_workspace_id"),
        uses.c.account_id == sa.bindparam("use_account_id"),
        uses.c.allowance == sa.bindparam("use_allowance"),
    )


def _newest() -> Any:
    """The newest use's number (0: none yet), from the top of ix_allowance_uses_seq."""
    newest = t.allowance_uses.alias("newest")
    return (
        sa.select(sa.func.coalesce(sa.func.max(newest.c.seq), 0))
        .where(*_of_this_allowance(newest))
        .scalar_subquery()
    )


def _has_room() -> Any:
    """Fewer than `per_day` uses after `since`: the use `per_day` places back from the newest
    (the oldest that would still count with one more) is not inside the window. Uses are
    numbered in the order they were made, so this is the count, read in two index probes."""
    held = t.allowance_uses.alias("held")
    return ~sa.exists().where(
        *_of_this_allowance(held),
        held.c.seq == _newest() - sa.bindparam("use_per_day", type_=sa.Integer) + 1,
        held.c.created_at > sa.bindparam("use_since", type_=held.c.created_at.type),
    )


def _use_insert() -> Any:
    """The use, numbered one past the newest."""
    return t.allowance_uses.insert().from_select(
        [*_USE_COLUMNS, "seq"],
        sa.select(
            sa.bindparam("use_action_id", type_=t.allowance_uses.c.action_id.type),
            *_binds(t.allowance_uses, "use", _USE_COLUMNS[1:]),
            _newest() + 1,
        ),
    )


def _action_insert(dialect: str) -> Any:
    """The action's insert unless the allowance is used up or its key is taken; its id comes
    back when it was written."""
    columns = [col.name for col in t.actions.c]
    values = sa.select(*_binds(t.actions, "action", columns)).where(_has_room())
    return insert_ignore(
        dialect, t.actions, ("workspace_id", "idempotency_key"), from_select=(columns, values)
    ).returning(t.actions.c.id)


@functools.cache
def _statement(dialect: str, events: int, audit: bool, wake: bool) -> Any:
    """Where a WITH may hold INSERTs (`inserts_in_with`; PostgreSQL, whose `pg_notify` it
    calls): `(room, id, woken)`, whether the allowance had room, the action's id when it was
    written (and then the NOTIFY of `wake`, delivered when the statement's transaction
    commits)."""
    new_action = _action_insert(dialect).cte("new_action")
    writes = [
        t.allowance_uses.insert()
        .from_select(
            [*_USE_COLUMNS, "seq"],
            sa.select(
                new_action.c.id,
                *_binds(t.allowance_uses, "use", _USE_COLUMNS[1:]),
                _newest() + 1,
            ),
        )
        .cte("new_use"),
    ]
    if events:
        writes.append(
            t.events.insert()
            .from_select(
                _EVENT_COLUMNS,
                sa.union_all(
                    *(
                        sa.select(*_binds(t.events, f"event{n}", _EVENT_COLUMNS)).select_from(
                            new_action
                        )
                        for n in range(events)
                    )
                )
                if events > 1
                else sa.select(*_binds(t.events, "event0", _EVENT_COLUMNS)).select_from(new_action),
            )
            .cte("new_events")
        )
    if audit:
        columns = [col.name for col in t.audit_log.c]
        writes.append(
            t.audit_log.insert()
            .from_select(
                columns, sa.select(*_binds(t.audit_log, "audit", columns)).select_from(new_action)
            )
            .cte("new_audit")
        )
    return prebuilt(
        sa.select(
            _has_room().label("room"),
            sa.select(new_action.c.id).scalar_subquery().label("id"),
            (
                sa.select(sa.func.pg_notify(sa.bindparam("wake", type_=sa.String), ""))
                .select_from(new_action)
                .scalar_subquery()
                if wake
                else sa.null()
            ).label("woken"),
        ).add_cte(*writes)
    )


def _values(action: Action, use: AllowanceUse) -> dict[str, Any]:
    """The action's and the use's values, as the action's insert and the room check bind them."""
    return {f"action_{name}": value for name, value in to_row(action).items()} | {
        "use_action_id": action.id,
        "use_workspace_id": action.workspace_id,
        "use_account_id": action.account_id,
        "use_allowance": use.key,
        "use_created_at": action.created_at,
        "use_since": use.since,
        "use_per_day": use.per_day,
    }


@functools.cache
def _action_alone(dialect: str) -> Any:
    """The action's insert on its own, where the other rows follow in statements of their own."""
    return prebuilt(_action_insert(dialect))


_ROOM = prebuilt(sa.select(_has_room()))
_EVENTS = prebuilt(t.events.insert())
_AUDIT = prebuilt(t.audit_log.insert())
_USE = prebuilt(_use_insert())


async def add_allowed(
    conn: Connection,
    action: Action,
    events: Sequence[Event],
    audit: AuditEntry | None,
    use: AllowanceUse,
    wake: str | None,
) -> AllowedWrite:
    values = _values(action, use)
    event_rows = [to_row(event) for event in events]
    audit_row = None if audit is None else to_row(audit)
    dialect = conn.dialect.name
    if inserts_in_with(dialect):
        for n, row in enumerate(event_rows):
            values |= {f"event{n}_{name}": row[name] for name in _EVENT_COLUMNS}
        if audit_row is not None:
            values |= {f"audit_{name}": value for name, value in audit_row.items()}
        values["wake"] = wake
        statement = _statement(dialect, len(events), audit is not None, wake is not None)
        try:
            async with NEXT_USE.one_at_a_time((action.workspace_id, action.account_id, use.key)):
                room, written, _woken = (await conn.execute(statement, values)).one()
        except IntegrityViolation as exc:
            if NUMBERED not in str(exc):
                raise
            # Another creation took the use's number after this statement's snapshot: nothing
            # was written, and the caller tries again (a statement of its own sees that use).
            raise DuplicateError(str(exc)) from exc
        if written is not None:
            return AllowedWrite.WRITTEN
        return AllowedWrite.KEY_TAKEN if room else AllowedWrite.USED_UP
    if (await conn.execute(_action_alone(dialect), values)).first() is None:
        room = (await conn.execute(_ROOM, values)).scalar_one()
        return AllowedWrite.KEY_TAKEN if room else AllowedWrite.USED_UP
    await conn.execute(
        _EVENTS, [{k: v for k, v in row.items() if k != "seq"} for row in event_rows]
    )
    if audit_row is not None:
        await conn.execute(_AUDIT, audit_row)
    await conn.execute(_USE, values)
    return AllowedWrite.WRITTEN  # `wake`: SQLite is one node; the creation wakes its executor
