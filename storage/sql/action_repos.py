"""Actions and the event outbox. Every status change is one conditional UPDATE … RETURNING."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from service.domain.models import Action, Event
from storage.base import DuplicateError
from storage.sql import tables as t
from storage.sql.rows import to_model, to_row

c = t.actions.c


class SqlActions:
    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn

    async def add(self, action: Action) -> None:
        # A savepoint keeps the outer transaction usable after a duplicate on PostgreSQL.
        try:
            async with self.conn.begin_nested():
                await self.conn.execute(t.actions.insert().values(to_row(action)))
        except IntegrityError as exc:
            raise DuplicateError(str(exc.orig)) from exc

    async def get(self, workspace_id: str, action_id: str) -> Action | None:
        row = (await self.conn.execute(t.actions.select().where(
            c.workspace_id == workspace_id, c.id == action_id))).first()
        return to_model(Action, row) if row else None

    async def get_by_id(self, action_id: str) -> Action | None:
        row = (await self.conn.execute(t.actions.select().where(c.id == action_id))).first()
        return to_model(Action, row) if row else None

    async def get_by_idempotency_key(self, workspace_id: str, key: str) -> Action | None:
        row = (await self.conn.execute(t.actions.select().where(
            c.workspace_id == workspace_id, c.idempotency_key == key))).first()
        return to_model(Action, row) if row else None

    async def list(self, workspace_id: str, *, mode: str, status: str | None = None,
                   account_id: str | None = None, only_accounts: Sequence[str] | None = None,
                   before: tuple[dt.datetime, str] | None = None, limit: int = 25,
                   now: dt.datetime | None = None) -> list[Action]:
        """Newest first, keyset-paginated on (created_at, id). Pending rows past their expiry
        count as expired, so the filter agrees with what each row shows."""
        query = t.actions.select().where(c.workspace_id == workspace_id, c.mode == mode)
        if status == "pending" and now is not None:
            query = query.where(c.status == "pending", c.expires_at > now)
        elif status == "expired" and now is not None:
            query = query.where(sa.or_(
                c.status == "expired", sa.and_(c.status == "pending", c.expires_at <= now)))
        elif status is not None:
            query = query.where(c.status == status)
        if account_id is not None:
            query = query.where(c.account_id == account_id)
        if only_accounts is not None:
            query = query.where(c.account_id.in_(list(only_accounts)))
        if before is not None:
            created_at, action_id = before
            query = query.where(sa.or_(c.created_at < created_at,
                                       sa.and_(c.created_at == created_at, c.id < action_id)))
        query = query.order_by(c.created_at.desc(), c.id.desc()).limit(limit)
        return [to_model(Action, r) for r in await self.conn.execute(query)]

    async def transition(self, action_id: str, from_statuses: Sequence[str], to_status: str,
                         *, not_expired_at: dt.datetime | None = None,
                         **values: Any) -> Action | None:
        query = t.actions.update().where(c.id == action_id, c.status.in_(list(from_statuses)))
        if not_expired_at is not None:
            query = query.where(c.expires_at > not_expired_at)
        rows = await self.conn.execute(
            query.values(status=to_status, **values).returning(*t.actions.c))
        row = rows.first()
        return to_model(Action, row) if row else None

    async def expire_due(self, now: dt.datetime) -> list[str]:
        rows = await self.conn.execute(t.actions.update().where(
            c.status == "pending", c.expires_at <= now).values(status="expired").returning(c.id))
        return [r.id for r in rows]

    async def claimable(self, limit: int) -> list[Action]:
        rows = await self.conn.execute(t.actions.select().where(c.status == "approved").order_by(
            c.decided_at, c.id).limit(limit))
        return [to_model(Action, r) for r in rows]

    async def stuck_executing(self, claimed_before: dt.datetime) -> list[Action]:
        rows = await self.conn.execute(t.actions.select().where(
            c.status == "executing", c.claimed_at < claimed_before))
        return [to_model(Action, r) for r in rows]


class SqlEvents:
    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn

    async def add(self, event: Event) -> None:
        values = to_row(event)
        values.pop("seq")
        await self.conn.execute(t.events.insert().values(values))

    async def list(self, workspace_id: str | None = None, *, after_seq: int = 0,
                   limit: int = 100) -> list[Event]:
        query = t.events.select().where(t.events.c.seq > after_seq)
        if workspace_id is not None:
            query = query.where(t.events.c.workspace_id == workspace_id)
        rows = await self.conn.execute(query.order_by(t.events.c.seq).limit(limit))
        return [to_model(Event, r) for r in rows]
