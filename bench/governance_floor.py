"""The floor under an allowance's cost: the rows an approval at creation must write, on the raw
driver, as a ratio to the rows a creation with no policy writes. No service code runs in the
timed loop, so the ratio is the databases' own price for the approval's record.

    python -m bench.governance_floor [--actions 2000] [--rounds 5] [--databases sqlite,postgres]

The goal for creating under an allowance is at least 0.9 of the rate with no policy. If the
database alone cannot write the approval's record at that rate, no implementation can; this
measures whether it can. On a migrated database (the service's own tables and indexes; SQLite
with the service's pragmas, PostgreSQL over asyncpg with one statement a creation, as the
service sends), each round times `--actions` creations of each variant one after another,
rotating which goes first:

- `none`: what a creation with no policy writes, the pending action and `action.created`;
- `record`: what the approval's record alone needs, the approved action (in the executor's due
  index instead of the inbox's), `action.created`, `action.approved` and the audit entry, and no
  allowance check at all (a lower bound: free counting);
- `allowance`: the record plus the use numbered after the newest, and the room check (two index
  probes), as the service writes it.

Values are prepared before the clock starts (ids, JSON the size of an action's rendering), so
only the database's work and the driver's call are timed. Prints each round and the medians of
the per-round ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import hashlib
import json
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from typing import Any

from bench import quick
from bench.governance import loadavg
from harness.scratch import scratch_database
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.sqlite import CHECKPOINT_PAGES

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
WORKSPACE, ACCOUNT, ALLOWANCE, PER_DAY = "ws_floor", "41001", "r0", 10_000
VARIANTS = ("none", "record", "allowance")
ACTION_COLUMNS = [
    "id",
    "workspace_id",
    "account_id",
    "mode",
    "type",
    "status",
    "params",
    "summary",
    "requested_by",
    "idempotency_key",
    "fingerprint",
    "created_at",
    "expires_at",
    "decided_by",
    "decided_at",
    "warnings",
    "approvals",
    "approvals_required",
]
EVENT_COLUMNS = ["id", "workspace_id", "type", "mode", "account_id", "data", "created_at"]
AUDIT_COLUMNS = ["id", "workspace_id", "actor", "action", "target", "details", "created_at"]
USE_COLUMNS = ["action_id", "workspace_id", "account_id", "allowance", "created_at"]


def _rendered(action_id: str, status: str, now: dt.datetime) -> str:
    """An action as the API renders it (and as its events carry it): about 900 bytes."""
    stamp = now.isoformat()
    return json.dumps(
        {
            "id": action_id,
            "object": "action",
            "accountId": ACCOUNT,
            "type": "send_message",
            "status": status,
            "params": {"fanId": "100001", "text": "Thanks for subscribing! A reply from Maya."},
            "summary": "Send a message to fan 100001",
            "estimatedRecipients": 1,
            "requestedBy": {"kind": "api_key", "id": "key_bench", "name": "backend"},
            "approvalsRequired": 0 if status == "approved" else 1,
            "approvals": [],
            "decidedBy": None,
            "decidedAt": stamp if status == "approved" else None,
            "createdAt": stamp,
            "expiresAt": (now + dt.timedelta(days=1)).isoformat(),
            "runAt": None,
            "executedAt": None,
            "result": None,
            "error": None,
            "warnings": [],
            "testMode": False,
            "livemode": True,
            "metadata": {"source": "bench", "batch": uuid.uuid4().hex},
        },
        separators=(",", ":"),
    )


def rows(variant: str, n: int, sqlite: bool) -> list[dict[str, list[Any]]]:
    """Each creation's rows, column values in the order of the *_COLUMNS lists."""
    now = dt.datetime.now(dt.UTC)

    def when(at: dt.datetime) -> Any:
        return int(at.timestamp() * 1_000_000) if sqlite else at

    def stamp(at: dt.datetime) -> Any:
        return at.isoformat() if sqlite else at

    out = []
    for i in range(n):
        at = now + dt.timedelta(microseconds=i)
        action_id = f"act_{uuid.uuid4().hex}"
        digest = hashlib.sha256(action_id.encode()).digest()
        approved = variant != "none"
        status = "approved" if approved else "pending"
        decision = (
            json.dumps([{"kind": "policy", "rule": 0, "name": "replies"}]) if approved else None
        )
        action = [
            action_id,
            WORKSPACE,
            ACCOUNT,
            "live",
            "send_message",
            status,
            json.dumps({"fanId": str(100000 + i), "text": f"Reply {i}"}),
            f"Send a message to fan {100000 + i}",
            json.dumps({"kind": "api_key", "id": "key_bench", "name": "backend"}),
            uuid.uuid4().hex,
            digest if sqlite else digest.hex(),  # SQLite keeps the 32 bytes
            when(at),
            when(at + dt.timedelta(days=1)),
            decision,
            when(at) if approved else None,
            "[]",
            "[]",
            0 if approved else 1,
        ]
        rendered = _rendered(action_id, status, at)

        def event(kind: str, rendered: str = rendered, at: dt.datetime = at) -> list[Any]:
            return [
                f"evt_{uuid.uuid4().hex}",
                WORKSPACE,
                kind,
                "live",
                ACCOUNT,
                rendered,
                stamp(at),
            ]

        one: dict[str, list[Any]] = {"action": action, "created": event("action.created")}
        if approved:
            one["approved"] = event("action.approved")
            one["audit"] = [
                f"aud_{uuid.uuid4().hex}",
                WORKSPACE,
                json.dumps({"kind": "policy", "id": "r0", "name": "replies"}),
                "action.approved",
                action_id,
                json.dumps({"rule": 0, "allowance": ALLOWANCE}),
                stamp(at),
            ]
        if variant == "allowance":
            one["use"] = [action_id, WORKSPACE, ACCOUNT, ALLOWANCE, when(at)]
            one["since"] = [when(at - dt.timedelta(days=1))]
        out.append(one)
    return out


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
        f"wal_autocheckpoint={CHECKPOINT_PAGES}",
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


def _check(n: int, counts: list[int]) -> None:
    """Every row each variant should have written is there (50 warm-up creations with none)."""
    expected = [50 + 3 * n, 50 + 5 * n, 2 * n, n, n]
    if counts != expected:
        raise SystemExit(f"rows written {counts}, expected {expected}")


# --- the rounds -------------------------------------------------------------------------------


def _rate(n: int, run: Callable[[dict[str, list[Any]]], Any], prepared: list) -> float:
    started = time.perf_counter()
    for one in prepared:
        run(one)
    return n / (time.perf_counter() - started)


async def _arate(n: int, run, prepared: list) -> float:
    started = time.perf_counter()
    for one in prepared:
        await run(one)
    return n / (time.perf_counter() - started)


async def _migrated(url: str) -> None:
    engine = make_engine(url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()


def sqlite_round(n: int, order: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/floor.db"
        asyncio.run(_migrated(f"sqlite:///{path}"))
        conn = sqlite_connection(path)
        try:
            for one in rows("none", 50, sqlite=True):  # warm up
                sqlite_creation(conn, one)
            rates = {
                v: _rate(n, lambda one: sqlite_creation(conn, one), rows(v, n, sqlite=True))
                for v in order
            }
            _check(n, [conn.execute(q).fetchone()[0] for q in COUNTS])
            return rates
        finally:
            conn.close()


def postgres_round(n: int, order: list[str]) -> dict[str, float]:
    with scratch_database(POSTGRES, "cs_floor") as url:
        return asyncio.run(_postgres_round(url, n, order))


async def _postgres_round(url: str, n: int, order: list[str]) -> dict[str, float]:
    import asyncpg

    await _migrated(url)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "INSERT INTO workspaces (id, name, created_at) VALUES ($1, 'Floor', now())",
            WORKSPACE,
        )
        statements = {v: postgres_statement(v) for v in VARIANTS}

        async def creation(variant: str, one: dict[str, list[Any]]) -> None:
            await conn.fetchval(statements[variant], *postgres_arguments(one))

        for one in rows("none", 50, sqlite=False):  # warm up
            await creation("none", one)
        rates = {}
        for v in order:
            prepared = rows(v, n, sqlite=False)
            rates[v] = await _arate(n, lambda one, v=v: creation(v, one), prepared)
        _check(n, [await conn.fetchval(q) for q in COUNTS])
        return rates
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--databases", default="sqlite,postgres")
    args = quick.parse(parser, None, actions=20, rounds=1, databases="sqlite")
    for database in args.databases.split(","):
        ratios: dict[str, list[float]] = {"record": [], "allowance": []}
        for r in range(args.rounds):
            order = list(VARIANTS[r % 3 :] + VARIANTS[: r % 3])
            if database == "sqlite":
                rates = sqlite_round(args.actions, order)
            else:
                rates = postgres_round(args.actions, order)
            for v, values in ratios.items():
                values.append(rates[v] / rates["none"])
            shown = "  ".join(f"{v} {rates[v]:7.0f}/s" for v in VARIANTS)
            print(f"{database:8} r{r + 1} {shown}  load {loadavg()}", flush=True)
        for v, values in ratios.items():
            per_round = " / ".join(f"{x:.2f}" for x in values)
            print(f"{database:8} {v} ÷ none: median {statistics.median(values):.2f} ({per_round})")


if __name__ == "__main__":
    main()
