"""Synced copies of platform data beyond fans: chats, their messages, other records, sync state.

Rows keep the JSON we serve (`data`) next to the few columns we order, filter and page on, so a
read is one indexed statement and no reshaping. Writes replace what changed; windows are kept
by trimming the oldest rows (docs/synced-data.md).

Chats (chat_repos.py) and their messages (message_repos.py) are its parts in modules of
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
from storage.sql.chat_repos import SqlSyncedChats
from storage.sql.connection import Connection
from storage.sql.message_repos import SqlSyncedMessages
from storage.sql.search import like_pattern
from storage.sql.statements import prebuilt

Json = dict[str, Any]

# Built once, so each row of a batch binds without a cache key.
_INSERT_ITEMS = prebuilt(t.synced_items.insert())


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
        c = t.synced_items.c
        row = (
            await self.conn.execute(
                sa.select(c.data).where(
                    c.workspace_id == workspace_id,
                    c.account_id == account_id,
                    c.family == family,
                    c.id == item_id,
                )
            )
        ).first()
        return row.data if row else None

    async def replace_items(
        self,
        workspace_id: str,
        account_id: str,
        family: ItemFamily,
        items: Sequence[tuple[str, str, Sequence[str], Json]],
    ) -> None:
        """The family's whole window: `(id, position, tags, data)` per item."""
        c = t.synced_items.c
        await self.conn.execute(
            t.synced_items.delete().where(
                c.workspace_id == workspace_id, c.account_id == account_id, c.family == family
            )
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
        c = t.sync_state.c
        rows = await self.conn.execute(
            sa.select(c.family, c.synced_at, c.signature).where(
                c.workspace_id == workspace_id, c.account_id == account_id
            )
        )
        return {row.family: (row.synced_at, row.signature) for row in rows}

    async def set_state(
        self, workspace_id: str, account_id: str, family: str, at: dt.datetime, signature: Any
    ) -> None:
        await self.clear_state(workspace_id, account_id, family)
        await self.conn.execute(
            t.sync_state.insert().values(
                workspace_id=workspace_id,
                account_id=account_id,
                family=family,
                synced_at=at,
                signature=signature,
            )
        )

    async def clear_state(self, workspace_id: str, account_id: str, family: str) -> None:
        c = t.sync_state.c
        await self.conn.execute(
            t.sync_state.delete().where(
                c.workspace_id == workspace_id, c.account_id == account_id, c.family == family
            )
        )

    # -- what the revenue rows say about one fan --------------------------------------------

    async def fan_spend(self, workspace_id: str, account_id: str, fan_id: str) -> dict[str, Any]:
        """Gross and net of the fan's counted transactions (latest version of each, not
        deleted, pending or completed), in the currency of the rows (USD when none)."""
        c = t.transactions.c
        rows = await self.conn.execute(
            sa.select(c.id, c.seq, c.status, c.deleted, c.gross_cents, c.net_cents, c.currency)
            .where(c.workspace_id == workspace_id, c.account_id == account_id, c.fan_id == fan_id)
            .order_by(c.seq)
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
