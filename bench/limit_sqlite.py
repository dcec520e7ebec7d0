"""The limit app on SQLite: sqlite3 in a small thread pool with the service's pragmas, each
request's whole unit of work in ONE thread hop."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import secrets
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse

from bench.limit_rows import (
    COLUMNS,
    INSERT_FIELDS,
    SQ_KEY,
    UTC,
    bearer,
    denied,
    key_ok,
    new_action,
    render,
    routes,
)

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
                "wal_autocheckpoint=10000",  # no background checkpoint here: commits copy the log
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
            if not key_ok(key, now):
                return None, None
            rows = conn.execute(query, (key["workspace_id"], *args)).fetchall()
            return key, rows
        finally:
            conn.execute("COMMIT")

    def write(digest: str, account_id: str, idem: str, body: dict, now: dt.datetime):
        conn = connection()
        key = conn.execute(SQ_KEY, (digest,)).fetchone()
        if not key_ok(key, now):
            return None, None
        account = conn.execute(SQ_ACCOUNT, (key["workspace_id"], account_id)).fetchone()
        if account is None or not account["writes_enabled"]:
            return key, None
        values = new_action(key, account_id, idem, body, now)
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
            read, bearer(request), SQ_ACTION, (request.path_params["id"],), False, now
        )
        if key is None:
            return denied()
        if not rows or rows[0]["mode"] != key["mode"]:
            return JSONResponse({"error": {"code": "action_not_found"}}, status_code=404)
        return JSONResponse({"data": render(rows[0], now), "meta": {"requestId": "req"}})

    async def listing(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        limit = int(request.query_params.get("limit", "25"))
        digest = bearer(request)
        key, rows = await hop(read, digest, SQ_LIST, ("test", limit + 1), True, now)
        if key is None:
            return denied()
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
            bearer(request),
            request.path_params["id"],
            request.headers["idempotency-key"],
            body,
            now,
        )
        if key is None:
            return denied()
        if row is None:
            return JSONResponse({"error": {"code": "account_not_found"}}, status_code=404)
        return JSONResponse(
            {"data": render(row, now), "meta": {"requestId": "req"}}, status_code=202
        )

    @asynccontextmanager
    async def lifespan(_app):
        yield
        pool.shutdown()

    return Starlette(routes=routes(get, listing, create), lifespan=lifespan)
