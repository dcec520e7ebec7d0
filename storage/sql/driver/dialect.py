"""SQL each database writes its own way, as constructs a repository uses without naming one.

A repository writes `day_of(c.created_at)` once; SQLAlchemy compiles it per dialect (its
compiler extension, `@compiles`), and the planner keeps one plan per dialect. How a column is
stored decides the SQL: `UtcMicros` is integer microseconds on SQLite, other times are text
there, and both are timestamptz on PostgreSQL. Statements that need a dialect's own INSERT
(`ON CONFLICT`) are built per dialect name, importing that dialect only when it is used:
SQLite never loads PostgreSQL's (it would slow the CLI's start, bench/cli_start.py), and the
raw driver a URL names (`driver_for`) imports only that database's client library.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement
from sqlalchemy.sql.visitors import InternalTraversal

from storage.sql.driver.types import UtcMicros

if TYPE_CHECKING:
    from storage.sql.driver.postgres import PgDriver
    from storage.sql.driver.sqlite import SqliteDriver

_EPOCH_DAY = dt.date(1970, 1, 1)
_UNIX_JULIAN_DAY = 2440587.5
"""julianday('1970-01-01'): SQLite's days for a time stored as text start there."""
_MICROS_A_DAY = 86_400_000_000


def _to_date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return _EPOCH_DAY + dt.timedelta(days=int(value))


class Day(sa.types.TypeDecorator[dt.date]):
    """A UTC day as `day_of` returns it: a date on PostgreSQL, days since 1970 on SQLite (no
    row is formatted as text to be grouped); read back as a `date` on both."""

    impl = sa.Date
    cache_ok = True

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Callable[[Any], Any]:
        return _to_date


class DayOf(FunctionElement[dt.date]):
    type = Day()
    inherit_cache = True


class SecondsBetween(FunctionElement[float]):
    # No result type of its own: the driver's number comes back as it is (a float on SQLite,
    # a Decimal from PostgreSQL's numeric), which SQLAlchemy's Float cannot read on asyncpg
    # without the column's type code.
    inherit_cache = True


def day_of(time: sa.ColumnElement[dt.datetime]) -> DayOf:
    """The UTC day of a time column, to group or compare by; it reads back as a `date`."""
    return DayOf(time)


def seconds_between(later: sa.ColumnElement[Any], earlier: sa.ColumnElement[Any]) -> SecondsBetween:
    """`later - earlier` in seconds (a float on SQLite, to the millisecond for times stored as
    text; a numeric on PostgreSQL)."""
    return SecondsBetween(later, earlier)


def _micros(column: Any) -> bool:
    return isinstance(column.type, UtcMicros)


@compiles(DayOf, "sqlite")
def _day_of_sqlite(element: DayOf, compiler: Any, **kw: Any) -> str:
    (time,) = element.clauses
    sql = compiler.process(time, **kw)
    if _micros(time):
        return f"({sql} / {_MICROS_A_DAY})"
    # date() first: julianday() alone rounds to the millisecond, so 23:59:59.9999 would fall
    # on the next day.
    return f"CAST(julianday(date({sql})) - {_UNIX_JULIAN_DAY} AS INTEGER)"


@compiles(DayOf, "postgresql")
def _day_of_postgresql(element: DayOf, compiler: Any, **kw: Any) -> str:
    (time,) = element.clauses
    return f"(({compiler.process(time, **kw)}) AT TIME ZONE 'UTC')::date"


@compiles(SecondsBetween, "sqlite")
def _seconds_sqlite(element: SecondsBetween, compiler: Any, **kw: Any) -> str:
    later, earlier = element.clauses
    a, b = compiler.process(later, **kw), compiler.process(earlier, **kw)
    if _micros(later) and _micros(earlier):
        return f"(({a} - {b}) / 1000000.0)"
    return f"((julianday({a}) - julianday({b})) * 86400.0)"


@compiles(SecondsBetween, "postgresql")
def _seconds_postgresql(element: SecondsBetween, compiler: Any, **kw: Any) -> str:
    later, earlier = element.clauses
    return (
        f"extract(epoch FROM {compiler.process(later, **kw)} - {compiler.process(earlier, **kw)})"
    )


class RepeatedIndexCondition(sa.sql.expression.ColumnElement[Any]):
    """A partial index's condition repeated in a query where it is redundant: SQLite uses a
    partial index only for a query that repeats its condition word for word, so it is rendered
    there; elsewhere it is TRUE (PostgreSQL infers the condition, and a repeated one would
    skew its estimates)."""

    type = sa.types.NullType()  # a Boolean would be compared with 1 on SQLite
    inherit_cache = True
    _traverse_internals = [("condition", InternalTraversal.dp_clauseelement)]  # noqa: RUF012

    def __init__(self, condition: sa.ColumnElement[bool]) -> None:
        self.condition = condition


@compiles(RepeatedIndexCondition)
def _repeated_elsewhere(element: RepeatedIndexCondition, compiler: Any, **kw: Any) -> str:
    return "true"


@compiles(RepeatedIndexCondition, "sqlite")
def _repeated_sqlite(element: RepeatedIndexCondition, compiler: Any, **kw: Any) -> str:
    return str(compiler.process(element.condition, **kw))


def insert(dialect: str, table: sa.Table) -> Any:
    """The dialect's own INSERT, the one that can say `ON CONFLICT` (both have the same API)."""
    return importlib.import_module(f"sqlalchemy.dialects.{dialect}").insert(table)


def insert_ignore(
    dialect: str,
    table: sa.Table,
    key: Sequence[str],
    *,
    from_select: tuple[Sequence[str], sa.Select[Any]] | None = None,
) -> Any:
    """`INSERT … ON CONFLICT (key) DO NOTHING`: a row whose key is taken is not written (add
    `.returning(…)` to learn which were)."""
    statement = insert(dialect, table)
    if from_select is not None:
        statement = statement.from_select(*from_select)
    return statement.on_conflict_do_nothing(index_elements=[table.c[name] for name in key])


def upsert(
    dialect: str,
    table: sa.Table,
    key: Sequence[str],
    where: Callable[[Any], sa.ColumnElement[bool]] | None = None,
) -> Any:
    """`INSERT … ON CONFLICT (key) DO UPDATE` every other column to the new row's, only where
    `where(excluded)` holds (`excluded` is the new row): two writers of one row each land,
    where a delete and insert would let the second fail on the key."""
    statement = insert(dialect, table)
    excluded = statement.excluded
    return statement.on_conflict_do_update(
        index_elements=[table.c[name] for name in key],
        set_={col.name: excluded[col.name] for col in table.c if col.name not in key},
        where=None if where is None else where(excluded),
    )


def inserts_in_with(dialect: str) -> bool:
    """Whether a WITH may hold INSERTs, so several dependent rows are written in one statement
    (PostgreSQL's data-modifying WITH); SQLite has none, and writes them one after another."""
    return dialect == "postgresql"


def prefer_index(query: sa.Select[Any], table: sa.Table, index: str) -> sa.Select[Any]:
    """Name the index a query must use where the planner may not find it: SQLite plans a file
    never analyzed without statistics (`INDEXED BY`); PostgreSQL keeps its own and is left to
    them."""
    return query.with_hint(table, f"INDEXED BY {index}", dialect_name="sqlite")


def json_array_overlaps(dialect: str, column: Any, values: Sequence[str]) -> sa.ColumnElement[bool]:
    """A JSON array column shares an element with `values` (not empty): PostgreSQL's JSONB `?|`
    (the dialect is loaded already when it is the one in use), SQLite's `json_each`."""
    if dialect == "postgresql":
        from sqlalchemy.dialects import postgresql

        as_jsonb = sa.type_coerce(column, postgresql.JSONB)
        overlaps: sa.ColumnElement[bool] = as_jsonb.has_any(
            sa.cast(list(values), postgresql.ARRAY(sa.Text))
        )
        return overlaps
    element = sa.func.json_each(column).table_valued("value")
    return sa.exists(sa.select(1).select_from(element).where(element.c.value.in_(values)))


def table_exists(dialect: str, name: str) -> str:
    """SQL whose one value is NULL when the table `name` (one of ours) does not exist."""
    if dialect == "sqlite":
        return f"SELECT name FROM sqlite_master WHERE type = 'table' AND name = '{name}'"
    return f"SELECT to_regclass('{name}')"


def single_writer(dialect: str) -> bool:
    """Whether writers queue for one database-wide lock (SQLite), so a batch's length is what
    every other writer waits; on PostgreSQL they wait only for the rows they share."""
    return dialect == "sqlite"


def gives_pages_back(dialect: str) -> bool:
    """Whether freed pages return to the file system only when asked (SQLite's incremental
    auto-vacuum, vacuum.py); PostgreSQL reuses them itself."""
    return dialect == "sqlite"


def driver_for(url: str, *, size: int, timeout: float) -> SqliteDriver | PgDriver:
    """`postgresql://…` or `sqlite:///path` (driver suffixes such as `+asyncpg` are ignored)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        from storage.sql.driver.sqlite import SqliteDriver

        return SqliteDriver(parsed.database or "", size=size, timeout=timeout)
    from storage.sql.driver.postgres import PgDriver

    dsn = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    return PgDriver(dsn, size=size, timeout=timeout)
