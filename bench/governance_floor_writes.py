"""How bench/governance_floor.py writes one creation on each driver: on SQLite one transaction
of plain INSERTs, as the service's writer commits it; on PostgreSQL one statement, a
data-modifying WITH, as the service sends it. And the count that proves every row was written."""

from __future__ import annotations

import datetime as dt
import sqlite3
from typing import Any

from bench.governance_floor_rows import (
    ACCOUNT,
    ACTION_COLUMNS,
    ALLOWANCE,
    AUDIT_COLUMNS,
    EVENT_COLUMNS,
    PER_DAY,
    USE_COLUMNS,
    WORKSPACE,
)


def _insert(table: str, columns: list[str], marks: list[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(marks)})"


# --- SQLite: one transaction a creation, as the service's writer commits it -----------------

SQ_ACTION = _insert("actions", ACTION_COLUMNS, ["?"] * len(ACTION_COLUMNS))
SQ_EVENT = _insert("events", EVENT_COLUMNS, ["?"] * len(EVENT_COLUMNS))
SQ_AUDIT = _insert("audit_log", AUDIT_COLUMNS, ["?"] * len(AUDIT_COLUMNS))
_THIS = "workspace_id = ? AND account_id = ? AND allowance = ?"
SQ_NEWEST = f"SELECT coalesce(max(seq), 0) FROM allowance_uses WHERE {_THIS}"
SQ_ROOM = (
    f"SELECT NOT EXISTS (SELECT 1 FROM allowance_uses WHERE {_THIS} AND seq = ? AND created_at > ?)"
)
SQ_USE = _insert("allowance_uses", [*USE_COLUMNS, "seq"], ["?"] * (len(USE_COLUMNS) + 1))
THIS = (WORKSPACE, ACCOUNT, ALLOWANCE)


def sqlite_creation(conn: sqlite3.Connection, one: dict[str, list[Any]]) -> None:
    conn.execute("BEGIN IMMEDIATE")
    if "use" in one:
        newest = conn.execute(SQ_NEWEST, THIS).fetchone()[0]
        room = conn.execute(SQ_ROOM, (*THIS, newest - PER_DAY + 1, *one["since"])).fetchone()[0]
        assert room
    conn.execute(SQ_ACTION, one["action"])
    conn.execute(SQ_EVENT, one["created"])
    if "approved" in one:
        conn.execute(SQ_EVENT, one["approved"])
        conn.execute(SQ_AUDIT, one["audit"])
    if "use" in one:
        conn.execute(SQ_USE, (*one["use"], newest + 1))
    conn.execute("COMMIT")


def sqlite_connection(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    for pragma in (
        "journal_mode=WAL",
        "foreign_keys=ON",
        "synchronous=NORMAL",
        "wal_autocheckpoint=10000",  # no background checkpoint here: commits copy the log
    ):
        conn.execute(f"PRAGMA {pragma}")
    conn.execute(
        "INSERT INTO workspaces (id, name, created_at) VALUES (?, 'Floor', ?)",
        (WORKSPACE, dt.datetime.now(dt.UTC).isoformat()),
    )
    return conn


# --- PostgreSQL: one statement a creation, a data-modifying WITH, as the service sends -------


def _marks(start: int, columns: list[str], casts: dict[str, str]) -> list[str]:
    return [f"${start + i}{casts.get(c, '')}" for i, c in enumerate(columns)]


_JSONB = {c: "::jsonb" for c in ("params", "requested_by", "decided_by", "warnings", "approvals")}
_JSONB |= {"data": "::jsonb", "actor": "::jsonb", "details": "::jsonb"}


def postgres_statement(variant: str) -> str:
    """The variant's rows as one statement: every insert hangs on the action's."""
    n = len(ACTION_COLUMNS)
    parts = [
        f"a AS ({_insert('actions', ACTION_COLUMNS, _marks(1, ACTION_COLUMNS, _JSONB))} RETURNING id)"
    ]
    e = len(EVENT_COLUMNS)
    parts.append(
        f"c AS ({_insert('events', EVENT_COLUMNS, _marks(n + 1, EVENT_COLUMNS, _JSONB))} RETURNING 1)"
    )
    if variant != "none":
        parts.append(
            f"p AS ({_insert('events', EVENT_COLUMNS, _marks(n + e + 1, EVENT_COLUMNS, _JSONB))} RETURNING 1)"
        )
        start = n + 2 * e + 1
        parts.append(
            f"l AS ({_insert('audit_log', AUDIT_COLUMNS, _marks(start, AUDIT_COLUMNS, _JSONB))} RETURNING 1)"
        )
    if variant == "allowance":
        start = n + 2 * e + len(AUDIT_COLUMNS) + 1
        this = (
            f"workspace_id = ${start + 1}::text AND account_id = ${start + 2}::text "
            f"AND allowance = ${start + 3}::text"
        )
        newest = f"(SELECT coalesce(max(seq), 0) FROM allowance_uses WHERE {this})"
        since = f"${start + 5}::timestamptz"
        room = (
            f"NOT EXISTS (SELECT 1 FROM allowance_uses WHERE {this} "
            f"AND seq = {newest} - {PER_DAY} + 1 AND created_at > {since})"
        )
        columns = ", ".join([*USE_COLUMNS, "seq"])
        casts = ("text", "text", "text", "text", "timestamptz")
        use_marks = ", ".join(f"${start + i}::{cast}" for i, cast in enumerate(casts))
        parts.append(
            f"u AS (INSERT INTO allowance_uses ({columns}) SELECT {use_marks}, {newest} + 1 "
            f"WHERE {room} RETURNING 1)"
        )
    return "WITH " + ", ".join(parts) + " SELECT id FROM a"


def postgres_arguments(one: dict[str, list[Any]]) -> list[Any]:
    values = [*one["action"], *one["created"]]
    if "approved" in one:
        values += [*one["approved"], *one["audit"]]
    if "use" in one:
        values += [*one["use"], *one["since"]]
    return values


COUNTS = (
    "SELECT count(*) FROM actions",
    "SELECT count(*) FROM events",
    "SELECT count(*) FROM audit_log",
    "SELECT count(*) FROM allowance_uses",
    "SELECT coalesce(max(seq), 0) FROM allowance_uses",
)


def check_counts(n: int, counts: list[int]) -> None:
    """Every row each variant should have written is there (50 warm-up creations with none)."""
    expected = [50 + 3 * n, 50 + 5 * n, 2 * n, n, n]
    if counts != expected:
        raise SystemExit(f"rows written {counts}, expected {expected}")
