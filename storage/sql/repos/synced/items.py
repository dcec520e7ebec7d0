"""Synced copies of platform data beyond fans: chats, their messages, other records, sync state.

Rows keep the JSON we serve (`data`) next to the few columns we order, filter and page on, so a
read is one indexed statement and no reshaping. Writes replace what changed; windows are kept
by trimming the oldest rows (docs/synced-data.md).

Chats (repos/synced/chats.py) and their messages (repos/synced/messages.py) are its parts in modules of
their own; the other families, when each family was synced and a fan's spend are here.
"""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.domain.item_families import ItemFamily
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.search import like_pattern
from storage.sql.driver.statements import prebuilt
from storage.sql.repos.synced.chats import SqlSyncedChats
from storage.sql.repos.synced.messages import SqlSyncedMessages

Json = dict[str, Any]

# Built once: each call binds its values, without building a statement and its cache key (the
# syncer writes every family of every account this way, and a new workspace its sandbox's).
_INSERT_ITEMS = prebuilt(t.synced_items.insert())
_i = t.synced_items.c
_OF_FAMILY = (
    _i.workspace_id == sa.bindparam("ws"),
    _i.account_id == sa.bindparam("account"),
    _i.family == sa.bindparam("family"),
)
_ITEM = prebuilt(sa.select(_i.data).where(*_OF_FAMILY, _i.id == sa.bindparam("id")))
_DELETE_FAMILY = prebuilt(t.synced_items.delete().where(*_OF_FAMILY))
_s = t.sync_state.c
_STATES = prebuilt(
    sa.select(_s.family, _s.synced_at, _s.signature).where(
        _s.workspace_id == sa.bindparam("ws"), _s.account_id == sa.bindparam("account")
    )
)
_CLEAR_STATE = prebuilt(
    t.sync_state.delete().where(
        _s.workspace_id == sa.bindparam("ws"),
        _s.account_id == sa.bindparam("account"),
        _s.family == sa.bindparam("family"),
    )
)
_INSERT_STATE = prebuilt(t.sync_state.insert())
_x = t.transactions.c
_FAN_TRANSACTIONS = prebuilt(
    sa.select(_x.id, _x.seq, _x.status, _x.deleted, _x.gross_cents, _x.net_cents, _x.currency)
    .where(
        _x.workspace_id == sa.bindparam("ws"),
        _x.account_id == sa.bindparam("account"),
        _x.fan_id == sa.bindparam("fan"),
    )
    .order_by(_x.seq)
)


class SqlSynced(SqlSyncedChats, SqlSyncedMessages):
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    # -- other families ---------------------------------------------------------------------

    async def items(
        self,
        workspace_id: str,
        account_id: str,
        family: ItemFamily,
        *,
        newest_first: bool = False,
        tag: str | None = None,
        between: tuple[str, str] | None = None,
        after: tuple[str, str] | None = None,
        limit: int = 25,
    ) -> builtins.list[Json]:
        c = t.synced_items.c
        query = sa.select(c.data).where(
            c.workspace_id == workspace_id, c.account_id == account_id, c.family == family
        )
        if tag is not None:
            query = query.where(c.tags.like(like_pattern(f",{tag},"), escape="\\"))
        if between is not None:
            query = query.where(c.position >= between[0], c.position <= between[1])
        key = sa.tuple_(c.position, c.id)
        if after is not None:
            query = query.where(
                key < sa.tuple_(*after) if newest_first else key > sa.tuple_(*after)
            )
        order = (c.position.desc(), c.id.desc()) if newest_first else (c.position, c.id)
        return [row.data for row in await self.conn.execute(query.order_by(*order).limit(limit))]

    async def item(
        self, workspace_id: str, account_id: str, family: ItemFamily, item_id: str
    ) -> Json | None:
        values = {"ws": workspace_id, "account": account_id, "family": family, "id": item_id}
        row = (await self.conn.execute(_ITEM, values)).first()
        return row.data if row else None

    async def replace_items(
        self,
        workspace_id: str,
        account_id: str,
        family: ItemFamily,
        items: Sequence[tuple[str, str, Sequence[str], Json]],
    ) -> None:
        """The family's whole window: `(id, position, tags, data)` per item."""
        await self.conn.execute(
            _DELETE_FAMILY, {"ws": workspace_id, "account": account_id, "family": family}
        )
        unique = {item_id: (item_id, pos, tags, data) for item_id, pos, tags, data in items}
        if unique:
            await self.conn.execute(
                _INSERT_ITEMS,
                [
                    {
                        "workspace_id": workspace_id,
                        "account_id": account_id,
                        "family": family,
                        "id": item_id,
                        "position": position[:200],
                        "tags": ("," + ",".join(tags) + ",")[:2000],
                        "data": data,
                    }
                    for item_id, position, tags, data in unique.values()
                ],
            )

    # -- when each family was synced --------------------------------------------------------

    async def states(
        self, workspace_id: str, account_id: str
    ) -> dict[str, tuple[dt.datetime, Any]]:
        rows = await self.conn.execute(_STATES, {"ws": workspace_id, "account": account_id})
        return {row.family: (row.synced_at, row.signature) for row in rows}

    async def set_state(
        self, workspace_id: str, account_id: str, family: str, at: dt.datetime, signature: Any
    ) -> None:
        await self.clear_state(workspace_id, account_id, family)
        await self.conn.execute(
            _INSERT_STATE,
            {
                "workspace_id": workspace_id,
                "account_id": account_id,
                "family": family,
                "synced_at": at,
                "signature": signature,
            },
        )

    async def clear_state(self, workspace_id: str, account_id: str, family: str) -> None:
        await self.conn.execute(
            _CLEAR_STATE, {"ws": workspace_id, "account": account_id, "family": family}
        )

    # -- what the revenue rows say about one fan --------------------------------------------

    async def fan_spend(self, workspace_id: str, account_id: str, fan_id: str) -> dict[str, Any]:
        """Gross and net of the fan's counted transactions (latest version of each, not
        deleted, pending or completed), in the currency of the rows (USD when none)."""
        rows = await self.conn.execute(
            _FAN_TRANSACTIONS, {"ws": workspace_id, "account": account_id, "fan": fan_id}
        )
        latest = {row.id: row for row in rows}
        counted = [
            r for r in latest.values() if not r.deleted and r.status in ("pending", "completed")
        ]
        currency = counted[0].currency if counted else "USD"
        return {
            "gross": {"amount": sum(int(r.gross_cents) for r in counted), "currency": currency},
            "net": {"amount": sum(int(r.net_cents) for r in counted), "currency": currency},
            "transactions": len(counted),
        }
