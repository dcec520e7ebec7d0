"""Synced copies of platform data beyond fans: chats, their messages, other records, sync state.

Rows keep the JSON we serve (`data`) next to the few columns we order, filter and page on, so a
read is one indexed statement and no reshaping. Writes replace what changed; windows are kept
by trimming the oldest rows (docs/synced-data.md).
"""

from __future__ import annotations

import builtins
import datetime as dt
import functools
import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.domain.stored_json import StoredJson, as_rendered
from storage.sql import tables as t
from storage.sql.connection import Connection
from storage.sql.search import candidates, few_matches, fts_phrase, like_pattern, walking
from storage.sql.statements import prebuilt
from storage.sql.types import as_written

Json = dict[str, Any]


@functools.cache
def _messages_statement(
    after: bool, search: bool, text: bool = False, indexed: bool = False
) -> Any:
    """Newest first, keyset on (created_at, id); one plan per shape, built on first use.
    `text`: the stored JSON text as it is, not decoded. `indexed`: only the rows the trigram
    index names as candidates (SQLite; storage/sql/search.py)."""
    c = t.synced_messages.c
    data = as_written(c.data) if text else c.data
    query = sa.select(data).where(
        c.workspace_id == sa.bindparam("ws"),
        c.account_id == sa.bindparam("account"),
        c.fan_id == sa.bindparam("fan"),
    )
    if search:
        query = query.where(sa.func.lower(c.text).like(sa.bindparam("pattern"), escape="\\"))
    if indexed:
        query = query.where(candidates("synced_messages"))
    if after:
        query = query.where(
            sa.tuple_(c.created_at, c.id)
            < sa.tuple_(
                sa.bindparam("at", type_=c.created_at.type), sa.bindparam("id", type_=c.id.type)
            )
        )
    return prebuilt(query.order_by(c.created_at.desc(), c.id.desc()).limit(sa.bindparam("limit")))


def _message_values(
    workspace_id: str,
    account_id: str,
    fan_id: str,
    search: str | None,
    after: tuple[dt.datetime, str] | None,
    limit: int,
) -> dict[str, Any]:
    values: dict[str, Any] = {
        "ws": workspace_id,
        "account": account_id,
        "fan": fan_id,
        "limit": limit,
    }
    if search:
        values["pattern"] = like_pattern(search)
        values["match"] = fts_phrase(search)
    if after is not None:
        values["at"], values["id"] = after
    return values


class SqlSynced:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    # -- chats ------------------------------------------------------------------------------

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

    async def put_chats(self, workspace_id: str, account_id: str, chats: Sequence[Json]) -> None:
        """Insert or replace chats given in the Chat shape (`fanId`, `lastActivityAt`, ...)."""
        if not chats:
            return
        c = t.synced_chats.c
        await self.conn.execute(
            t.synced_chats.delete().where(
                c.workspace_id == workspace_id,
                c.account_id == account_id,
                c.fan_id.in_([chat["fanId"] for chat in chats]),
            )
        )
        await self.conn.execute(
            t.synced_chats.insert(),
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

    # -- messages ---------------------------------------------------------------------------

    async def messages(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        *,
        search: str | None = None,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> builtins.list[Json]:
        values = _message_values(workspace_id, account_id, fan_id, search, after, limit)
        indexed = bool(search) and await few_matches(self.conn, "synced_messages", search or "")
        statement = _messages_statement(after is not None, bool(search), indexed=indexed)
        with walking(self.conn, search, indexed):
            return await self.conn.column(statement, values)

    async def rendered_messages(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        *,
        search: str | None = None,
        after: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
    ) -> builtins.list[Json | StoredJson]:
        """`messages`, for a response: a message whose stored text already is the API form
        comes as that text (`StoredJson`), the others as dicts. The column keeps the text we
        wrote on both databases (WrittenJson); rows from before revision 0018 on PostgreSQL
        hold jsonb's re-spaced text, which `as_rendered` sends the slow way."""
        values = _message_values(workspace_id, account_id, fan_id, search, after, limit)
        indexed = bool(search) and await few_matches(self.conn, "synced_messages", search or "")
        statement = _messages_statement(after is not None, bool(search), True, indexed)
        with walking(self.conn, search, indexed):
            stored = await self.conn.column(statement, values)
        return [as_rendered(data) or json.loads(data) for data in stored]

    async def message(self, workspace_id: str, account_id: str, message_id: str) -> Json | None:
        c = t.synced_messages.c
        row = (
            await self.conn.execute(
                sa.select(c.data).where(
                    c.workspace_id == workspace_id,
                    c.account_id == account_id,
                    c.id == message_id,
                )
            )
        ).first()
        return row.data if row else None

    async def copies_of(
        self, workspace_id: str, account_id: str, mass_message_id: str, limit: int = 10
    ) -> tuple[int, builtins.list[Json]]:
        """How many synced copies a mass message left, and the first few of them."""
        c = t.synced_messages.c
        which = (
            c.workspace_id == workspace_id,
            c.account_id == account_id,
            c.mass_message_id == mass_message_id,
        )
        total = (await self.conn.execute(sa.select(sa.func.count()).where(*which))).one()[0]
        rows = await self.conn.execute(
            sa.select(c.data).where(*which).order_by(c.fan_id).limit(limit)
        )
        return int(total), [row.data for row in rows]

    async def newest_message_id(
        self, workspace_id: str, account_id: str, fan_id: str
    ) -> str | None:
        rows = await self.messages(workspace_id, account_id, fan_id, limit=1)
        return str(rows[0]["id"]) if rows else None

    async def add_messages(
        self, workspace_id: str, account_id: str, messages: Sequence[Json]
    ) -> None:
        """Insert messages in the Message shape; one already held is replaced."""
        if not messages:
            return
        c = t.synced_messages.c
        await self.conn.execute(
            t.synced_messages.delete().where(
                c.workspace_id == workspace_id,
                c.account_id == account_id,
                c.id.in_([m["id"] for m in messages]),
            )
        )
        await self.conn.execute(
            t.synced_messages.insert(),
            [
                {
                    "workspace_id": workspace_id,
                    "account_id": account_id,
                    "id": m["id"],
                    "fan_id": m["fanId"],
                    "created_at": dt.datetime.fromisoformat(m["createdAt"]),
                    "mass_message_id": m.get("massMessageId"),
                    "text": m.get("text") or "",
                    "data": m,
                }
                for m in messages
            ],
        )

    async def trim_messages(
        self, workspace_id: str, account_id: str, fan_id: str, keep: int
    ) -> None:
        """Keep the chat's `keep` newest messages."""
        c = t.synced_messages.c
        rows = await self.conn.execute(
            sa.select(c.id)
            .where(c.workspace_id == workspace_id, c.account_id == account_id, c.fan_id == fan_id)
            .order_by(c.created_at.desc(), c.id.desc())
            .offset(keep)
        )
        gone = [row.id for row in rows]
        if gone:
            await self.conn.execute(
                t.synced_messages.delete().where(
                    c.workspace_id == workspace_id, c.account_id == account_id, c.id.in_(gone)
                )
            )

    async def remove_messages(
        self,
        workspace_id: str,
        account_id: str,
        *,
        message_id: str | None = None,
        mass_message_id: str | None = None,
    ) -> builtins.list[str]:
        """Forget unsent messages; returns the fan ids of the chats they were in."""
        c = t.synced_messages.c
        which = c.id == message_id if message_id else c.mass_message_id == mass_message_id
        rows = await self.conn.execute(
            t.synced_messages.delete()
            .where(c.workspace_id == workspace_id, c.account_id == account_id, which)
            .returning(c.fan_id)
        )
        return sorted({row.fan_id for row in rows})

    # -- other families ---------------------------------------------------------------------

    async def items(
        self,
        workspace_id: str,
        account_id: str,
        family: str,
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
        self, workspace_id: str, account_id: str, family: str, item_id: str
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
        family: str,
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
                t.synced_items.insert(),
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
