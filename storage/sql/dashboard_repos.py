"""Sessions, invitations and the audit log of the dashboard."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from service.domain.audit_entry import AuditEntry
from service.workspaces.model import Invite, Session
from storage.sql import tables as t
from storage.sql.connection import Connection
from storage.sql.rows import to_model, to_row
from storage.sql.statements import prebuilt

_INSERT_AUDIT = prebuilt(
    t.audit_log.insert()
)  # the columns come from the values bound at execution


class SqlSessions:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, session: Session) -> None:
        await self.conn.execute(t.sessions.insert().values(to_row(session)))

    async def get(self, session_id: str) -> Session | None:
        row = (
            await self.conn.execute(t.sessions.select().where(t.sessions.c.id == session_id))
        ).first()
        return to_model(Session, row) if row else None

    async def end(self, session_id: str, at: dt.datetime) -> None:
        await self.conn.execute(
            t.sessions.update()
            .where(t.sessions.c.id == session_id, t.sessions.c.ended_at.is_(None))
            .values(ended_at=at)
        )

    async def switch(self, session_id: str, workspace_id: str) -> None:
        await self.conn.execute(
            t.sessions.update()
            .where(t.sessions.c.id == session_id)
            .values(workspace_id=workspace_id)
        )

    async def end_everywhere(self, user_id: str, at: dt.datetime) -> int:
        """A new password ends every session of the person, in every workspace."""
        done = await self.conn.execute(
            t.sessions.update()
            .where(t.sessions.c.user_id == user_id, t.sessions.c.ended_at.is_(None))
            .values(ended_at=at)
        )
        return int(done.rowcount)

    async def end_for_user(self, user_id: str, workspace_id: str, at: dt.datetime) -> None:
        """Removing a member ends their sessions that point at that workspace."""
        await self.conn.execute(
            t.sessions.update()
            .where(
                t.sessions.c.user_id == user_id,
                t.sessions.c.workspace_id == workspace_id,
                t.sessions.c.ended_at.is_(None),
            )
            .values(ended_at=at)
        )


class SqlInvites:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, invite: Invite) -> None:
        await self.conn.execute(t.invites.insert().values(to_row(invite)))

    async def get_by_token_hash(self, token_hash: str) -> Invite | None:
        row = (
            await self.conn.execute(t.invites.select().where(t.invites.c.token_hash == token_hash))
        ).first()
        return to_model(Invite, row) if row else None

    async def pending(self, workspace_id: str, now: dt.datetime) -> list[Invite]:
        rows = await self.conn.execute(
            t.invites.select()
            .where(
                t.invites.c.workspace_id == workspace_id,
                t.invites.c.accepted_at.is_(None),
                t.invites.c.expires_at > now,
            )
            .order_by(t.invites.c.created_at.desc())
        )
        return [to_model(Invite, r) for r in rows]

    async def accept(self, invite_id: str, at: dt.datetime) -> Invite | None:
        """One winner: an invitation is used once."""
        row = (
            await self.conn.execute(
                t.invites.update()
                .where(
                    t.invites.c.id == invite_id,
                    t.invites.c.accepted_at.is_(None),
                    t.invites.c.expires_at > at,
                )
                .values(accepted_at=at)
                .returning(*t.invites.c)
            )
        ).first()
        return to_model(Invite, row) if row else None


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
