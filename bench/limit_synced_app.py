"""The limit app for synced reads: `GET /v1/accounts/{id}/chats/{fanId}/messages` on the raw
driver, and nothing else (bench/synced_reads.py measures the service against it).

    uvicorn --factory bench.limit_synced_app:app   (BENCH_DATABASE_URL names the seeded database)

Per request, the same database work as the service's synced read: the API key looked up by its
SHA-256 hash (refused when revoked or expired), the account read by (workspace, id) and its
mode compared with the key's, then one keyset-ordered SELECT of `limit + 1` messages of the chat,
rendered from their stored JSON. No validation, no SQLAlchemy, no cursor signing.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from bench.limit_rows import PG_KEY, SQ_KEY, UTC, bearer, denied, key_ok

PG_ACCOUNT = "SELECT mode FROM accounts WHERE workspace_id = $1 AND id = $2"
PG_MESSAGES = (
    "SELECT data FROM synced_messages WHERE workspace_id = $1 AND account_id = $2 "
    "AND fan_id = $3 ORDER BY created_at DESC, id DESC LIMIT $4"
)
SQ_ACCOUNT = PG_ACCOUNT.replace("$1", "?").replace("$2", "?")
SQ_MESSAGES = (
    "SELECT data FROM synced_messages WHERE workspace_id = ? AND account_id = ? "
    "AND fan_id = ? ORDER BY created_at DESC, id DESC LIMIT ?"
)


def _page(rows, limit: int) -> JSONResponse:
    data = [json.loads(r["data"]) if isinstance(r["data"], str) else r["data"] for r in rows]
    return JSONResponse(
        {
            "data": data[:limit],
            "hasMore": len(data) > limit,
            "nextCursor": None,
            "meta": {"source": "synced", "asOf": None, "requestId": "req"},
        }
    )


def _not_found() -> JSONResponse:
    return JSONResponse({"error": {"code": "account_not_found"}}, status_code=404)


def postgres_app(url: str) -> Starlette:
    import asyncpg

    state: dict = {}

    @asynccontextmanager
    async def lifespan(_app):
        state["pool"] = await asyncpg.create_pool(url, min_size=4, max_size=10)
        yield
        await state["pool"].close()

    async def messages(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        limit = int(request.query_params.get("limit", "25"))
        account_id, fan_id = request.path_params["id"], request.path_params["fan"]
        async with state["pool"].acquire() as conn:
            key = await conn.fetchrow(PG_KEY, bearer(request))
            if not key_ok(key, now):
                return denied()
            account = await conn.fetchrow(PG_ACCOUNT, key["workspace_id"], account_id)
            if account is None or account["mode"] != key["mode"]:
                return _not_found()
            rows = await conn.fetch(PG_MESSAGES, key["workspace_id"], account_id, fan_id, limit + 1)
        return _page(rows, limit)

    return Starlette(routes=_routes(messages), lifespan=lifespan)


def sqlite_app(path: str) -> Starlette:
    local = threading.local()
    pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="sqlite")

    def connection() -> sqlite3.Connection:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
            conn.row_factory = sqlite3.Row
            for pragma in ("journal_mode=WAL", "busy_timeout=30000", "synchronous=NORMAL"):
                conn.execute(f"PRAGMA {pragma}")
            local.conn = conn
        return conn

    def read(digest: str, account_id: str, fan_id: str, limit: int, now: dt.datetime):
        conn = connection()
        conn.execute("BEGIN DEFERRED")
        try:
            key = conn.execute(SQ_KEY, (digest,)).fetchone()
            if not key_ok(key, now):
                return None, None
            account = conn.execute(SQ_ACCOUNT, (key["workspace_id"], account_id)).fetchone()
            if account is None or account["mode"] != key["mode"]:
                return key, None
            rows = conn.execute(
                SQ_MESSAGES, (key["workspace_id"], account_id, fan_id, limit + 1)
            ).fetchall()
            return key, rows
        finally:
            conn.execute("COMMIT")

    async def messages(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        limit = int(request.query_params.get("limit", "25"))
        key, rows = await asyncio.get_running_loop().run_in_executor(
            pool,
            read,
            bearer(request),
            request.path_params["id"],
            request.path_params["fan"],
            limit,
            now,
        )
        if key is None:
            return denied()
        if rows is None:
            return _not_found()
        return _page(rows, limit)

    @asynccontextmanager
    async def lifespan(_app):
        yield
        pool.shutdown()

    return Starlette(routes=_routes(messages), lifespan=lifespan)


def _routes(messages) -> list[Route]:
    return [
        Route("/v1/accounts/{id}/chats/{fan}/messages", messages, methods=["GET"]),
        Route("/", lambda request: JSONResponse({"ok": True})),
    ]


def app() -> Starlette:
    url = os.environ["BENCH_DATABASE_URL"]
    if url.startswith("sqlite"):
        return sqlite_app(url.split(":///", 1)[1])
    return postgres_app(url.replace("postgresql+asyncpg://", "postgresql://"))
