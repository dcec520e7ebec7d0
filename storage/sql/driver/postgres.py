"""The PostgreSQL driver: asyncpg connections in a small pool, each statement prepared once per
connection.

asyncpg keeps a cache of prepared statements per connection, keyed by SQL text; our SQL text is
compiled once per statement (statements.py), so after warm-up every execution is a bind and an
execute of an already-prepared statement. Read-only units run without BEGIN/COMMIT: under READ
COMMITTED each statement takes its own snapshot either way, so the two round trips bought
nothing. Nor do single-statement writes (`single_statement()`): one statement is atomic alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import asyncpg
from sqlalchemy.dialects.postgresql import asyncpg as sa_asyncpg

from service.domain.storage_errors import StorageError, StorageUnavailable
from storage.sql.driver.connection import (
    CONNECT_TIMEOUT,
    Connection,
    IntegrityViolation,
    acquire_within,
)
from storage.sql.driver.planned import Shape, arguments, shape_of
from storage.sql.driver.statements import Planner
from storage.sql.driver.types import compact_json, json_text_value
from storage.sql.tables import add_postgresql_options

add_postgresql_options()  # PostgreSQL's dialect is loaded here anyway (see tables/actions.py)

UNITS_PER_CONNECTION = 1000
"""Units a connection serves before it is replaced (asyncpg's own pool replaces one after 50,000
queries). A long-lived connection slowed reads twofold after ~10,000 creations, and a fresh one
was fast again (bench/hot_path.py); one reconnect per 1,000 units costs nothing measurable."""
PREPARED_STATEMENTS = 1024
"""Prepared statements cached per connection: more than the distinct statements we have."""


class PgConnection(Connection):
    def __init__(
        self,
        planner: Planner,
        raw: asyncpg.Connection,
        *,
        transaction: bool,
        shapes: dict[str, Shape | None],
    ) -> None:
        super().__init__(planner)
        self.raw = raw
        self._per_call = False
        self._shapes = shapes
        """How each statement planned per call runs (planned.py), shared by the pool."""
        self.notifies: list[str] | None = [] if transaction else None
        """Channels to NOTIFY with the COMMIT (a transaction's unit only)."""

    @property
    def commits_each_statement(self) -> bool:
        return self.notifies is None  # no transaction to commit

    def defer_notify(self, channel: str) -> bool:
        if self.notifies is None:
            return False
        if channel not in self.notifies:
            self.notifies.append(channel)
        return True

    @contextmanager
    def planned_per_call(self) -> Iterator[None]:
        """Each statement inside runs through `countersign_planned` (planned.py), planned for
        its values in one round trip, where a statement kept prepared would settle after five
        calls on one generic plan whatever the term. A write inside (a sync's delete of a
        page's ids) is prepared afresh, so planned for its values too: its generic plan, priced
        for the table as last analyzed, read the whole account by another index per page."""
        self._per_call = True
        try:
            yield
        finally:
            self._per_call = False

    async def _run(
        self, sql: str, args: Sequence[Any], returns_rows: bool
    ) -> tuple[Sequence[str], Sequence[Sequence[Any]], int]:
        try:
            if returns_rows and self._per_call:
                records = await self._planned(sql, args)
                return (list(records[0].keys()) if records else []), records, len(records)
            if returns_rows:
                records = await self.raw.fetch(sql, *args)
                return (list(records[0].keys()) if records else []), records, len(records)
            if self._per_call and args:
                fresh = await self.raw.prepare(sql)
                await fresh.fetch(*args)
                status = fresh.get_statusmsg()
            else:
                status = await self.raw.execute(sql, *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityViolation(str(exc)) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(str(exc)) from exc
        count = status.rsplit(" ", 1)[-1]
        return [], [], int(count) if count.isdigit() else -1

    async def _planned(self, sql: str, args: Sequence[Any]) -> list[asyncpg.Record]:
        if sql not in self._shapes:
            self._shapes[sql] = await shape_of(self.raw, sql)
        shape = self._shapes[sql]
        texts = None if shape is None else arguments(args)
        if shape is None or texts is None:  # a statement prepared afresh is planned for its values
            records: list[asyncpg.Record] = await (await self.raw.prepare(sql)).fetch(*args)
        else:
            records = await self.raw.fetch(shape.call, shape.query, texts)
        return records

    async def _run_rows(self, sql: str, args: Sequence[Sequence[Any]]) -> list[Sequence[Any]]:
        """In one round trip and, outside a transaction, one transaction (asyncpg's
        fetchmany: one Sync after all the statements); one alone as any statement."""
        if len(args) == 1:
            return list((await self._run(sql, args[0], True))[1])
        try:
            return list(await self.raw.fetchmany(sql, args))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityViolation(str(exc)) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(str(exc)) from exc

    async def _run_many(self, sql: str, args: Sequence[Sequence[Any]]) -> None:
        try:
            await self.raw.executemany(sql, args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityViolation(str(exc)) from exc
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(str(exc)) from exc


def _json_value(text: bytes) -> Any:
    """One JSON column's value. Most nullable JSON columns hold JSON `null` (SQLAlchemy's JSON
    type stores Python None so), and json.loads is a fifth of a read's decoding: skip it there.
    Otherwise the scanner alone when it takes the text whole (storage/sql/driver/types.py): PostgreSQL's
    jsonb text has no surrounding blanks."""
    if text == b"null":
        return None
    return json_text_value(text.decode())


async def _set_codecs(raw: asyncpg.Connection) -> None:
    """JSON travels as text, as SQLAlchemy's bind and result processors expect (they are the ones
    the plans apply): the same codecs SQLAlchemy's asyncpg dialect installs."""
    await raw.set_type_codec(
        "json",
        encoder=str.encode,
        decoder=_json_value,
        schema="pg_catalog",
        format="binary",
    )
    await raw.set_type_codec(
        "jsonb",
        encoder=lambda s: b"\x01" + s.encode(),
        decoder=lambda b: _json_value(b[1:]),
        schema="pg_catalog",
        format="binary",
    )


class PgDriver:
    """A small pool of asyncpg connections: idle ones on a stack, a semaphore for the bound.

    Not asyncpg's Pool: its acquire wraps a timeout in a task, its release shields a task and
    runs a reset query, which together were a fifth of a read's CPU. Our units leave no session
    state behind (no LISTEN, no session SET, no cursors), so putting a connection back only rolls
    back a unit cut short."""

    def __init__(self, dsn: str, *, size: int, timeout: float) -> None:
        self.dsn = dsn
        self.planner = Planner(
            sa_asyncpg.dialect(json_serializer=compact_json)  # type: ignore[no-untyped-call]
        )
        self.timeout = timeout
        self.units_per_connection = UNITS_PER_CONNECTION
        self._idle: list[tuple[asyncpg.Connection, int]] = []  # with the units each has served
        self._free = asyncio.Semaphore(size)
        self.shapes: dict[str, Shape | None] = {}
        """Statements planned per call, as they run through `countersign_planned`: a few
        search statements, described once each."""

    async def _connect(self) -> tuple[asyncpg.Connection, int]:
        while self._idle:
            raw, served = self._idle.pop()
            if not raw.is_closed():
                return raw, served
        try:
            raw = await asyncpg.connect(
                self.dsn, timeout=CONNECT_TIMEOUT, statement_cache_size=PREPARED_STATEMENTS
            )
            await _set_codecs(raw)
        except asyncpg.PostgresError as exc:
            # The server answered and said no (no such database, a wrong password): its words
            # tell the operator what to fix, where "not answering" would send them to the network.
            raise StorageUnavailable(f"the database refused the connection: {exc}") from exc
        except (OSError, TimeoutError, asyncpg.InterfaceError) as exc:
            raise StorageUnavailable("the database is not answering") from exc
        return raw, 0

    async def _put_back(self, raw: asyncpg.Connection, served: int, clean: bool) -> None:
        """Keep the connection for the next unit unless it is closed, was cut off mid-call (a
        cancelled unit may have left a statement in flight) or has served its share of units."""
        if raw.is_closed():
            return
        if not clean:
            raw.terminate()
            return
        if served >= self.units_per_connection:
            await raw.close(timeout=CONNECT_TIMEOUT)
            return
        try:
            if raw.is_in_transaction():
                await raw.execute("ROLLBACK")
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            raw.terminate()
            return
        self._idle.append((raw, served))

    def transaction(self) -> PgUnit:
        return PgUnit(self, begin=True)

    def upkeep(self) -> PgUnit:
        """A transaction: a batch locks only the rows it changes, so no request waits for it."""
        return PgUnit(self, begin=True)

    def reading(self) -> PgUnit:
        return PgUnit(self, begin=False)

    def single_statement(self) -> PgUnit:
        """Autocommit, as `reading()`: a write that is one statement is atomic by itself, so
        BEGIN and COMMIT would only add two round trips."""
        return PgUnit(self, begin=False)

    async def close(self) -> None:
        while self._idle:
            await self._idle.pop()[0].close(timeout=CONNECT_TIMEOUT)


def _commit(channels: Sequence[str]) -> str:
    """COMMIT, after the unit's NOTIFYs: one simple query, so the wake-ups an approval sends
    cost no round trip of their own (NOTIFY is delivered at commit either way). The channels
    are the code's own names, quoted as identifiers."""
    quoted = ('"' + channel.replace('"', '""') + '"' for channel in channels)
    return "".join(f"NOTIFY {name}; " for name in quoted) + "COMMIT"


class PgUnit:
    """One unit of work's connection: checked out on entry and put back on exit; a transaction
    sends BEGIN on entry and COMMIT on a clean exit. A class rather than nested generator
    context managers, which cost a read a measurable share of its CPU (bench/hot_path.py)."""

    __slots__ = ("_begin", "_conn", "_driver", "_raw", "_served")

    def __init__(self, driver: PgDriver, *, begin: bool) -> None:
        self._driver = driver
        self._begin = begin

    async def __aenter__(self) -> PgConnection:
        driver = self._driver
        await acquire_within(driver._free, driver.timeout, "every database connection is in use")
        try:
            self._raw, self._served = await driver._connect()
        except BaseException:
            driver._free.release()
            raise
        if self._begin:
            try:
                await self._raw.execute("BEGIN")
            except BaseException as exc:
                await self._release(clean=isinstance(exc, Exception))
                if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError):
                    raise StorageError(str(exc)) from exc
                raise
        self._conn = PgConnection(
            driver.planner, self._raw, transaction=self._begin, shapes=driver.shapes
        )
        return self._conn

    async def __aexit__(self, exc_type: type[BaseException] | None, *_: object) -> None:
        # A unit that ended in an error (a refusal, a handler's) finished its statements: the
        # connection is reusable. One cut off mid-call (cancelled) may have one in flight.
        clean = exc_type is None or issubclass(exc_type, Exception)
        try:
            if exc_type is None and self._begin:
                clean = False
                await self._raw.execute(_commit(self._conn.notifies or ()))
                clean = True
        except Exception as exc:
            clean = True
            if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError):
                raise StorageError(str(exc)) from exc
            raise
        finally:
            await self._release(clean)

    async def _release(self, clean: bool) -> None:
        try:
            await self._driver._put_back(self._raw, self._served + 1, clean)
        finally:
            self._driver._free.release()
