"""Synced messages: each chat's messages, newest first and searchable, with the mass messages
they are copies of; stored as the JSON we serve, so a response can send a message's text as
it is.

Mixed into SqlSynced (repos/synced/items.py), the one synced-data repository.
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
from storage.sql.driver.connection import Connection
from storage.sql.driver.search import Plan, candidates, like_pattern, off_key, search_page
from storage.sql.driver.statements import prebuilt
from storage.sql.driver.types import as_written

Json = dict[str, Any]

# Built once: each call binds its values, without building a statement and its cache key.
_INSERT_MESSAGES = prebuilt(t.synced_messages.insert())
_m = t.synced_messages.c
_OF_ACCOUNT = (_m.workspace_id == sa.bindparam("ws"), _m.account_id == sa.bindparam("account"))
_DELETE_MESSAGES = prebuilt(
    t.synced_messages.delete().where(*_OF_ACCOUNT, _m.id.in_(sa.bindparam("ids", expanding=True)))
)
_BEYOND_KEPT = prebuilt(
    sa.select(_m.id)
    .where(*_OF_ACCOUNT, _m.fan_id == sa.bindparam("fan"))
    .order_by(_m.created_at.desc(), _m.id.desc())
    .offset(sa.bindparam("keep", type_=sa.Integer))
)


@functools.cache
def _messages_statement(
    after: bool, search: bool, text: bool = False, plan: Plan = Plan.WALK
) -> Any:
    """Newest first, keyset on (created_at, id); one plan per shape, built on first use.
    `text`: the stored JSON text as it is, not decoded. `plan`: how a search finds its page
    (storage/sql/driver/search.py)."""
    source: Any = t.synced_messages
    c = source.c
    key = off_key if plan is Plan.TRIGRAM else (lambda column: column)
    conditions = [
        key(c.workspace_id) == sa.bindparam("ws"),
        key(c.account_id) == sa.bindparam("account"),
        key(c.fan_id) == sa.bindparam("fan"),
    ]
    if after:
        conditions.append(
            sa.tuple_(c.created_at, c.id)
            < sa.tuple_(
                sa.bindparam("at", type_=c.created_at.type), sa.bindparam("id", type_=c.id.type)
            )
        )
    if plan is Plan.BOUNDED:
        source = (
            sa.select(source)
            .where(*conditions)
            .order_by(c.created_at.desc(), c.id.desc())
            .limit(sa.bindparam("budget"))
            .subquery("walked")
        )
        c, conditions = source.c, []
    data = as_written(c.data) if text else c.data
    if plan is Plan.INDEX:
        source = candidates(t.synced_messages)
    query = sa.select(data).select_from(source).where(*conditions)
    if search:
        query = query.where(sa.func.lower(c.text).like(sa.bindparam("pattern"), escape="\\"))
    return prebuilt(query.order_by(c.created_at.desc(), c.id.desc()).limit(sa.bindparam("limit")))


class SqlSyncedMessages:
    """SqlSynced's messages."""

    conn: Connection

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
        return await self._page(workspace_id, account_id, fan_id, search, after, limit, False)

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
        stored = await self._page(workspace_id, account_id, fan_id, search, after, limit, True)
        return [as_rendered(data) or json.loads(data) for data in stored]

    async def _page(
        self,
        workspace_id: str,
        account_id: str,
        fan_id: str,
        search: str | None,
        after: tuple[dt.datetime, str] | None,
        limit: int,
        text: bool,
    ) -> builtins.list[Any]:
        """A page of the chat's messages, decoded or (`text`) as the stored JSON text."""
        values: dict[str, Any] = {
            "ws": workspace_id,
            "account": account_id,
            "fan": fan_id,
            "limit": limit,
        }
        if search:
            values["pattern"] = like_pattern(search)
        if after is not None:
            values["at"], values["id"] = after

        async def run(plan: Plan) -> builtins.list[Any]:
            statement = _messages_statement(after is not None, bool(search), text, plan)
            return await self.conn.column(statement, values)

        return list(await search_page(self.conn, "synced_messages", search, values, run))

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
        # A sync's page: planned for its ids every call; a generic plan priced for the table
        # as last analyzed read every message of the account (a sequential scan) per page.
        with self.conn.planned_per_call():
            await self.conn.execute(
                _DELETE_MESSAGES,
                {"ws": workspace_id, "account": account_id, "ids": [m["id"] for m in messages]},
            )
        await self.conn.execute(
            _INSERT_MESSAGES,
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
        values = {"ws": workspace_id, "account": account_id, "fan": fan_id, "keep": keep}
        gone = [row.id for row in await self.conn.execute(_BEYOND_KEPT, values)]
        if gone:
            with self.conn.planned_per_call():
                await self.conn.execute(
                    _DELETE_MESSAGES, {"ws": workspace_id, "account": account_id, "ids": gone}
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
