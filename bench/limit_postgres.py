"""The limit app on PostgreSQL: one asyncpg pool, which prepares and caches each statement per
connection, each route's database work in one acquired connection."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse

from bench.limit_rows import (
    COLUMNS,
    INSERT_FIELDS,
    PG_KEY,
    UTC,
    bearer,
    denied,
    key_ok,
    new_action,
    render,
    routes,
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
            key = await conn.fetchrow(PG_KEY, bearer(request))
            if not key_ok(key, now):
                return denied()
            row = await conn.fetchrow(PG_ACTION, key["workspace_id"], request.path_params["id"])
        if row is None or row["mode"] != key["mode"]:
            return JSONResponse({"error": {"code": "action_not_found"}}, status_code=404)
        return JSONResponse({"data": render(row, now), "meta": {"requestId": "req"}})

    async def listing(request: Request) -> JSONResponse:
        now = dt.datetime.now(UTC)
        limit = int(request.query_params.get("limit", "25"))
        async with state["pool"].acquire() as conn:
            key = await conn.fetchrow(PG_KEY, bearer(request))
            if not key_ok(key, now):
                return denied()
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
            key = await conn.fetchrow(PG_KEY, bearer(request))
            if not key_ok(key, now):
                return denied()
            account = await conn.fetchrow(PG_ACCOUNT, key["workspace_id"], account_id)
            if account is None or not account["writes_enabled"]:
                return JSONResponse({"error": {"code": "account_not_found"}}, status_code=404)
            values = new_action(key, account_id, idem, body, now)
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

    return Starlette(routes=routes(get, listing, create), lifespan=lifespan)
