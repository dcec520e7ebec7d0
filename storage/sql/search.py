"""Substring search on the trigram indexes revision a19search made (docs/synced-data.md).

What a search finds is defined by one predicate, the same on both databases and for every term:
`lower(column) LIKE '%term%'` over the searched columns. The indexes only choose which rows that
predicate is checked on:

- PostgreSQL: `pg_trgm` GIN indexes on `lower(column)` serve the LIKE itself; the planner picks
  the index for a rare term and the table's own order (stopping at a page) for a frequent one.
- SQLite: an FTS5 trigram table names the candidate rows. Its planner cannot weigh a virtual
  table, so the choice is made here: one read of at most FREQUENT index matches decides.
  Fewer: page over those candidates, the rowids that read returned (at most FREQUENT rows
  sorted). More: the term is frequent, and walking the table in page order with the predicate
  stops after a page's worth of matches, as fast as the index would be. Either way the LIKE is
  checked on every row returned, so FTS5's wider case folding (Unicode, where SQLite's lower()
  folds ASCII) never changes the answer.

Terms shorter than MIN_INDEXED characters hold no trigram: they are answered by the walk in page
order, as before the indexes (docs/decisions.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any

import sqlalchemy as sa

from storage.sql.connection import Connection

MIN_INDEXED = 3
"""A trigram index holds three-character pieces: a shorter term cannot be looked up in it."""
FREQUENT = 2000
"""Index matches from which a term counts as frequent (SQLite). Below it, sorting the matches
costs at most this many row reads; above it, a page in table order needs fewer than
(page size x rows / FREQUENT) row reads for a term spread through the rows."""

FTS_TABLES = {"fans": "fans_search", "synced_messages": "synced_messages_search"}
"""SQLite: the FTS5 table beside each searched table (external content, kept by triggers)."""
TRIGRAM_INDEXES = (
    "ix_fans_search_username",
    "ix_fans_search_name",
    "ix_synced_messages_search_text",
)
"""PostgreSQL: the pg_trgm GIN indexes (on expressions, so not in tables.py's metadata)."""
FTS_SHADOWS = ("data", "idx", "docsize", "config")
"""The tables FTS5 keeps for an external-content table."""


def search_objects() -> frozenset[str]:
    """Every schema object the search indexes add outside tables.py's metadata."""
    fts = {name for table in FTS_TABLES.values() for name in (table, *_shadows(table))}
    return frozenset(fts | set(TRIGRAM_INDEXES))


def _shadows(table: str) -> list[str]:
    return [f"{table}_{suffix}" for suffix in FTS_SHADOWS]


def like_pattern(text: str) -> str:
    """`%text%` for LIKE … ESCAPE '\\', lower-cased like the column it is compared with."""
    escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def fts_phrase(text: str) -> str:
    """The term as one FTS5 phrase: with the trigram tokenizer a phrase matches as a substring."""
    return '"' + text.replace('"', '""') + '"'


def candidates(table: str) -> sa.TextClause:
    """`rowid IN (:rowids)`, the index matches `matched_rows` found (a JSON array), for a
    statement over `table` (SQLite). One bind whatever the count, so one prepared statement."""
    return sa.text(f"{table}.rowid IN (SELECT value FROM json_each(:rowids))")


async def matched_rows(conn: Connection, table: str, term: str) -> str | None:
    """The rowids of `table`'s rows whose index entry matches `term` (SQLite), as a JSON array,
    when the term is worth looking up in the index rather than walking the rows: long enough
    to be indexed and matching fewer than FREQUENT rows. The same index read decides and names
    the candidates, so a rare term costs one look-up in the index, not a count and then a
    second match."""
    if conn.dialect.name != "sqlite" or len(term) < MIN_INDEXED:
        return None
    fts = FTS_TABLES[table]
    sql = (
        f"SELECT json_group_array(rowid), count(*)"
        f" FROM (SELECT rowid FROM {fts} WHERE {fts} MATCH ? LIMIT {FREQUENT})"
    )
    found = (await conn.exec_driver_sql(sql, (fts_phrase(term),))).one()
    return str(found[0]) if int(found[1]) < FREQUENT else None


async def from_index(
    conn: Connection, table: str, search: str | None, values: dict[str, Any]
) -> bool:
    """Whether the list statement for `search` pages over index candidates (then their rowids
    are put in `values` for `candidates`) rather than walking `table` in page order."""
    rowids = await matched_rows(conn, table, search) if search else None
    if rowids is None:
        return False
    values["rowids"] = rowids
    return True


def walking(conn: Connection, search: str | None, indexed: bool) -> AbstractContextManager[None]:
    """Around a list statement. A search is planned for its term on every call (PostgreSQL
    would otherwise keep one generic plan for every term: `Connection.planned_per_call`). One
    that reads the rows in page order (a short term, a frequent one) may read many before it
    fills a page, so it runs as a long statement (off SQLite's event loop); one on its index's
    candidates reads few and stays inline."""
    if not search:
        return contextlib.nullcontext()
    return _searching(conn, indexed)


@contextlib.contextmanager
def _searching(conn: Connection, indexed: bool) -> Iterator[None]:
    with conn.planned_per_call():
        if indexed:
            yield
        else:
            with conn.long_statements():
                yield
