"""The audit log: who did what in a workspace, newest first."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from service.domain.audit_entry import AuditEntry
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

_INSERT_AUDIT = prebuilt(
    t.audit_log.insert()
)  # the columns come from the values bound at execution


class SqlAuditLog:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, entry: AuditEntry) -> None:
        await self.conn.execute(_INSERT_AUDIT, to_row(entry))

    async def list(
        self,
        workspace_id: str,
        *,
        limit: int = 200,
        action: str | None = None,
        since: dt.datetime | None = None,
        until: dt.datetime | None = None,
    ) -> list[AuditEntry]:
        """Newest first; `action` is an exact name or a family such as `key.` (a prefix)."""
        c = t.audit_log.c
        query = t.audit_log.select().where(c.workspace_id == workspace_id)
        if action:
            query = query.where(
                c.action.startswith(action, autoescape=True)
                if action.endswith(".")
                else c.action == action
            )
        if since is not None:
            query = query.where(c.created_at >= since)
        if until is not None:
            query = query.where(c.created_at < until)
        rows = await self.conn.execute(
            query.order_by(c.created_at.desc(), c.id.desc()).limit(limit)
        )
        return [to_model(AuditEntry, r) for r in rows]

    async def count(self, workspace_id: str) -> int:
        query = (
            sa.select(sa.func.count())
            .select_from(t.audit_log)
            .where(t.audit_log.c.workspace_id == workspace_id)
        )
        return int((await self.conn.execute(query)).scalar_one())
