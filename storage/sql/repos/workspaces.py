"""Workspaces, the people in them, their dashboard sessions and their invitations."""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from service.workspaces.model import Invite, Member, Session, User, Workspace
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

# On the create path (the workspace's default approval rules): built once, not per call.
_WORKSPACE = prebuilt(t.workspaces.select().where(t.workspaces.c.id == sa.bindparam("id")))


class SqlWorkspaces:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, workspace: Workspace) -> None:
        await self.conn.execute(t.workspaces.insert().values(to_row(workspace)))

    async def get(self, workspace_id: str) -> Workspace | None:
        row = (await self.conn.execute(_WORKSPACE, {"id": workspace_id})).first()
        return to_model(Workspace, row) if row else None

    async def list(self) -> list[Workspace]:
        rows = await self.conn.execute(t.workspaces.select().order_by(t.workspaces.c.created_at))
        return [to_model(Workspace, r) for r in rows]

    async def lock(self, workspace_id: str) -> None:
        await self.conn.execute(
            sa.select(t.workspaces.c.id).where(t.workspaces.c.id == workspace_id).with_for_update()
        )

    async def set_policy(self, workspace_id: str, policy: Any) -> None:
        await self.conn.execute(
            t.workspaces.update()
            .where(t.workspaces.c.id == workspace_id)
            .values(policy=list(policy) if policy is not None else None)
        )


class SqlUsers:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, user: User) -> None:
        await self.conn.execute(t.users.insert().values(to_row(user)))

    async def get(self, user_id: str) -> User | None:
        row = (await self.conn.execute(t.users.select().where(t.users.c.id == user_id))).first()
        return to_model(User, row) if row else None

    async def get_by_email(self, email: str) -> User | None:
        query = t.users.select().where(sa.func.lower(t.users.c.email) == email.lower())
        row = (await self.conn.execute(query)).first()
        return to_model(User, row) if row else None

    async def set_password_hash(self, user_id: str, password_hash: str) -> None:
        await self.conn.execute(
            t.users.update().where(t.users.c.id == user_id).values(password_hash=password_hash)
        )


class SqlMembers:
    """A unit's members. A workspace's list is read once per unit and kept until this unit
    writes a member: the dispatcher asks whom to tell for every new action of a batch (the
    routing record, then the mails), all in one transaction."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._lists: dict[str, builtins.list[Member]] = {}

    def _select(self) -> sa.Select[Any]:
        return sa.select(t.members, t.users.c.email, t.users.c.name).join(
            t.users, t.users.c.id == t.members.c.user_id
        )

    async def add(self, member: Member) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.insert().values(
                workspace_id=member.workspace_id,
                user_id=member.user_id,
                role=member.role,
                account_ids=None if member.account_ids is None else list(member.account_ids),
                shift=member.shift,
                schedule=member.schedule,
            )
        )

    async def assign(
        self, workspace_id: str, user_id: str, account_ids: Sequence[str] | None
    ) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.update()
            .where(t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id)
            .values(account_ids=None if account_ids is None else builtins.list(account_ids))
        )

    async def set_shift(
        self, workspace_id: str, user_id: str, shift: str, schedule: dict[str, Any] | None
    ) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.update()
            .where(t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id)
            .values(shift=shift, schedule=schedule)
        )

    async def get(self, workspace_id: str, user_id: str) -> Member | None:
        query = self._select().where(
            t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id
        )
        row = (await self.conn.execute(query)).first()
        return to_model(Member, row) if row else None

    async def list(self, workspace_id: str) -> list[Member]:
        if workspace_id not in self._lists:
            query = (
                self._select()
                .where(t.members.c.workspace_id == workspace_id)
                .order_by(t.users.c.email)
            )
            self._lists[workspace_id] = [
                to_model(Member, r) for r in await self.conn.execute(query)
            ]
        return list(self._lists[workspace_id])

    async def workspaces_of(self, user_id: str) -> builtins.list[Member]:
        query = self._select().where(t.members.c.user_id == user_id)
        return [to_model(Member, r) for r in await self.conn.execute(query)]

    async def set_role(self, workspace_id: str, user_id: str, role: str) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.update()
            .where(
                t.members.c.workspace_id == workspace_id,
                t.members.c.user_id == user_id,
            )
            .values(role=role)
        )

    async def remove(self, workspace_id: str, user_id: str) -> None:
        self._lists.clear()
        await self.conn.execute(
            t.members.delete().where(
                t.members.c.workspace_id == workspace_id, t.members.c.user_id == user_id
            )
        )

    async def count_owners(self, workspace_id: str) -> int:
        query = (
            sa.select(sa.func.count())
            .select_from(t.members)
            .where(t.members.c.workspace_id == workspace_id, t.members.c.role == "owner")
        )
        return int((await self.conn.execute(query)).scalar_one())


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
