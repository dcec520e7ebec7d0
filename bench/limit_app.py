"""The limit app: the database work of the hot endpoints on the raw driver, and nothing else.

    uvicorn --factory bench.limit_app:app      (BENCH_DATABASE_URL names the seeded database)

What the service's figures are measured against (bench/hot_path.py). Each route does the same
database work as the service's endpoint, on the same database, on the same paths, so the same
wrk scripts drive both:

- every request looks the API key up by its SHA-256 hash (and refuses revoked/expired keys);
- `GET /v1/actions/{id}`: one SELECT of the action by (workspace, id), rendered as JSON;
- `GET /v1/actions?limit=N`: one keyset-ordered SELECT of N+1 actions, rendered;
- `POST /v1/accounts/{id}/actions`: reads the account, then in one transaction
  `INSERT … ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING` (reading the winner
  when it conflicts) and the `action.created` outbox row, rendered.

PostgreSQL: one asyncpg pool; asyncpg prepares and caches each statement per connection.
SQLite: sqlite3 in a small thread pool, each request's whole unit of work in ONE thread hop.
No validation, no SQLAlchemy, no domain objects: the ceiling our own code is measured against.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import os
import secrets
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from storage.sql.driver.packing import unpack
from storage.sql.driver.sqlite import CHECKPOINT_PAGES

UTC = dt.UTC
PUBLIC_URL = "http://bench.invalid"
COLUMNS = (
    "id, workspace_id, account_id, mode, type, status, params, summary, "
    "estimated_recipients, price, requested_by, idempotency_key, fingerprint, created_at, "
    "expires_at, decided_by, decision_note, decided_at, executed_at, result, error, "
    "warnings"
)
JSON_COLUMNS = ("params", "price", "requested_by", "decided_by", "result", "error", "warnings")
PACKED = {
    "params": "params",
    "summary": "summary",
    "requested_by": "people",
    "decided_by": "people",
    "result": "outcome",
    "error": "outcome",
    "warnings": "warnings",
}
"""SQLite stores these packed since revision 0017 (storage/sql/driver/packing.py); text still reads."""
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)


def _column(name, value):
    if value is None:
        return None
    if isinstance(value, bytes) and name in PACKED:
        value = unpack(value, PACKED[name])
    return json.loads(value) if name in JSON_COLUMNS else value


def _iso(value):
    if value is None:
        return None
    if isinstance(value, int):  # SQLite since revision 0017: microseconds since 1970
        value = EPOCH + dt.timedelta(microseconds=value)
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _time(value):
    if isinstance(value, int):
        return EPOCH + dt.timedelta(microseconds=value)
    if isinstance(value, str):
        return dt.datetime.fromisoformat(value).replace(tzinfo=UTC)
    return value


def render(row, now: dt.datetime) -> dict:
    r = {k: _column(k, row[k]) for k in row.keys()}  # noqa: SIM118 (rows iterate values)
    status = r["status"]
    if status == "pending" and _time(r["expires_at"]) <= now:
        status = "expired"
    return {
        "id": r["id"],
        "type": r["type"],
        "status": status,
        "mode": r["mode"],
        "accountId": r["account_id"],
        "summary": r["summary"],
        "params": r["params"],
        "estimatedRecipients": r["estimated_recipients"],
        "price": r["price"],
        "approvalUrl": f"{PUBLIC_URL}/dashboard/actions/{r['id']}",
        "requestedBy": r["requested_by"],
        "decidedBy": r["decided_by"],
        "decisionNote": r["decision_note"],
        "createdAt": _iso(r["created_at"]),
        "expiresAt": _iso(r["expires_at"]),
        "decidedAt": _iso(r["decided_at"]),
        "executedAt": _iso(r["executed_at"]),
        "result": r["result"],
        "error": r["error"],
        "warnings": r["warnings"],
    }


def _bearer(request: Request) -> str:
    return hashlib.sha256(request.headers["authorization"][7:].strip().encode()).hexdigest()


def _denied() -> JSONResponse:
    return JSONResponse({"error": {"code": "invalid_api_key"}}, status_code=401)


def _key_ok(key, now: dt.datetime) -> bool:
    return (
        key is not None
        and key["revoked_at"] is None
        and (key["expires_at"] is None or _time(key["expires_at"]) > now)
    )


def _new_action(key, account_id: str, idem: str, body: dict, now: dt.datetime) -> dict:
    return {
        "id": "act_" + secrets.token_hex(12),
        "workspace_id": key["workspace_id"],
        "account_id": account_id,
        "mode": key["mode"],
        "type": body["type"],
        "status": "pending",
        "params": json.dumps(body["params"]),
        "summary": "Send a message",
        "estimated_recipients": 1,
        "price": None,
        "requested_by": json.dumps({"type": "api_key", "id": key["id"]}),
        "idempotency_key": idem,
        "fingerprint": hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest(),
        "created_at": now,
        "expires_at": now + dt.timedelta(days=7),
        "warnings": "[]",
    }


INSERT_FIELDS = (
    "id",
    "workspace_id",
    "account_id",
    "mode",
    "type",
    "status",
    "params",
    "summary",
    "estimated_recipients",
    "price",
    "requested_by",
    "idempotency_key",
    "fingerprint",
    "created_at",
    "expires_at",
    "warnings",
)


# --- PostgreSQL: asyncpg pool, prepared statements cached per connection -----------------------

PG_KEY = (
    "SELECT id, workspace_id, mode, revoked_at, expires_at FROM api_keys WHERE secret_hash = $1"
)
PG_ACTION = f"SELECT {COLUMNS} FROM actions WHERE workspace_id = $1 AND id = $2"
PG_LIST = (
    f"SELECT {COLUMNS} FROM actions WHERE workspace_id = $1 AND mode = $2 "
    "ORDER BY created_at DESC, id DESC LIMIT $3"
)
PG_ACCOUNT = "SELECT mode, writes_enabled, status FROM accounts WHERE workspace_id = $1 AND id = $2"
PG_INSERT = (
    f"INSERT INTO actions ({', '.join(INSERT_FIELDS)}) VALUES "
    f"({', '.join(f'${n + 1}' for n in range(len(INSERT_FIELDS)))}) "
    f"ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING {COLUMNS}"
)
PG_WINNER = f"SELECT {COLUMNS} FROM actions WHERE workspace_id = $1 AND idempotency_key = $2"
PG_EVENT = (
    "INSERT INTO events (id, workspace_id, type, account_id, data, created_at, mode) "
    "VALUES ($1, $2, 'action.created', $3, $4, $5, $6)"
)


def postgres_app(url: str) -> Starlette:
    import asyncpg

    state: dict = {}

    @asynccontextmanager
    async def lifespan(_app):
        state["pool"] = await asyncpg.create_pool(url, min_size=4, max_size=10)
        yield
        await state["pool"].close()

    async def get(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        async with state["pool"].acquire() as conn:
            key = await conn.fetchrow(PG_KEY, _bearer(request))
            if not _key_ok(key, now):
                return _denied()
            row = await conn.fetchrow(PG_ACTION, key["workspace_id"], request.path_params["id"])
        if row is None or row["mode"] != key["mode"]:
            return JSONResponse({"error": {"code": "action_not_found"}}, status_code=404)
        return JSONResponse({"data": render(row, now), "meta": {"requestId": "req"}})

    async def listing(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        limit = int(request.query_params.get("limit", "25"))
        async with state["pool"].acquire() as conn:
            key = await conn.fetchrow(PG_KEY, _bearer(request))
            if not _key_ok(key, now):
                return _denied()
            rows = await conn.fetch(PG_LIST, key["workspace_id"], key["mode"], limit + 1)
        return JSONResponse(
            {
                "data": [render(r, now) for r in rows[:limit]],
                "hasMore": len(rows) > limit,
                "nextCursor": None,
                "meta": {"requestId": "req"},
            }
        )

    async def create(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        body = json.loads(await request.body())
        account_id, idem = request.path_params["id"], request.headers["idempotency-key"]
        async with state["pool"].acquire() as conn:
            key = await conn.fetchrow(PG_KEY, _bearer(request))
            if not _key_ok(key, now):
                return _denied()
            account = await conn.fetchrow(PG_ACCOUNT, key["workspace_id"], account_id)
            if account is None or not account["writes_enabled"]:
                return JSONResponse({"error": {"code": "account_not_found"}}, status_code=404)
            values = _new_action(key, account_id, idem, body, now)
            async with conn.transaction():
                row = await conn.fetchrow(PG_INSERT, *(values[f] for f in INSERT_FIELDS))
                if row is None:
                    row = await conn.fetchrow(PG_WINNER, key["workspace_id"], idem)
                else:
                    data = json.dumps(render(row, now))
                    await conn.execute(
                        PG_EVENT,
                        "evt_" + secrets.token_hex(12),
                        key["workspace_id"],
                        account_id,
                        data,
                        now,
                        key["mode"],
                    )
        return JSONResponse(
            {"data": render(row, now), "meta": {"requestId": "req"}}, status_code=202
        )

    return Starlette(routes=_routes(get, listing, create), lifespan=lifespan)


# --- SQLite: one thread hop per request, the whole unit of work inside it ----------------------

SQ_KEY = PG_KEY.replace("$1", "?")
SQ_ACTION = f"SELECT {COLUMNS} FROM actions WHERE workspace_id = ? AND id = ?"
SQ_LIST = (
    f"SELECT {COLUMNS} FROM actions WHERE workspace_id = ? AND mode = ? "
    "ORDER BY created_at DESC, id DESC LIMIT ?"
)
SQ_ACCOUNT = "SELECT mode, writes_enabled, status FROM accounts WHERE workspace_id = ? AND id = ?"
SQ_INSERT = (
    f"INSERT INTO actions ({', '.join(INSERT_FIELDS)}) VALUES "
    f"({', '.join('?' for _ in INSERT_FIELDS)}) "
    f"ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING {COLUMNS}"
)
SQ_WINNER = f"SELECT {COLUMNS} FROM actions WHERE workspace_id = ? AND idempotency_key = ?"
SQ_EVENT = (
    "INSERT INTO events (id, workspace_id, type, account_id, data, created_at, mode) "
    "VALUES (?, ?, 'action.created', ?, ?, ?, ?)"
)


def _sqlite_time(value: dt.datetime) -> str:
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ")


def sqlite_app(path: str) -> Starlette:
    local = threading.local()
    pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="sqlite")

    def connection() -> sqlite3.Connection:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
            conn.row_factory = sqlite3.Row
            for pragma in (
                "journal_mode=WAL",
                "busy_timeout=30000",
                "foreign_keys=ON",
                "synchronous=NORMAL",
                f"wal_autocheckpoint={CHECKPOINT_PAGES}",  # the service's, as every pragma here
            ):
                conn.execute(f"PRAGMA {pragma}")
            local.conn = conn
        return conn

    async def hop(work, *args):
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)

    def read(digest: str, query: str, args: tuple, many: bool, now: dt.datetime):
        conn = connection()
        conn.execute("BEGIN DEFERRED")
        try:
            key = conn.execute(SQ_KEY, (digest,)).fetchone()
            if not _key_ok(key, now):
                return None, None
            rows = conn.execute(query, (key["workspace_id"], *args)).fetchall()
            return key, rows
        finally:
            conn.execute("COMMIT")

    def write(digest: str, account_id: str, idem: str, body: dict, now: dt.datetime):
        conn = connection()
        key = conn.execute(SQ_KEY, (digest,)).fetchone()
        if not _key_ok(key, now):
            return None, None
        account = conn.execute(SQ_ACCOUNT, (key["workspace_id"], account_id)).fetchone()
        if account is None or not account["writes_enabled"]:
            return key, None
        values = _new_action(key, account_id, idem, body, now)
        values["created_at"] = _sqlite_time(values["created_at"])
        values["expires_at"] = _sqlite_time(values["expires_at"])
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute(SQ_INSERT, tuple(values[f] for f in INSERT_FIELDS)).fetchone()
            if row is None:
                row = conn.execute(SQ_WINNER, (key["workspace_id"], idem)).fetchone()
            else:
                conn.execute(
                    SQ_EVENT,
                    (
                        "evt_" + secrets.token_hex(12),
                        key["workspace_id"],
                        account_id,
                        json.dumps(render(row, now)),
                        _sqlite_time(now),
                        key["mode"],
                    ),
                )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return key, row

    async def get(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        key, rows = await hop(
            read, _bearer(request), SQ_ACTION, (request.path_params["id"],), False, now
        )
        if key is None:
            return _denied()
        if not rows or rows[0]["mode"] != key["mode"]:
            return JSONResponse({"error": {"code": "action_not_found"}}, status_code=404)
        return JSONResponse({"data": render(rows[0], now), "meta": {"requestId": "req"}})

    async def listing(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        limit = int(request.query_params.get("limit", "25"))
        digest = _bearer(request)
        key, rows = await hop(read, digest, SQ_LIST, ("test", limit + 1), True, now)
        if key is None:
            return _denied()
        return JSONResponse(
            {
                "data": [render(r, now) for r in rows[:limit]],
                "hasMore": len(rows) > limit,
                "nextCursor": None,
                "meta": {"requestId": "req"},
            }
        )

    async def create(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        body = json.loads(await request.body())
        key, row = await hop(
            write,
            _bearer(request),
            request.path_params["id"],
            request.headers["idempotency-key"],
            body,
            now,
        )
        if key is None:
            return _denied()
        if row is None:
            return JSONResponse({"error": {"code": "account_not_found"}}, status_code=404)
        return JSONResponse(
            {"data": render(row, now), "meta": {"requestId": "req"}}, status_code=202
        )

    @asynccontextmanager
    async def lifespan(_app):
        yield
        pool.shutdown()

    return Starlette(routes=_routes(get, listing, create), lifespan=lifespan)


def _routes(get, listing, create) -> list[Route]:
    return [
        Route("/v1/actions/{id}", get, methods=["GET"]),
        Route("/v1/actions", listing, methods=["GET"]),
        Route("/v1/accounts/{id}/actions", create, methods=["POST"]),
        Route("/", lambda request: JSONResponse({"ok": True})),
    ]


def app() -> Starlette:
    url = os.environ["BENCH_DATABASE_URL"]
    if url.startswith("sqlite"):
        return sqlite_app(url.split(":///", 1)[1])
    return postgres_app(url.replace("postgresql+asyncpg://", "postgresql://"))
