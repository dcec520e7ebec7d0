"""Substring search on the trigram indexes revision a19search made (docs/synced-data.md).

What a search finds is defined by one predicate, the same on both databases and for every term:
`lower(column) LIKE '%term%'` over the searched columns. The indexes only choose which rows that
predicate is checked on:

- PostgreSQL: `pg_trgm` GIN indexes on `lower(column)` serve the LIKE itself; the planner picks
  the index for a rare term and the table's own order (stopping at a page) for a frequent one.
- SQLite: an FTS5 trigram table names the candidate rows. Its planner cannot weigh a virtual
  table, so the choice is made here: a cheap count of at most FREQUENT index matches decides.
  Fewer: page over those candidates (at most FREQUENT rows sorted). More: the term is frequent,
  and walking the table in page order with the predicate stops after a page's worth of matches,
  as fast as the index would be. Either way the LIKE is checked on every row returned, so FTS5's
  wider case folding (Unicode, where SQLite's lower() folds ASCII) never changes the answer.

Terms shorter than MIN_INDEXED characters hold no trigram: they are answered by the walk in page
order, as before the indexes (docs/decisions.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager

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
    """`rowid IN (the FTS5 matches of :match)`, for a statement over `table` (SQLite)."""
    fts = FTS_TABLES[table]
    return sa.text(f"{table}.rowid IN (SELECT rowid FROM {fts} WHERE {fts} MATCH :match)")


async def few_matches(conn: Connection, table: str, term: str) -> bool:
    """Whether `term` is worth looking up in `table`'s index rather than walking the rows
    (SQLite): it is long enough to be indexed and matches fewer than FREQUENT rows."""
    if conn.dialect.name != "sqlite" or len(term) < MIN_INDEXED:
        return False
    fts = FTS_TABLES[table]
    sql = f"SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ? LIMIT {FREQUENT})"
    found = (await conn.exec_driver_sql(sql, (fts_phrase(term),))).scalar()
    return int(found or 0) < FREQUENT


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
