"""Linked accounts, their synced fans, and the hosted links that create them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from service.domain.models import Account, Fan, Link
from storage.sql import tables as t
from storage.sql.rows import to_model, to_row

# Hot-path statements are built once: building a Select costs ~100x its cached execution.
_ACCOUNT = t.accounts.select().where(t.accounts.c.workspace_id == sa.bindparam("ws"),
                                     t.accounts.c.id == sa.bindparam("id"))
_LINK = t.links.select().where(t.links.c.workspace_id == sa.bindparam("ws"),
                               t.links.c.id == sa.bindparam("id"))


class SqlAccounts:
    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn

    async def add(self, account: Account) -> None:
        await self.conn.execute(t.accounts.insert().values(to_row(account)))

    async def get(self, workspace_id: str, account_id: str) -> Account | None:
        row = (await self.conn.execute(_ACCOUNT, {"ws": workspace_id, "id": account_id})).first()
        return to_model(Account, row) if row else None

    async def list(self, workspace_id: str, *, mode: str | None = None,
                   only: Sequence[str] | None = None, after: str | None = None,
                   limit: int = 100) -> list[Account]:
        c = t.accounts.c
        query = t.accounts.select().where(c.workspace_id == workspace_id)
        if mode is not None:
            query = query.where(c.mode == mode)
        if only is not None:
            query = query.where(c.id.in_(list(only)))
        if after is not None:
            query = query.where(c.id > after)
        rows = await self.conn.execute(query.order_by(c.id).limit(limit))
        return [to_model(Account, r) for r in rows]

    async def list_all(self, *, statuses: Sequence[str] | None = None) -> list[Account]:
        """Every workspace's accounts, for the syncer."""
        query = t.accounts.select()
        if statuses is not None:
            query = query.where(t.accounts.c.status.in_(list(statuses)))
        return [to_model(Account, r) for r in await self.conn.execute(query)]

    async def set_writes_everywhere(self, workspace_id: str, enabled: bool) -> list[Account]:
        rows = await self.conn.execute(t.accounts.update().where(
            t.accounts.c.workspace_id == workspace_id).values(writes_enabled=enabled)
            .returning(*t.accounts.c))
        return [to_model(Account, r) for r in rows]

    async def update(self, workspace_id: str, account_id: str, **values: Any) -> Account | None:
        rows = await self.conn.execute(t.accounts.update().where(
            t.accounts.c.workspace_id == workspace_id, t.accounts.c.id == account_id,
        ).values(**values).returning(*t.accounts.c))
        row = rows.first()
        return to_model(Account, row) if row else None


def _fan(row) -> Fan:
    return to_model(Fan, row, list_ids=tuple(row.list_ids))


class SqlFans:
    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn

    async def replace(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None:
        await self.conn.execute(t.fans.delete().where(
            t.fans.c.workspace_id == workspace_id, t.fans.c.account_id == account_id))
        if fans:
            await self.conn.execute(t.fans.insert(), [to_row(f) for f in fans])

    async def get_many(self, workspace_id: str, account_id: str,
                       fan_ids: Sequence[str]) -> list[Fan]:
        if not fan_ids:
            return []
        c = t.fans.c
        rows = await self.conn.execute(t.fans.select().where(
            c.workspace_id == workspace_id, c.account_id == account_id,
            c.id.in_(list(set(fan_ids)))))
        return [_fan(r) for r in rows]

    async def list(self, workspace_id: str, account_id: str, *, search: str | None = None,
                   after: str | None = None, limit: int = 25) -> list[Fan]:
        c = t.fans.c
        query = t.fans.select().where(c.workspace_id == workspace_id, c.account_id == account_id)
        if search:
            pattern = "%" + search.lower().replace("\\", "\\\\").replace("%", "\\%").replace(
                "_", "\\_") + "%"
            query = query.where(sa.or_(sa.func.lower(c.username).like(pattern, escape="\\"),
                                       sa.func.lower(c.name).like(pattern, escape="\\")))
        if after is not None:
            query = query.where(c.id > after)
        rows = await self.conn.execute(query.order_by(c.id).limit(limit))
        return [_fan(r) for r in rows]

    async def get(self, workspace_id: str, account_id: str, fan_id: str) -> Fan | None:
        c = t.fans.c
        row = (await self.conn.execute(t.fans.select().where(
            c.workspace_id == workspace_id, c.account_id == account_id, c.id == fan_id))).first()
        return _fan(row) if row else None


class SqlLinks:
    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn

    async def add(self, link: Link) -> None:
        await self.conn.execute(t.links.insert().values(to_row(link)))

    async def get(self, workspace_id: str, link_id: str) -> Link | None:
        row = (await self.conn.execute(_LINK, {"ws": workspace_id, "id": link_id})).first()
        return to_model(Link, row) if row else None

    async def get_by_token(self, token: str) -> Link | None:
        row = (await self.conn.execute(
            t.links.select().where(t.links.c.token == token))).first()
        return to_model(Link, row) if row else None

    async def recent(self, workspace_id: str, mode: str, limit: int = 100) -> list[Link]:
        rows = await self.conn.execute(t.links.select().where(
            t.links.c.workspace_id == workspace_id, t.links.c.mode == mode,
        ).order_by(t.links.c.created_at.desc(), t.links.c.id.desc()).limit(limit))
        return [to_model(Link, r) for r in rows]

    async def transition(self, link_id: str, from_statuses: Sequence[str],
                         **values: Any) -> Link | None:
        rows = await self.conn.execute(t.links.update().where(
            t.links.c.id == link_id, t.links.c.status.in_(list(from_statuses)),
        ).values(**values).returning(*t.links.c))
        row = rows.first()
        return to_model(Link, row) if row else None
