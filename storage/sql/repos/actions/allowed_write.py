"""Writing an action an allowance approved: the count of the allowance's uses and every row the
approval writes (the action, its events, its audit entry, the use) in one statement on
PostgreSQL, a data-modifying WITH whose inserts all hang on the action's: the allowance is
counted and spent in one round trip instead of six. SQLite has no INSERT in a WITH: there the
action's insert carries the count in its SELECT, and the other rows follow (both events in one
call), under the single writer's lock.

Nothing is locked: each use takes the next number, unique, so of two replicas racing for it
one writes nothing and tries again (service/actions/policies/governed.py); within a process,
creations take the number in turn (NEXT_USE, turns.py), those that waited together, and never
race. Under daily limits the same statement counts
each limit's window and takes the account's next number as well (limit_write.py), so a pending
action under a limit is written this way too, with or without an allowance.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from typing import Any

import sqlalchemy as sa
from attrs import frozen

from service.actions.model import Action, AllowanceUse, AllowedWrite, GovernedWrite, LimitCap
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event
from service.domain.storage_errors import DuplicateError
from storage.sql import tables as t
from storage.sql.driver.connection import Connection, IntegrityViolation
from storage.sql.driver.dialect import insert_ignore, inserts_in_with
from storage.sql.driver.result import Row
from storage.sql.driver.rows import to_row
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.actions import limit_bases, limit_write
from storage.sql.repos.actions.turns import Turns

NUMBERED = "ix_allowance_uses_seq"
"""The unique index a lost race for a use's number runs into."""
NEXT_USE: Turns[Any, Any] = Turns()
"""This process's creations under one allowance (or one account's limits) take the next number
in turn, those that waited together. Racing for the number in the database, all but one of them
lose and start over: sixteen at once on one allowance wrote at a quarter of the rate of
creations with no policy (bench/governance.py --concurrency 16). Replicas still race each other;
the unique number settles that."""
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


def _action_insert(dialect: str, allowance: bool = True, limits: int = 0) -> Any:
    """The action's insert unless the allowance is used up, a limit is reached or its key is
    taken; its id comes back when it was written."""
    columns = [col.name for col in t.actions.c]
    room = [*([_has_room()] if allowance else []), *limit_write.rooms(limits)]
    values = sa.select(*_binds(t.actions, "action", columns)).where(*room)
    return insert_ignore(
        dialect, t.actions, ("workspace_id", "idempotency_key"), from_select=(columns, values)
    ).returning(t.actions.c.id)


@functools.cache
def _statement(
    dialect: str, events: int, audit: bool, wake: bool, allowance: bool = True, limits: int = 0
) -> Any:
    """Where a WITH may hold INSERTs (`inserts_in_with`; PostgreSQL, whose `pg_notify` it
    calls): `(room, id, woken, used0, oldest0, …)`: whether the allowance had room (true with no
    `allowance`), the action's id when it was written (and then the NOTIFY of `wake`,
    delivered when the statement's transaction commits), and each of `limits` daily limits'
    window as read."""
    new_action = _action_insert(dialect, allowance, limits).cte("new_action")
    writes = []
    if limits:
        writes.append(limit_write.ticket(new_action).cte("new_ticket"))
    if allowance:
        writes.append(
            t.allowance_uses.insert()
            .from_select(
                [*_USE_COLUMNS, "seq"],
                sa.select(
                    new_action.c.id,
                    *_binds(t.allowance_uses, "use", _USE_COLUMNS[1:]),
                    _newest() + 1,
                ),
            )
            .cte("new_use")
        )
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
            (_has_room() if allowance else sa.true()).label("room"),
            sa.select(new_action.c.id).scalar_subquery().label("id"),
            (
                sa.select(sa.func.pg_notify(sa.bindparam("wake", type_=sa.String), ""))
                .select_from(new_action)
                .scalar_subquery()
                if wake
                else sa.null()
            ).label("woken"),
            *limit_write.windows(limits),
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
    """Where a WITH holds no INSERT: the action first, then its rows one statement each."""
    return prebuilt(_action_insert(dialect))


_ROOM = prebuilt(sa.select(_has_room()))
_EVENTS = prebuilt(t.events.insert())
_AUDIT = prebuilt(t.audit_log.insert())
_USE = prebuilt(_use_insert())


def _statement_values(
    action: Action,
    events: Sequence[Event],
    audit: AuditEntry | None,
    use: AllowanceUse | None,
    wake: str | None,
) -> dict[str, Any]:
    """Every bind of `_statement`'s write: the action, its use, events and audit entry."""
    values = (
        _values(action, use)
        if use is not None
        else {f"action_{name}": value for name, value in to_row(action).items()}
    )
    for n, event in enumerate(events):
        row = to_row(event)
        values |= {f"event{n}_{name}": row[name] for name in _EVENT_COLUMNS}
    if audit is not None:
        values |= {f"audit_{name}": value for name, value in to_row(audit).items()}
    values["wake"] = wake
    return values


async def _rows(conn: Connection, statement: Any, values: Sequence[dict[str, Any]]) -> list[Row]:
    """The statement's row for each set of values, all in one transaction; a lost race for a
    number (the allowance's or the limits') is DuplicateError."""
    try:
        return await conn.one_row_each(statement, values)
    except IntegrityViolation as exc:
        if NUMBERED not in str(exc) and limit_write.TICKETED not in str(exc):
            raise
        # Another creation took the number after this statement's snapshot: nothing was
        # written, and the caller tries again (a statement of its own sees that number).
        raise DuplicateError(str(exc)) from exc


def _kind(conn: Connection, statement: Any, *shape: int) -> Hashable:
    """Which writes may share a turn: those of one statement (and shape of its lists), each
    committing by itself. A write inside a transaction goes alone, on its own connection, so it
    commits or rolls back with the rest of its transaction and takes no one else's with it."""
    if not conn.commits_each_statement:
        return object()  # equal to no other
    return (id(statement), *shape)


@frozen
class _Governed:
    """One creation's write under limits, waiting for its turn."""

    conn: Connection
    statement: Any
    values: dict[str, Any]
    action: Action
    caps: Sequence[LimitCap]


async def _governed_turn(writes: Sequence[_Governed]) -> list[tuple[Row, limit_write.Read]]:
    """A turn's writes under limits, on the first one's connection. The count each one bounds
    its windows from is chosen in the turn, so the creations waiting behind one that counts a
    window use its count rather than each counting it too."""
    conn = writes[0].conn
    values = [
        w.values
        | limit_write.values(w.action, w.caps, limit_bases.bases(conn.planner, w.action, w.caps))
        for w in writes
    ]
    answers = []
    for w, row in zip(writes, await _rows(conn, writes[0].statement, values), strict=True):
        read = limit_write.read(row, 3)
        counted = [
            (fresh, used) for fresh, (used, _) in zip(read.counted, read.windows, strict=True)
        ]
        limit_bases.written(conn.planner, w.action, w.caps, counted, read.newest)
        answers.append((row, read))
    return answers


async def add_governed(
    conn: Connection,
    action: Action,
    events: Sequence[Event],
    audit: AuditEntry | None,
    use: AllowanceUse | None,
    caps: Sequence[LimitCap],
    wake: str | None,
) -> GovernedWrite:
    """PostgreSQL: the write of `add_allowed` (or of a pending action with no `use`) held to
    `caps` as well, in one statement that also takes the account's next number."""
    statement = _statement(
        conn.dialect.name,
        len(events),
        audit is not None,
        wake is not None,
        use is not None,
        len(caps),
    )
    write = _Governed(
        conn, statement, _statement_values(action, events, audit, use, wake), action, caps
    )
    # Creations under limits take the account's number: in this process, in turn. Writes of
    # the same statement, with as many types in each limit, can go in one turn.
    kind = _kind(conn, statement, *(len(cap.types) for cap in caps))
    row, read = await NEXT_USE.write(
        (action.workspace_id, action.account_id, "limits"), kind, write, _governed_turn
    )
    room, written = row[0], row[1]
    if written is not None:
        outcome = AllowedWrite.WRITTEN
    elif limit_write.reached(caps, read.windows):
        outcome = AllowedWrite.LIMIT_REACHED
    else:
        outcome = AllowedWrite.KEY_TAKEN if room else AllowedWrite.USED_UP
    return GovernedWrite(outcome, read.windows)


async def _allowed_turn(
    writes: Sequence[tuple[Connection, Any, dict[str, Any]]],
) -> list[Row]:
    """A turn's writes under one allowance, on the first one's connection."""
    conn, statement, _values = writes[0]
    return await _rows(conn, statement, [values for _conn, _statement, values in writes])


async def add_allowed(
    conn: Connection,
    action: Action,
    events: Sequence[Event],
    audit: AuditEntry | None,
    use: AllowanceUse,
    wake: str | None,
) -> AllowedWrite:
    if inserts_in_with(conn.dialect.name):
        statement = _statement(conn.dialect.name, len(events), audit is not None, wake is not None)
        values = _statement_values(action, events, audit, use, wake)
        key = (action.workspace_id, action.account_id, use.key)
        room, written, _woken = await NEXT_USE.write(
            key, _kind(conn, statement), (conn, statement, values), _allowed_turn
        )
        if written is not None:
            return AllowedWrite.WRITTEN
        return AllowedWrite.KEY_TAKEN if room else AllowedWrite.USED_UP
    values = _values(action, use)
    event_rows = [to_row(event) for event in events]
    audit_row = None if audit is None else to_row(audit)
    if (await conn.execute(_action_alone(conn.dialect.name), values)).first() is None:
        room = (await conn.execute(_ROOM, values)).scalar_one()
        return AllowedWrite.KEY_TAKEN if room else AllowedWrite.USED_UP
    await conn.execute(
        _EVENTS, [{k: v for k, v in row.items() if k != "seq"} for row in event_rows]
    )
    if audit_row is not None:
        await conn.execute(_AUDIT, audit_row)
    await conn.execute(_USE, values)
    return AllowedWrite.WRITTEN  # `wake`: SQLite is one node; the creation wakes its executor
