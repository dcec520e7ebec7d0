"""A statement planned for its values in one round trip (PostgreSQL).

A statement asyncpg keeps prepared is planned for its values for its first five runs; then
PostgreSQL may keep one generic plan, and the generic plan of `lower(col) LIKE $n` cannot know
the term: it is the walk in list order, which for a rare term reads every row of the account
(56 ms at 100,000 fans against 4 ms on the trigram index). Preparing the statement afresh on each
call plans it for its values, but costs a round trip of its own.

Instead the statement runs inside `countersign_planned(query, args)`, a PL/pgSQL function
(revision a28planned) whose `RETURN QUERY EXECUTE query USING args` plans it for its arguments
on every call: the function's own call stays prepared, so a search is one round trip
(a one-match message search 0.51 → 0.31 ms p50 at 100,000 messages, docs/benchmarks.md).

The arguments travel as one text array, each cast back to its parameter's type where the SQL
reads it (`$3` becomes `($1[3])::"pg_catalog"."timestamptz"`), and the call declares the
result's columns: both from PostgreSQL's own description of the statement, read once per
statement text. A statement this cannot carry (an array parameter, two result columns of one
name) is prepared afresh per call instead.
"""

from __future__ import annotations

import datetime as dt
import decimal
import re
from collections.abc import Sequence
from typing import Any

import asyncpg
from attrs import frozen

FUNCTION = "countersign_planned"
"""Made by revision a28planned; runs with its caller's rights (it can do nothing its caller
could not)."""

_PLACEHOLDER = re.compile(r"\$(\d+)(?!\d)")


@frozen
class Shape:
    """How one statement runs through the function."""

    call: str
    """`SELECT * FROM countersign_planned($1, $2) AS planned("col" type, …)`."""
    query: str
    """The statement with each `$n` read from the arguments' array and cast to its type."""


def _type(found: Any) -> str:
    return f'"{found.schema}"."{found.name}"'


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def shape_of(raw: asyncpg.Connection, sql: str) -> Shape | None:
    """The statement's shape, from PostgreSQL's description of it (a prepare, closed at once);
    None when it can't run through the function."""
    described = await raw.prepare(sql)
    params, columns = described.get_parameters(), described.get_attributes()
    names = [column.name for column in columns]
    if any(p.kind != "scalar" for p in params) or len(set(names)) != len(names) or not names:
        return None
    if {int(n) for n in _PLACEHOLDER.findall(sql)} != set(range(1, len(params) + 1)):
        return None  # a `$` the statement holds other than its parameters: leave it alone
    query = _PLACEHOLDER.sub(lambda m: f"($1[{m[1]}])::{_type(params[int(m[1]) - 1])}", sql)
    declared = ", ".join(f"{_quoted(c.name)} {_type(c.type)}" for c in columns)
    return Shape(f"SELECT * FROM {FUNCTION}($1, $2) AS planned({declared})", query)


def as_text(value: Any) -> str | None:
    """An argument in the text form its type's cast reads back exactly."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | decimal.Decimal):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    raise TypeError(f"no text form for a {type(value).__name__} argument")


def arguments(args: Sequence[Any]) -> list[str | None] | None:
    """The arguments as the function's text array; None when one has no exact text form."""
    try:
        return [as_text(value) for value in args]
    except TypeError:
        return None
