"""The hosted links that create accounts: each status move and counted attempt is one
conditional UPDATE on the statuses it may move from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

import sqlalchemy as sa

from service.linking.model import Link
from service.linking.repository import LinkChanges
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

_LINK = prebuilt(
    t.links.select().where(
        t.links.c.workspace_id == sa.bindparam("ws"), t.links.c.id == sa.bindparam("id")
    )
)


class SqlLinks:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, link: Link) -> None:
        await self.conn.execute(t.links.insert().values(to_row(link)))

    async def get(self, workspace_id: str, link_id: str) -> Link | None:
        row = (await self.conn.execute(_LINK, {"ws": workspace_id, "id": link_id})).first()
        return to_model(Link, row) if row else None

    async def get_by_token_hash(self, token_hash: str) -> Link | None:
        row = (
            await self.conn.execute(t.links.select().where(t.links.c.token_hash == token_hash))
        ).first()
        return to_model(Link, row) if row else None

    async def recent(self, workspace_id: str, mode: str, limit: int = 100) -> list[Link]:
        rows = await self.conn.execute(
            t.links.select()
            .where(
                t.links.c.workspace_id == workspace_id,
                t.links.c.mode == mode,
            )
            .order_by(t.links.c.created_at.desc(), t.links.c.id.desc())
            .limit(limit)
        )
        return [to_model(Link, r) for r in rows]

    async def transition(
        self, link_id: str, from_statuses: Sequence[str], **values: Unpack[LinkChanges]
    ) -> Link | None:
        rows = await self.conn.execute(
            t.links.update()
            .where(
                t.links.c.id == link_id,
                t.links.c.status.in_(list(from_statuses)),
            )
            .values(**values)
            .returning(*t.links.c)
        )
        row = rows.first()
        return to_model(Link, row) if row else None

    async def count_attempt(
        self, link_id: str, from_statuses: Sequence[str], limit: int
    ) -> Link | None:
        rows = await self.conn.execute(
            t.links.update()
            .where(
                t.links.c.id == link_id,
                t.links.c.status.in_(list(from_statuses)),
                t.links.c.attempts < limit,
            )
            .values(attempts=t.links.c.attempts + 1)
            .returning(*t.links.c)
        )
        row = rows.first()
        return to_model(Link, row) if row else None

    async def release_attempt(self, link_id: str) -> None:
        await self.conn.execute(
            t.links.update()
            .where(t.links.c.id == link_id, t.links.c.attempts > 0)
            .values(attempts=t.links.c.attempts - 1)
        )
