"""A connection checked out for one unit of work, as the repositories see it: `execute` a
SQLAlchemy statement, read a `Result`. The drivers (sqlite.py, postgres.py) only run SQL text."""

from __future__ import annotations

import asyncio
import enum
import itertools
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine.interfaces import Dialect

from service.domain.storage_errors import StorageBusy
from storage.sql.driver.result import Result, Row, make_rows
from storage.sql.driver.statements import Planner

CONNECT_TIMEOUT = 3.0
"""Seconds for a new PostgreSQL connection before the request is answered 503."""
POOL_TIMEOUT = 1.0
"""Seconds a request waits for a pooled connection before it is answered 503 (StorageBusy)."""

_savepoints = itertools.count(1)


class Ahead(enum.Enum):
    NOT_READ = "not read"
    """No row was read ahead under that name: the reader runs its own statement."""


class IntegrityViolation(Exception):
    """The database refused a row: a unique, foreign-key or not-null constraint."""


class Connection:
    """What a driver implements is `_run`; everything else is shared."""

    def __init__(self, planner: Planner) -> None:
        self.planner = planner
        self.dialect: Dialect = planner.dialect
        self.ahead: dict[tuple[str, ...], Row | None] = {}
        """Rows another statement of this unit read ahead of their reader (ReadAlong), by
        table, workspace and key; None where that row does not exist."""
        self.written: dict[str, int] | None = None
        """Rows this unit inserted in batches, by table (statistics.py: a table grown past a
        threshold is analyzed once the unit commits); None when it inserted none."""

    def take_ahead(self, *name: str) -> Row | Ahead | None:
        """The row read ahead under that name (table, workspace, key), once: a second read runs
        its own statement, so it sees what this unit wrote since."""
        if not self.ahead:
            return Ahead.NOT_READ
        return self.ahead.pop(name, Ahead.NOT_READ)

    async def _run(
        self, sql: str, args: Sequence[Any], returns_rows: bool
    ) -> tuple[Sequence[str], Sequence[Sequence[Any]], int]:
        """Run one statement: (column names, rows, rows changed)."""
        raise NotImplementedError

    def others_waiting(self) -> bool:
        """True while another unit of this process waits for the write lock this unit holds
        (SQLite, whose writers queue for one lock); always False where writers lock rows."""
        return False

    async def copy_log(self) -> int:
        """Copy the database's write-ahead log into its file now, the log's length in pages
        (SQLite: vacuum.py's Checkpointer); 0 where the server checkpoints itself."""
        return 0

    def defer_notify(self, channel: str) -> bool:
        """Send a NOTIFY of `channel` with this unit's COMMIT, in its round trip; False when the
        driver can't (no transaction to commit): the caller sends it now."""
        return False

    @contextmanager
    def long_statements(self) -> Iterator[None]:
        """The statements inside may read or write many rows (a search, a rewrite of an
        account's fans). A driver that runs statements on the event loop's thread (SQLite) runs
        these in a worker thread instead, so other requests go on meanwhile; a network driver
        (PostgreSQL) awaits every statement anyway."""
        yield

    @contextmanager
    def planned_per_call(self) -> Iterator[None]:
        """The statements inside are planned for their values on every call: a search, whose
        best plan depends on its term (the trigram index for a rare one, the list's own order
        for a frequent one). A driver that keeps statements prepared (PostgreSQL) would settle
        after five calls on one generic plan for every term; SQLite plans every statement for
        its values anyway."""
        yield

    async def _run_many(self, sql: str, args: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per set of arguments."""
        raise NotImplementedError

    async def execute(
        self,
        statement: sa.Executable,
        values: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
    ) -> Result:
        """Run `statement` with `values`; a list of value sets runs it once per set."""
        if isinstance(values, Sequence):
            if values:
                plan, key = self.planner.plan(statement, values[0], many=True)
                bound = [plan.bind(v, key) for v in values]
                await self._run_many(bound[0][0], [args for _sql, args in bound])
                if isinstance(statement, sa.Insert):
                    self._grew(statement.table, len(values))
            return Result([], len(values))
        plan, extracted = self.planner.plan(statement, values)
        sql, args = plan.bind(values, extracted)
        names, rows, rowcount = await self._run(sql, args, plan.returns_rows)
        if plan.row_names is not None:
            return Result(make_rows(plan.row_names, [plan.convert_row(r) for r in rows]), rowcount)
        return Result(make_rows(names, [tuple(r) for r in rows]), rowcount)

    @property
    def commits_each_statement(self) -> bool:
        """Whether each statement commits by itself (a unit with no BEGIN): then statements of
        other such units may run in its place, in a transaction of their own."""
        return False

    async def one_row_each(
        self, statement: sa.Executable, values: Sequence[Mapping[str, Any]]
    ) -> list[Row]:
        """Run `statement`, which answers one row, once per set of `values`, in order, in one
        transaction: each run sees the ones before. The row of each. A driver that can send them
        all in one round trip (PostgreSQL) does."""
        plan, key = self.planner.plan(statement, values[0])  # as each alone: one plan
        bound = [plan.bind(v, key) for v in values]
        if any(sql != bound[0][0] for sql, _args in bound):
            raise ValueError("one statement: every set of values must bind the same SQL")
        rows = await self._run_rows(bound[0][0], [args for _sql, args in bound])
        assert plan.row_names is not None, "a statement that answers rows"
        return make_rows(plan.row_names, [plan.convert_row(r) for r in rows])

    async def _run_rows(self, sql: str, args: Sequence[Sequence[Any]]) -> list[Sequence[Any]]:
        """One row of `sql` run with each set of arguments, in order."""
        return [(await self._run(sql, each, True))[1][0] for each in args]

    async def rowcounts(
        self, statements: Sequence[tuple[sa.Executable, Mapping[str, Any]]]
    ) -> list[int]:
        """Run each statement with its values, in order: the rows each changed. A driver that
        moves long statements to a worker thread (SQLite) runs them in one trip there."""
        bound = []
        for statement, values in statements:
            plan, extracted = self.planner.plan(statement, values)
            bound.append(plan.bind(values, extracted))
        return await self._run_each(bound)

    async def _run_each(self, bound: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        return [(await self._run(sql, args, False))[2] for sql, args in bound]

    def _grew(self, table: Any, rows: int) -> None:
        name = getattr(table, "name", None)
        if name is not None:
            written = self.written if self.written is not None else {}
            written[name] = written.get(name, 0) + rows
            self.written = written

    async def column(
        self, statement: sa.Executable, values: Mapping[str, Any] | None = None
    ) -> list[Any]:
        """The first column of every row, converted: a page of rows read without building a
        Row per row."""
        plan, extracted = self.planner.plan(statement, values)
        sql, args = plan.bind(values, extracted)
        _names, rows, _count = await self._run(sql, args, True)
        convert = dict(plan.converters).get(0)
        if convert is None:
            return [r[0] for r in rows]
        return [convert(r[0]) for r in rows]

    async def exec_driver_sql(self, sql: str, args: Sequence[Any] = ()) -> Result:
        """SQL text as the driver takes it (`?` on SQLite, `$1` on PostgreSQL)."""
        names, rows, rowcount = await self._run(sql, args, True)
        return Result(make_rows(names, [tuple(r) for r in rows]), rowcount)

    @asynccontextmanager
    async def begin_nested(self) -> AsyncIterator[None]:
        """A savepoint: a failure inside rolls back to it and leaves the unit usable."""
        name = f"sp_{next(_savepoints)}"
        await self._run(f"SAVEPOINT {name}", (), False)
        try:
            yield
        except BaseException:
            await self._run(f"ROLLBACK TO SAVEPOINT {name}", (), False)
            await self._run(f"RELEASE SAVEPOINT {name}", (), False)
            raise
        await self._run(f"RELEASE SAVEPOINT {name}", (), False)


async def acquire_within(
    primitive: asyncio.Semaphore | asyncio.Lock, within: float, why: str
) -> None:
    """Acquire at once when free (no timer task on the fast path), else `within` seconds."""
    if not primitive.locked():
        await primitive.acquire()
        return
    try:
        async with asyncio.timeout(within):  # not wait_for: it can swallow a cancellation on 3.11
            await primitive.acquire()
    except TimeoutError as exc:
        raise StorageBusy(why) from exc
