"""Substring search on the trigram indexes revision a19search made (docs/synced-data.md).

What a search finds is defined by one predicate, the same on both databases and for every term:
`lower(column) LIKE '%term%'` over the searched columns. The indexes only choose which rows that
predicate is checked on:

- PostgreSQL: `pg_trgm` GIN indexes on `lower(column)` serve the LIKE itself. The choice
  between them and the table's own order is made here, not by the planner, whose choice
  depends on statistics: a table never analyzed (a restore, a bulk load) is planned as if the
  account held one row, and walked in page order to the end for a rare term (110 ms at 100,000
  fans against 0.2 ms on the index). The first rows in page order are read first (BOUNDED);
  when they hold no page the term is rare enough for its index (TRIGRAM).
- SQLite: an FTS5 trigram table names the candidate rows. Its planner cannot weigh a virtual
  table, so the choice is made here (`search_page`): a rare term pages over the rowids its
  index read returned (at most FREQUENT rows sorted); a common one walks the table in page
  order with the predicate, stopping after a page's worth of matches, as fast as the index
  would be. Either way the LIKE is checked on every row returned, so FTS5's wider case folding
  (Unicode, where SQLite's lower() folds ASCII) never changes the answer.

Terms shorter than MIN_INDEXED characters hold no trigram. A fans search that short matches the
start of the username or the name (`lower(column) LIKE 'ab%'`, docs/decisions.md), found
through B-tree indexes within the account keyed by the column's first START characters, then
the id (PREFIX_INDEXES): a two-character term is an equality there, so each index hands its
matches in page order and the page is the first entries of each, merged (`prefix_ids` on
SQLite, Plan.PREFIX on PostgreSQL). A messages search that short is answered by the walk in
page order, as before the indexes.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.dialects.sqlite import base as sqlite_base
from sqlalchemy.dialects.sqlite import pysqlite

from storage.sql.driver.connection import Connection
from storage.sql.driver.types import compact_json

MIN_INDEXED = 3
"""A trigram index holds three-character pieces: a shorter term cannot be looked up in it."""
T = TypeVar("T")
PROBE = 200
"""Index matches read first (SQLite): fewer, and they are a rare term's candidates."""
WALK_ROWS = 20
"""Rows read in page order per row of the page before a common term's walk gives up (SQLite):
a term in one row of twenty or more fills its page within them."""
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
"""PostgreSQL: the pg_trgm GIN indexes (on expressions, so not in the tables' metadata)."""
FTS_SHADOWS = ("data", "idx", "docsize", "config")
"""The tables FTS5 keeps for an external-content table."""
PREFIX_INDEXES = {
    "fans": (("ix_fans_prefix_username", "username"), ("ix_fans_prefix_name", "name"))
}
"""B-tree indexes on (workspace_id, account_id, the first START characters of lower(column), id)
(revisions a35scale, a40plans, a42search), by searched table: a term shorter than MIN_INDEXED
matches these columns' prefixes."""
START = 2
"""Characters of each searched column the prefix indexes key on: MIN_INDEXED - 1."""


def search_objects() -> frozenset[str]:
    """Every schema object the search indexes add outside the tables' metadata."""
    fts = {name for table in FTS_TABLES.values() for name in (table, *_shadows(table))}
    prefix = {index for indexes in PREFIX_INDEXES.values() for index, _column in indexes}
    return frozenset(fts | set(TRIGRAM_INDEXES) | prefix)


def by_prefix(table: str, term: str) -> bool:
    """A term too short for a trigram, on a table searched by prefix then."""
    return len(term) < MIN_INDEXED and table in PREFIX_INDEXES


def _shadows(table: str) -> list[str]:
    return [f"{table}_{suffix}" for suffix in FTS_SHADOWS]


def like_pattern(text: str, prefix: bool = False) -> str:
    """`%text%` (or `text%`, a prefix) for LIKE … ESCAPE '\\', lower-cased like the column it
    is compared with."""
    escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{escaped}%" if prefix else f"%{escaped}%"


def fts_phrase(text: str) -> str:
    """The term as one FTS5 phrase: with the trigram tokenizer a phrase matches as a substring."""
    return '"' + text.replace('"', '""') + '"'


class CrossJoin(sa.sql.expression.Join):
    """A join SQLite runs in the order written (`CROSS JOIN`: sqlite.py's compiler renders it),
    whatever its statistics say; other dialects render a plain join."""

    inherit_cache = True


def candidates(table: sa.Table) -> CrossJoin:
    """The index matches `matched_rows` found (`:rowids`, a JSON array) joined to `table`'s
    rows by rowid (SQLite), the matches first. One bind whatever the count, so one prepared
    statement. Written as `rowid IN (…)`, a table never analyzed (rows a restore or a bulk
    load brought) walked the account's key in page order and checked every row against the
    matches: 152 ms at 1M fans where the candidates' own rows take 0.1 ms."""
    matched = sa.func.json_each(sa.bindparam("rowids")).table_valued("value").alias("matched")
    return CrossJoin(matched, table, sa.literal_column(f"{table.name}.rowid") == matched.c.value)


async def matched_rows(conn: Connection, table: str, term: str, most: int) -> str | None:
    """The rowids of `table`'s rows whose index entry matches `term` (SQLite), as a JSON array,
    when fewer than `most` match; None when `most` or more do. The read that decides a plan
    also names its candidates, so a rare term costs one look-up in the index."""
    fts = FTS_TABLES[table]
    sql = (
        f"SELECT json_group_array(rowid), count(*)"
        f" FROM (SELECT rowid FROM {fts} WHERE {fts} MATCH ? LIMIT {most})"
    )
    found = (await conn.exec_driver_sql(sql, (fts_phrase(term),))).one()
    return str(found[0]) if int(found[1]) < most else None


async def prefix_ids(
    conn: Connection, table: str, term: str, most: int, values: dict[str, Any]
) -> list[str] | None:
    """The ids of the account's first `values["limit"]` rows in id order (after
    `values["after"]`) whose searched columns start with `term`, read from PREFIX_INDEXES
    alone; only the page's rows are read after (Plan.IDS), by primary key.

    The indexes key each row by its column's first START characters, then its id (revision
    a42search). A term of START characters is an equality on that key: each index hands its
    matches in id order, and the page is the first rows of each, merged (two dozen index
    entries read, however many match). A shorter term reads a range of the key, in no id order:
    up to `most` entries of each index, sorted together; None when an index holds `most` or
    more (a common prefix: the walk in page order finds a page sooner). Each index is read on
    its own and the two merged with UNION ALL: a UNION, which drops a row matched twice, built
    a temporary index of every match first (67 ms for a one-letter prefix at 1M fans). A row
    matched by both columns comes twice, then once.

    SQLite only: PostgreSQL reads a two-character page in one statement (Plan.PREFIX), since
    ids handed to a second statement were checked against a walk of the whole account on a
    table never analyzed."""
    low = term.lower()
    args: list[Any] = []

    def arg(value: Any) -> str:
        args.append(value)
        return "?"

    after = values.get("after") or ""
    indexes = PREFIX_INDEXES[table]
    arms: list[str] = []
    for index, column in indexes:
        key = f"substr(lower({column}), 1, {START})"
        source = f"{table} INDEXED BY {index}"
        which = f"workspace_id = {arg(values['ws'])} AND account_id = {arg(values['account'])}"
        if len(low) == START:
            arms.append(
                f"SELECT * FROM (SELECT id FROM {source} WHERE {which} AND {key} = {arg(low)}"
                f" AND id > {arg(after)} ORDER BY id LIMIT {int(values['limit'])}) AS a{len(arms)}"
            )
        else:
            high = low[:-1] + chr(ord(low[-1]) + 1)
            arms.append(
                f"SELECT id FROM {source} WHERE {which} AND {key} >= {arg(low)}"
                f" AND {key} < {arg(high)} LIMIT {int(most)}"
            )
    if len(low) == START:
        sql = (
            f"SELECT id FROM ({' UNION ALL '.join(arms)}) AS m GROUP BY id ORDER BY id"
            f" LIMIT {int(values['limit'])}"
        )
        return [str(row[0]) for row in await conn.exec_driver_sql(sql, tuple(args))]
    counted = ", ".join(f"m{i} AS MATERIALIZED ({arm})" for i, arm in enumerate(arms))
    both = " UNION ALL ".join(f"SELECT id FROM m{i}" for i in range(len(arms)))
    counts = ", ".join(f"(SELECT count(*) FROM m{i})" for i in range(len(arms)))
    limit = int(values["limit"])
    sql = (
        f"WITH {counted} SELECT id, max({counts}) FROM (SELECT DISTINCT id FROM ({both})"
        f" AS u WHERE id > {arg(after)} ORDER BY id LIMIT {limit}) AS page"
        f" UNION ALL SELECT NULL, max({counts})"
    )
    rows = (await conn.exec_driver_sql(sql, tuple(args))).all()
    if int(rows[-1][1]) >= most:
        return None
    return [str(row[0]) for row in rows if row[0] is not None]


class Plan(enum.Enum):
    """How a list statement finds a page of a search's matches."""

    WALK = "walk"
    """The rows in page order, each checked, until a page is found (any length of walk)."""
    INDEX = "index"
    """Only the candidates the index named (`rowids` in the values), sorted into page order."""
    IDS = "ids"
    """The rows of the ids given (`ids` in the values: a prefix's page), by primary key."""
    PREFIX = "prefix"
    """A two-character prefix's page from the prefix indexes (PostgreSQL), in one statement."""
    BOUNDED = "bounded"
    """The first `budget` rows in page order, each checked: a page when the term is common."""
    TRIGRAM = "trigram"
    """The trigram index's matches (PostgreSQL), each checked for its account and sorted into
    page order: the statement compares `off_key(column)`, not the key columns, so no B-tree
    on the account can serve it and the planner has the GIN index left, whatever its
    statistics say. Chosen over a CTE or planner settings: one predicate, same answer."""


def off_key(column: Any) -> Any:
    """`column || ''`: the same value, which no index on `column` serves (PostgreSQL)."""
    return column.concat(sa.literal_column("''"))


async def search_page(
    conn: Connection,
    table: str,
    search: str | None,
    values: dict[str, Any],
    run: Callable[[Plan], Awaitable[Sequence[T]]],
) -> Sequence[T]:
    """A page of `table` through `run(plan)`, for the plan that suits `search`, each statement
    planned for its term on every call (PostgreSQL: a prepared statement would otherwise keep
    one generic plan of `LIKE $n`, the walk, whatever the term).

    PostgreSQL: the first WALK_ROWS rows per row of the page in page order, then, short of a
    page, the trigram index's matches (TRIGRAM).

    SQLite: up to PROBE index matches are read first; fewer, and they are the candidates. More,
    and the term is common enough that the first WALK_ROWS rows per row of the page, read in
    page order, usually hold a page: tried first, it reads rows bounded by the page, where
    reading FREQUENT index matches to prove the term frequent cost more than the page itself.
    Only when that falls short are up to FREQUENT matches read (candidates again, or the walk).

    A prefix (a term shorter than MIN_INDEXED), both databases: two characters are the page
    from the prefix indexes, whatever the count of matches (SQLite: the page's ids from
    `prefix_ids`, then their rows; PostgreSQL: Plan.PREFIX, one statement). One character
    starts many names: the bounded walk is tried first, then (SQLite) up to FREQUENT matches
    from the indexes (`prefix_ids`), then the walk."""
    if not search:
        return await run(Plan.WALK)
    short = by_prefix(table, search)

    async def probe(most: int) -> str | None:
        return await matched_rows(conn, table, search, most)

    with conn.planned_per_call():
        if short:
            values["budget"] = values["limit"] * WALK_ROWS
            if len(search) < START:
                page = await run(Plan.BOUNDED)
                if len(page) >= values["limit"]:
                    return page
            if conn.dialect.name == "postgresql":
                if len(search) == START:
                    values["start"] = search.lower()
                    return await run(Plan.PREFIX)
            elif (ids := await prefix_ids(conn, table, search, FREQUENT, values)) is not None:
                values["ids"] = ids
                return await run(Plan.IDS)
        elif len(search) >= MIN_INDEXED and conn.dialect.name == "postgresql":
            values["budget"] = values["limit"] * WALK_ROWS
            page = await run(Plan.BOUNDED)
            if len(page) >= values["limit"]:
                return page
            return await run(Plan.TRIGRAM)
        elif conn.dialect.name == "sqlite" and len(search) >= MIN_INDEXED:
            rowids = await probe(PROBE)
            if rowids is None:
                values["budget"] = values["limit"] * WALK_ROWS
                page = await run(Plan.BOUNDED)
                if len(page) >= values["limit"]:
                    return page
                rowids = await probe(FREQUENT)
            if rowids is not None:
                values["rowids"] = rowids
                return await run(Plan.INDEX)
        # A walk may read many rows before it fills a page: off SQLite's event loop.
        with conn.long_statements():
            return await run(Plan.WALK)


async def tidy_search(conn: Connection, pages: int) -> int:
    """Merge into the search indexes' main structure what writes queued beside it, about
    `pages` pages of work an index; the work done, 0 once nothing is left. SQLite: FTS5's
    incremental merge of two pieces of one size (revision a26searchmerge); it reports its
    work only as rows changed, and a call that changed fewer than two merged nothing.
    PostgreSQL: each trigram index's pending list (GIN's queue of new entries, up to 4 MB,
    which every search reads until it is merged) moved into the index, as autovacuum
    would, in one call an index."""
    done = 0
    if conn.dialect.name == "sqlite":
        for fts in FTS_TABLES.values():
            before = await _total_changes(conn)
            await conn.exec_driver_sql(
                f"INSERT INTO {fts}({fts}, rank) VALUES ('merge', {int(pages)})"
            )
            changed = await _total_changes(conn) - before
            done += changed if changed >= 2 else 0
        return done
    for index in await _owned(conn, TRIGRAM_INDEXES):
        sql = f"SELECT gin_clean_pending_list('{index}'::regclass)"
        done += int((await conn.exec_driver_sql(sql)).scalar() or 0)
    return done


async def _owned(conn: Connection, indexes: Sequence[str]) -> list[str]:
    """The indexes this role may tidy (PostgreSQL lets only their owner, a member of the
    owner's role or a superuser): a service running as a role that did not migrate leaves
    them to autovacuum rather than failing the round."""
    names = ", ".join(f"'{name}'" for name in indexes)
    sql = (
        f"SELECT relname FROM pg_class WHERE relname IN ({names})"
        " AND pg_has_role(relowner, 'USAGE') ORDER BY relname"
    )
    return [row[0] for row in await conn.exec_driver_sql(sql)]


async def _total_changes(conn: Connection) -> int:
    return int((await conn.exec_driver_sql("SELECT total_changes()")).scalar())


class _HintingCompiler(sqlite_base.SQLiteCompiler):
    """SQLite's compiler, rendering a statement's table hint (`Select.with_hint(table,
    "INDEXED BY name", "sqlite")`) after the table's name, as SQLite reads it (SQLAlchemy renders
    such hints for MySQL and Oracle only), and a `CrossJoin` as CROSS JOIN."""

    def get_from_hint_text(self, table: Any, text: str | None) -> str | None:
        return text

    def visit_join(self, join: Any, asfrom: Any = False, from_linter: Any = None, **kw: Any) -> Any:
        """A `CrossJoin` as SQLite's CROSS JOIN: its left side drives the loop."""
        if not isinstance(join, CrossJoin):
            return super().visit_join(  # type: ignore[no-untyped-call]
                join, asfrom=asfrom, from_linter=from_linter, **kw
            )
        kw["from_linter"] = from_linter
        left, right = (
            side._compiler_dispatch(self, asfrom=True, **kw) for side in (join.left, join.right)
        )
        on: Any = join.onclause
        return f"{left} CROSS JOIN {right} ON {on._compiler_dispatch(self, **kw)}"


def sqlite_dialect() -> pysqlite.SQLiteDialect_pysqlite:
    """SQLite's dialect for the driver's planner, with the compiler above."""
    dialect = pysqlite.dialect(json_serializer=compact_json)
    dialect.statement_compiler = _HintingCompiler
    return dialect
