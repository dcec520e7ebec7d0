"""API keys: added, listed, revoked, and found by their hash, on the request's hot path
together with the row the request is about (one statement for both)."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from attrs import frozen

from service.keys.model import ApiKey
from service.keys.repository import ReadAlong
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.result import Row, row_class
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.accounts import with_rules_and_limits

# Hot-path statements are built once: building a Select costs ~100x its cached execution.
_KEY_BY_HASH = prebuilt(t.api_keys.select().where(t.api_keys.c.secret_hash == sa.bindparam("hash")))
_TOUCH = prebuilt(
    t.api_keys.update()
    .where(t.api_keys.c.id == sa.bindparam("key_id"))
    .values(last_used_at=sa.bindparam("at", type_=t.api_keys.c.last_used_at.type))
)


ALONG = "along_"
"""The label prefix of the columns read along with a key."""
FAN = "fan_along_"
"""The label prefix of a creation's fan, read along with its account."""
_KEY_COLUMNS = len(t.api_keys.c)
Joins = Callable[[sa.FromClause], tuple[sa.FromClause, list[sa.ColumnElement[Any]]]]


def _key_and(table: sa.Table, more: Joins | None = None, *, fan: bool = False) -> sa.Select[Any]:
    """The key by its hash and, in the same statement, one row of its workspace by id, with
    what `more` joins onto it (NULLs when there is no such row); with `fan`, also that
    account's fan by id (the row is an account's)."""
    joined: sa.FromClause = t.api_keys.outerjoin(
        table,
        sa.and_(
            table.c.workspace_id == t.api_keys.c.workspace_id,
            table.c.id == sa.bindparam("along"),
        ),
    )
    extra: list[sa.ColumnElement[Any]] = []
    if more is not None:
        joined, extra = more(joined)
    along = [*table.c, *extra]
    fans: list[sa.ColumnElement[Any]] = []
    if fan:
        joined = joined.outerjoin(
            t.fans,
            sa.and_(
                t.fans.c.workspace_id == t.api_keys.c.workspace_id,
                t.fans.c.account_id == sa.bindparam("along"),
                t.fans.c.id == sa.bindparam("fan"),
            ),
        )
        fans = [column.label(FAN + column.name) for column in t.fans.c]
    return prebuilt(
        sa.select(*t.api_keys.c, *(column.label(ALONG + column.name) for column in along), *fans)
        .select_from(joined)
        .where(t.api_keys.c.secret_hash == sa.bindparam("hash"))
    )


_KEY_AND = {
    ("actions", False): _key_and(t.actions),
    # A creation's first reads: the account with its rules and limits (repos/accounts.py), and
    # the fan its params name when they name one.
    ("accounts_for_create", False): _key_and(t.accounts, with_rules_and_limits),
    ("accounts_for_create", True): _key_and(t.accounts, with_rules_and_limits, fan=True),
}


@frozen
class _Parts:
    """Where a joined row's parts are: the key's columns, the row read along (under its own
    names) and its id, and the fan's when one was read."""

    key: type[Row]
    along: type[Row]
    along_end: int
    id_at: int
    fan: type[Row] | None


@functools.cache
def _parts(names: tuple[str, ...]) -> _Parts:
    along_end = next((i for i, name in enumerate(names) if name.startswith(FAN)), len(names))
    along = tuple(name.removeprefix(ALONG) for name in names[_KEY_COLUMNS:along_end])
    fan = tuple(name.removeprefix(FAN) for name in names[along_end:])
    return _Parts(
        row_class(names[:_KEY_COLUMNS]),
        row_class(along),
        along_end,
        along.index("id"),
        row_class(fan) if fan else None,
    )


def _key(row: Row) -> ApiKey:
    ids = row.account_ids
    return to_model(
        ApiKey, row, scopes=tuple(row.scopes), account_ids=tuple(ids) if ids is not None else None
    )


class SqlApiKeys:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, key: ApiKey) -> None:
        await self.conn.execute(t.api_keys.insert().values(to_row(key)))

    async def get(self, workspace_id: str, key_id: str) -> ApiKey | None:
        row = (
            await self.conn.execute(
                t.api_keys.select().where(
                    t.api_keys.c.workspace_id == workspace_id, t.api_keys.c.id == key_id
                )
            )
        ).first()
        return _key(row) if row else None

    async def get_by_hash(self, secret_hash: str, along: ReadAlong | None = None) -> ApiKey | None:
        if along is None:
            row = (await self.conn.execute(_KEY_BY_HASH, {"hash": secret_hash})).first()
            return _key(row) if row else None
        values = {"hash": secret_hash, "along": along.id, "fan": along.fan_id}
        statement = _KEY_AND[along.table, along.fan_id is not None]
        row = (await self.conn.execute(statement, values)).first()
        if row is None:
            return None
        parts = _parts(row._names)
        key = _key(parts.key(row[:_KEY_COLUMNS]))
        other = parts.along(row[_KEY_COLUMNS : parts.along_end])
        found = other[parts.id_at] is not None
        ahead = self.conn.ahead
        ahead[along.table, key.workspace_id, along.id] = other if found else None
        if parts.fan is not None and along.fan_id is not None and found:
            fan = parts.fan(row[parts.along_end :])
            ahead["fans", key.workspace_id, along.id, along.fan_id] = (
                fan if fan.id is not None else None
            )
        return key

    async def list(self, workspace_id: str) -> list[ApiKey]:
        rows = await self.conn.execute(
            t.api_keys.select()
            .where(t.api_keys.c.workspace_id == workspace_id)
            .order_by(t.api_keys.c.created_at)
        )
        return [_key(r) for r in rows]

    async def revoke(self, workspace_id: str, key_id: str, at: dt.datetime) -> ApiKey | None:
        rows = await self.conn.execute(
            t.api_keys.update()
            .where(
                t.api_keys.c.workspace_id == workspace_id,
                t.api_keys.c.id == key_id,
                t.api_keys.c.revoked_at.is_(None),
            )
            .values(revoked_at=at)
            .returning(*t.api_keys.c)
        )
        row = rows.first()
        return _key(row) if row else None

    async def touch(self, key_id: str, at: dt.datetime) -> None:
        await self.conn.execute(_TOUCH, {"key_id": key_id, "at": at})
