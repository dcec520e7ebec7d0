"""Synced chats: one row per chat with a fan, ordered by last activity; the incremental sync
compares each chat's last message id, and a window keeps the most recently active chats
(their messages go with them).

Mixed into SqlSynced (repos/synced/items.py), the one synced-data repository.
"""

from __future__ import annotations

import builtins
import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.dialect import upsert
from storage.sql.driver.statements import prebuilt

Json = dict[str, Any]

_KEY = ("workspace_id", "account_id", "fan_id")


@functools.cache
def _upsert_chats(dialect: str, newer_only: bool) -> Any:
    """`INSERT … ON CONFLICT DO UPDATE`, built once per dialect: writers of one chat at once
    (two executors, an executor and the syncer) each land, where a delete and insert let the
    second fail on the primary key. With `newer_only` a row is replaced only by activity at
    least as recent as its own, so the chat ends on the newest message whichever writer
    commits last."""

    def newer(excluded: Any) -> sa.ColumnElement[bool]:
        at_least: sa.ColumnElement[bool] = (
            t.synced_chats.c.last_activity_at <= excluded.last_activity_at
        )
        return at_least

    return prebuilt(upsert(dialect, t.synced_chats, _KEY, newer if newer_only else None))


class SqlSyncedChats:
    """SqlSynced's chats."""

    conn: Connection

    async def chats(
        self,
        workspace_id: str,
        account_id: str,
        *,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> builtins.list[Json]:
        c = t.synced_chats.c
        query = sa.select(c.data).where(c.workspace_id == workspace_id, c.account_id == account_id)
        if after is not None:
            query = query.where(sa.tuple_(c.last_activity_at, c.fan_id) < sa.tuple_(*after))
        query = query.order_by(c.last_activity_at.desc(), c.fan_id.desc()).limit(limit)
        return [row.data for row in await self.conn.execute(query)]

    async def chat(self, workspace_id: str, account_id: str, fan_id: str) -> Json | None:
        c = t.synced_chats.c
        row = (
            await self.conn.execute(
                sa.select(c.data).where(
                    c.workspace_id == workspace_id, c.account_id == account_id, c.fan_id == fan_id
                )
            )
        ).first()
        return row.data if row else None

    async def chat_heads(self, workspace_id: str, account_id: str) -> dict[str, str | None]:
        """Each synced chat's last message id: what the incremental sync compares against."""
        c = t.synced_chats.c
        rows = await self.conn.execute(
            sa.select(c.fan_id, c.last_message_id).where(
                c.workspace_id == workspace_id, c.account_id == account_id
            )
        )
        return {row.fan_id: row.last_message_id for row in rows}

    async def put_chats(
        self,
        workspace_id: str,
        account_id: str,
        chats: Sequence[Json],
        *,
        newer_only: bool = False,
    ) -> None:
        """Insert or replace chats given in the Chat shape (`fanId`, `lastActivityAt`, ...);
        with `newer_only`, an existing chat only by one at least as recently active."""
        if not chats:
            return
        await self.conn.execute(
            _upsert_chats(self.conn.dialect.name, newer_only),
            [
                {
                    "workspace_id": workspace_id,
                    "account_id": account_id,
                    "fan_id": chat["fanId"],
                    "last_activity_at": dt.datetime.fromisoformat(chat["lastActivityAt"]),
                    "last_message_id": (chat.get("lastMessage") or {}).get("id"),
                    "data": chat,
                }
                for chat in chats
            ],
        )

    async def count_chats(self, workspace_id: str, account_id: str) -> int:
        c = t.synced_chats.c
        row = (
            await self.conn.execute(
                sa.select(sa.func.count()).where(
                    c.workspace_id == workspace_id, c.account_id == account_id
                )
            )
        ).one()
        return int(row[0])

    async def trim_chats(self, workspace_id: str, account_id: str, keep: int) -> int:
        """Drop chats (and their messages) beyond the `keep` most recently active."""
        c = t.synced_chats.c
        old = await self.conn.execute(
            sa.select(c.fan_id)
            .where(c.workspace_id == workspace_id, c.account_id == account_id)
            .order_by(c.last_activity_at.desc(), c.fan_id.desc())
            .offset(keep)
        )
        gone = [row.fan_id for row in old]
        for start in range(0, len(gone), 500):
            chunk = gone[start : start + 500]
            await self.conn.execute(
                t.synced_chats.delete().where(
                    c.workspace_id == workspace_id,
                    c.account_id == account_id,
                    c.fan_id.in_(chunk),
                )
            )
            m = t.synced_messages.c
            await self.conn.execute(
                t.synced_messages.delete().where(
                    m.workspace_id == workspace_id,
                    m.account_id == account_id,
                    m.fan_id.in_(chunk),
                )
            )
        return len(gone)
