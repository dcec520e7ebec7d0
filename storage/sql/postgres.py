"""The PostgreSQL driver: an asyncpg pool, each statement prepared once per connection.

asyncpg keeps a cache of prepared statements per connection, keyed by SQL text; our SQL text is
compiled once per statement (statements.py), so after warm-up every execution is a bind and an
execute of an already-prepared statement. Read-only units run without BEGIN/COMMIT: under READ
COMMITTED each statement takes its own snapshot either way, so the two round trips bought
nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from sqlalchemy.dialects.postgresql import asyncpg as sa_asyncpg

from storage.base import StorageBusy, StorageUnavailable
from storage.sql.connection import CONNECT_TIMEOUT, Connection, IntegrityViolation
from storage.sql.statements import Planner

PREPARED_STATEMENTS = 1024
"""Prepared statements cached per connection: more than the distinct statements we have."""
IDLE_LIFETIME = 300.0
"""Seconds an unused pooled connection stays open."""


class PgConnection(Connection):
    def __init__(self, planner: Planner, raw: asyncpg.Connection) -> None:
        super().__init__(planner)
        self.raw = raw

    async def _run(
        self, sql: str, args: Sequence[Any], returns_rows: bool
    ) -> tuple[Sequence[str], Sequence[Sequence[Any]], int]:
        try:
            if returns_rows:
                records = await self.raw.fetch(sql, *args)
                return (list(records[0].keys()) if records else []), records, len(records)
            status = await self.raw.execute(sql, *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityViolation(str(exc)) from exc
        count = status.rsplit(" ", 1)[-1]
        return [], [], int(count) if count.isdigit() else -1

    async def _run_many(self, sql: str, args: Sequence[Sequence[Any]]) -> None:
        try:
            await self.raw.executemany(sql, args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityViolation(str(exc)) from exc


async def _set_codecs(raw: asyncpg.Connection) -> None:
    """JSON travels as text, as SQLAlchemy's bind and result processors expect (they are the ones
    the plans apply): the same codecs SQLAlchemy's asyncpg dialect installs."""
    await raw.set_type_codec(
        "json",
        encoder=str.encode,
        decoder=lambda b: json.loads(b.decode()),
        schema="pg_catalog",
        format="binary",
    )
    await raw.set_type_codec(
        "jsonb",
        encoder=lambda s: b"\x01" + s.encode(),
        decoder=lambda b: json.loads(b[1:].decode()),
        schema="pg_catalog",
        format="binary",
    )


async def _reset(raw: asyncpg.Connection) -> None:
    """On release: roll back a unit cut short. Our units never leave session state behind
    (no LISTEN, no session SET, no cursors), so asyncpg's full reset query is not needed."""
    if raw.is_in_transaction():
        await raw.execute("ROLLBACK")


class PgDriver:
    def __init__(self, dsn: str, *, size: int, timeout: float) -> None:
        self.dsn = dsn
        self.planner = Planner(sa_asyncpg.dialect())  # type: ignore[no-untyped-call]
        self.size = size
        self.timeout = timeout
        self._pool: asyncio.Future[asyncpg.Pool] | None = None

    async def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            self._pool = asyncio.ensure_future(self._create_pool())
        try:
            return await asyncio.shield(self._pool)
        except BaseException:
            if self._pool.done() and self._pool.exception() is not None:
                self._pool = None  # try again on the next unit
            raise

    async def _create_pool(self) -> asyncpg.Pool:
        pool = await asyncpg.create_pool(
            self.dsn,
            min_size=0,
            max_size=self.size,
            timeout=CONNECT_TIMEOUT,
            statement_cache_size=PREPARED_STATEMENTS,
            max_inactive_connection_lifetime=IDLE_LIFETIME,
            init=_set_codecs,
            reset=_reset,
        )
        assert pool is not None
        return pool

    @asynccontextmanager
    async def _checkout(self) -> AsyncIterator[asyncpg.Connection]:
        try:
            pool = await self.pool()
            # asyncio.timeout is one timer; asyncpg's own `timeout=` wraps every acquire, even
            # of an idle connection, in a task (asyncio.wait_for): a third of a read's pool cost.
            async with asyncio.timeout(self.timeout):
                raw = await pool.acquire()
        except TimeoutError as exc:
            raise StorageBusy("every database connection is in use") from exc
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageUnavailable("the database is not answering") from exc
        try:
            yield raw
        finally:
            await pool.release(raw)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConnection]:
        async with self._checkout() as raw:
            await raw.execute("BEGIN")
            yield PgConnection(self.planner, raw)
            await raw.execute("COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[PgConnection]:
        async with self._checkout() as raw:
            yield PgConnection(self.planner, raw)

    async def close(self) -> None:
        if self._pool is not None and self._pool.done() and self._pool.exception() is None:
            await self._pool.result().close()
        self._pool = None
