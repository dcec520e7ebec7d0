"""An account's synced fans: replaced as a sync finds them (an upsert that leaves an unchanged
fan, and its search index entry, as it is), listed and searched in id order, and counted for
an audience in one aggregate.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from typing import Any

import sqlalchemy as sa

from service.synced.model import Fan
from storage.sql import tables as t
from storage.sql.driver.connection import Ahead, Connection
from storage.sql.driver.dialect import json_array_overlaps, upsert
from storage.sql.driver.result import Row
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.search import (
    START,
    Plan,
    by_prefix,
    candidates,
    like_pattern,
    off_key,
    search_page,
)
from storage.sql.driver.statements import prebuilt

# Built once, so each row of a batch binds without a cache key.
_INSERT_FANS = prebuilt(t.fans.insert())

_FANS_BY_ID = prebuilt(
    t.fans.select().where(
        t.fans.c.workspace_id == sa.bindparam("ws"),
        t.fans.c.account_id == sa.bindparam("account"),
        t.fans.c.id.in_(sa.bindparam("ids", expanding=True)),
    )
)


def _fan(row: Row) -> Fan:
    return to_model(Fan, row, list_ids=tuple(row.list_ids))


_FAN_IDS = prebuilt(
    sa.select(t.fans.c.id).where(
        t.fans.c.workspace_id == sa.bindparam("ws"), t.fans.c.account_id == sa.bindparam("account")
    )
)


_FAN_KEY = ("workspace_id", "account_id", "id")


@functools.cache
def _upsert_fans(dialect: str) -> Any:
    """`INSERT … ON CONFLICT DO UPDATE … WHERE the row changed`, built on first use: an
    unchanged fan is not written, so its search index entry is not rewritten either."""

    def changed(excluded: Any) -> sa.ColumnElement[bool]:
        return sa.or_(
            *(
                t.fans.c[name].is_distinct_from(excluded[name])
                if name != "list_ids"
                else sa.cast(t.fans.c[name], sa.Text).is_distinct_from(
                    sa.cast(excluded[name], sa.Text)
                )
                for name in (col.name for col in t.fans.c if col.name not in _FAN_KEY)
            )
        )

    return prebuilt(upsert(dialect, t.fans, _FAN_KEY, changed))


@functools.cache
def _fans_statement(search: bool, after: bool, plan: Plan) -> Any:
    """One plan per shape: the account's fans in id order (its primary key's order)."""
    c: Any = t.fans.c
    key = off_key if plan is Plan.TRIGRAM else (lambda column: column)
    query = t.fans.select().where(
        key(c.workspace_id) == sa.bindparam("ws"), key(c.account_id) == sa.bindparam("account")
    )
    if after:
        query = query.where(key(c.id) > sa.bindparam("after", type_=c.id.type))
    if plan is Plan.BOUNDED:
        walked = query.order_by(c.id).limit(sa.bindparam("budget")).subquery("walked")
        query, c = sa.select(walked), walked.c
    if plan is Plan.PREFIX:
        return prebuilt(_prefix_page(query))
    if search:
        query = query.where(_matches(c))
    if plan is Plan.INDEX:
        query = query.select_from(candidates(t.fans))
    if plan is Plan.IDS:  # a prefix's page, its ids read from the prefix indexes (SQLite)
        query = query.where(c.id.in_(sa.bindparam("ids", expanding=True)))
    return prebuilt(query.order_by(c.id).limit(sa.bindparam("limit")))


def _prefix_page(query: Any) -> Any:
    """Plan.PREFIX (PostgreSQL): the page from each prefix index in id order, merged. Each part
    is an equality on the index's key (the first START characters, bound as `start`) ordered by
    the index's next column: the planner reads its first rows whatever its statistics, where
    ids handed to a second statement were checked against a walk of the whole account on a
    table never analyzed. A fan whose username and name both match comes from the first part
    only."""
    c = t.fans.c
    one: Any = sa.literal_column("1")  # as the index is written: no bound values
    two: Any = sa.literal_column(str(START))

    def starts(column: Any) -> Any:
        return sa.func.substr(sa.func.lower(column), one, two)

    start: Any = sa.bindparam("start")
    by_username = query.where(starts(c.username) == start)
    by_name = query.where(starts(c.name) == start, starts(c.username) != start)
    parts = [part.order_by(c.id).limit(sa.bindparam("limit")) for part in (by_username, by_name)]
    merged = sa.union_all(*parts).subquery("matched")
    # The search's predicate on the merged rows, not in each part: there the planner, with
    # statistics, read the trigram indexes for `LIKE 'ab%'` too and sorted every match.
    page = sa.select(merged).where(_matches(merged.c)).order_by(merged.c.id)
    return page.limit(sa.bindparam("limit"))


def _matches(c: Any) -> Any:
    """The search's one predicate: the pattern in the lowered username or name."""
    pattern = sa.bindparam("pattern", type_=sa.String)
    return sa.or_(
        sa.func.lower(c.username).like(pattern, escape="\\"),
        sa.func.lower(c.name).like(pattern, escape="\\"),
    )


class SqlFans:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def replace(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None:
        """The account's fans become `fans`. Written as an upsert that leaves a fan as it is
        unless it changed, and a delete of the fans that left: a rewrite of the whole account
        (deleting every row and inserting it again) costs the search index as much as indexing
        every fan anew, 50 times the rows' own writes on SQLite."""
        c = t.fans.c
        with self.conn.long_statements():  # every fan of an account, and the search index
            held = await self.conn.column(_FAN_IDS, {"ws": workspace_id, "account": account_id})
            gone = sorted(set(held) - {f.id for f in fans})
            for start in range(0, len(gone), 500):
                with self.conn.planned_per_call():  # by the ids, whatever the statistics
                    await self.conn.execute(
                        t.fans.delete().where(
                            c.workspace_id == workspace_id,
                            c.account_id == account_id,
                            c.id.in_(gone[start : start + 500]),
                        )
                    )
            if fans:
                statement = _upsert_fans(self.conn.dialect.name)
                await self.conn.execute(statement, [to_row(f) for f in fans])

    async def put_many(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None:
        """Insert or overwrite these fans only (the syncer writes the rows that changed)."""
        if not fans:
            return
        c = t.fans.c
        # A sync's page: planned for its ids every call, never a generic plan priced for the
        # table as last analyzed (which read the account by a prefix index, every row a page).
        with self.conn.planned_per_call():
            await self.conn.execute(
                t.fans.delete().where(
                    c.workspace_id == workspace_id,
                    c.account_id == account_id,
                    c.id.in_([f.id for f in fans]),
                )
            )
        await self.conn.execute(_INSERT_FANS, [to_row(f) for f in fans])

    async def prune(
        self, workspace_id: str, account_id: str, keep: Collection[str], batch: int = 1000
    ) -> int:
        """Delete the account's fans whose id is not in `keep`, walking ids a batch at a time
        (keyset on the primary key), so no statement grows with the account."""
        c = t.fans.c
        removed, after = 0, ""
        while True:
            ids = [
                row[0]
                for row in await self.conn.execute(
                    sa.select(c.id)
                    .where(c.workspace_id == workspace_id, c.account_id == account_id, c.id > after)
                    .order_by(c.id)
                    .limit(batch)
                )
            ]
            gone = [i for i in ids if i not in keep]
            if gone:
                with self.conn.planned_per_call():
                    await self.conn.execute(
                        t.fans.delete().where(
                            c.workspace_id == workspace_id,
                            c.account_id == account_id,
                            c.id.in_(gone),
                        )
                    )
                removed += len(gone)
            if len(ids) < batch:
                return removed
            after = ids[-1]

    async def get_many(
        self, workspace_id: str, account_id: str, fan_ids: Sequence[str]
    ) -> list[Fan]:
        if not fan_ids:
            return []
        if len(fan_ids) == 1:  # a creation's one fan may have come with its key (ReadAlong)
            ahead = self.conn.take_ahead("fans", workspace_id, account_id, fan_ids[0])
            if ahead is not Ahead.NOT_READ:
                return [] if ahead is None else [_fan(ahead)]
        values = {"ws": workspace_id, "account": account_id, "ids": sorted(set(fan_ids))}
        if len(fan_ids) == 1:
            return [_fan(r) for r in await self.conn.execute(_FANS_BY_ID, values)]
        # A sync's page of fans: planned for its values every call, never settling on a
        # generic plan made from stale statistics (repos/revenue.py's latest_fingerprints).
        with self.conn.planned_per_call():
            return [_fan(r) for r in await self.conn.execute(_FANS_BY_ID, values)]

    async def list(
        self,
        workspace_id: str,
        account_id: str,
        *,
        search: str | None = None,
        after: str | None = None,
        limit: int = 25,
    ) -> list[Fan]:
        """In id order. `search`: a case-insensitive substring of the username or the name, found
        through the trigram indexes; a term of one or two characters, a prefix of either
        (storage/sql/driver/search.py)."""
        values: dict[str, Any] = {"ws": workspace_id, "account": account_id, "limit": limit}
        if search:
            values["pattern"] = like_pattern(search, prefix=by_prefix("fans", search))
        if after is not None:
            values["after"] = after

        async def page(plan: Plan) -> list[Fan]:
            statement = _fans_statement(bool(search), after is not None, plan)
            return [_fan(r) for r in await self.conn.execute(statement, values)]

        return list(await search_page(self.conn, "fans", search, values, page))

    async def count_audience(
        self,
        workspace_id: str,
        account_id: str,
        *,
        fan_ids: Sequence[str],
        list_ids: Sequence[str],
        exclude_list_ids: Sequence[str],
    ) -> int:
        """One aggregate over the account's fans, in the database: no fan row reaches Python."""
        c = t.fans.c
        named = c.id.in_(list(set(fan_ids))) if fan_ids else sa.false()
        chosen = sa.and_(
            c.subscription_status == "active",
            sa.or_(named, self._on_any(list_ids)),
            sa.not_(self._on_any(exclude_list_ids)),
        )
        row = (
            await self.conn.execute(
                sa.select(
                    sa.func.coalesce(sa.func.sum(sa.case((chosen, 1), else_=0)), 0),
                    sa.func.coalesce(sa.func.sum(sa.case((named, 1), else_=0)), 0),
                ).where(c.workspace_id == workspace_id, c.account_id == account_id)
            )
        ).one()
        return int(row[0]) + len(set(fan_ids)) - int(row[1])

    def _on_any(self, list_ids: Sequence[str]) -> sa.ColumnElement[bool]:
        """The fan's `list_ids` (a JSON array) shares an element with `list_ids`."""
        if not list_ids:
            return sa.false()
        return json_array_overlaps(self.conn.dialect.name, t.fans.c.list_ids, sorted(set(list_ids)))

    async def get(self, workspace_id: str, account_id: str, fan_id: str) -> Fan | None:
        c = t.fans.c
        row = (
            await self.conn.execute(
                t.fans.select().where(
                    c.workspace_id == workspace_id, c.account_id == account_id, c.id == fan_id
                )
            )
        ).first()
        return _fan(row) if row else None
