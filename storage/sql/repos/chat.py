"""Approvals in chat: connections, linked chat users, one-time codes and the chat outbox.
Messages are claimed and finished with conditional writes (a lease per poster), like mails and
deliveries: two posters never post one message twice."""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa

from service.chat.models import (
    ACTION_MESSAGE,
    DONE,
    FAILED,
    QUEUED,
    ChatCode,
    ChatConnection,
    ChatMessage,
    ChatUser,
)
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

c = t.chat_connections.c
u = t.chat_users.c
k = t.chat_codes.c
m = t.chat_messages.c

_NOW = sa.bindparam("now", type_=m.next_attempt_at.type)
_CLAIMABLE = sa.and_(
    m.status == QUEUED,
    m.next_attempt_at <= _NOW,
    sa.or_(m.claimed_until.is_(None), m.claimed_until < _NOW),
)
_DUE_ANY = (
    sa.select(m.id, m.workspace_id)
    .where(_CLAIMABLE)
    .order_by(m.next_attempt_at, m.id)
    .limit(sa.bindparam("limit", type_=sa.Integer))
)
_DUE = prebuilt(_DUE_ANY)
_DUE_EXCLUDING = prebuilt(  # a workspace at its bound leaves room for the others' messages
    _DUE_ANY.where(
        m.workspace_id.not_in(sa.bindparam("busy", expanding=True, type_=m.workspace_id.type))
    )
)
_CLAIM_MANY = prebuilt(
    t.chat_messages.update()
    .where(m.id.in_(sa.bindparam("ids", expanding=True, type_=m.id.type)), _CLAIMABLE)
    .values(
        claimed_by=sa.bindparam("worker", type_=m.claimed_by.type),
        claimed_until=sa.bindparam("until", type_=m.claimed_until.type),
    )
    .returning(*t.chat_messages.c)
)
_SENT = sa.bindparam("new_sent", type_=sa.Integer)
_FINISH = prebuilt(  # only the lease holder records an outcome
    t.chat_messages.update()
    .where(m.id == sa.bindparam("message"), m.claimed_by == sa.bindparam("worker"))
    .values(
        claimed_by=None,
        claimed_until=None,
        sent=_SENT,
        ref=sa.func.coalesce(m.ref, sa.bindparam("new_ref", type_=m.ref.type)),
        # A bump that landed while this one was sent keeps the message queued.
        status=sa.case(
            (sa.bindparam("new_failed", type_=sa.Boolean), FAILED),
            (m.wanted > _SENT, QUEUED),
            else_=DONE,
        ),
        attempts=0,
        next_attempt_at=sa.bindparam("now2", type_=m.next_attempt_at.type),
        posted_at=sa.func.coalesce(m.posted_at, sa.bindparam("new_posted", type_=m.posted_at.type)),
        last_error=sa.bindparam("new_error", type_=m.last_error.type),
    )
    .returning(m.id)
)
_RETRY = prebuilt(
    t.chat_messages.update()
    .where(m.id == sa.bindparam("message"), m.claimed_by == sa.bindparam("worker"))
    .values(
        claimed_by=None,
        claimed_until=None,
        attempts=m.attempts + 1,
        next_attempt_at=sa.bindparam("at", type_=m.next_attempt_at.type),
        last_error=sa.bindparam("new_error", type_=m.last_error.type),
    )
    .returning(m.id)
)
_BUMP = prebuilt(  # a message never posted for good has nothing to update; notes are told once
    t.chat_messages.update()
    .where(
        m.action_id == sa.bindparam("action"),
        m.status != FAILED,
        m.id.like(ACTION_MESSAGE + "%"),
    )
    .values(wanted=m.wanted + 1, status=QUEUED)
    .returning(m.id)
)


_PRUNE_MESSAGES = prebuilt(
    t.chat_messages.delete().where(
        m.id.in_(
            sa.select(m.id)
            .where(
                m.status.in_([DONE, FAILED]),
                m.next_attempt_at < sa.bindparam("before", type_=m.next_attempt_at.type),
            )
            .limit(sa.bindparam("limit", type_=sa.Integer))
            .scalar_subquery()
        )
    )
)
_PRUNE_CODES = prebuilt(
    t.chat_codes.delete().where(
        k.code_hash.in_(
            sa.select(k.code_hash)
            .where(k.expires_at < sa.bindparam("before", type_=k.expires_at.type))
            .limit(sa.bindparam("limit", type_=sa.Integer))
            .scalar_subquery()
        )
    )
)


class SqlChatConnections:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def save(self, connection: ChatConnection) -> None:
        await self.conn.execute(
            t.chat_connections.delete().where(
                c.workspace_id == connection.workspace_id, c.provider == connection.provider
            )
        )
        await self.conn.execute(t.chat_connections.insert().values(**to_row(connection)))

    async def get(self, workspace_id: str, provider: str) -> ChatConnection | None:
        row = (
            await self.conn.execute(
                t.chat_connections.select().where(
                    c.workspace_id == workspace_id, c.provider == provider
                )
            )
        ).first()
        return to_model(ChatConnection, row) if row else None

    async def of_workspace(self, workspace_id: str) -> builtins.list[ChatConnection]:
        rows = await self.conn.execute(
            t.chat_connections.select().where(c.workspace_id == workspace_id).order_by(c.provider)
        )
        return [to_model(ChatConnection, r) for r in rows]

    async def by_team(self, team_id: str) -> ChatConnection | None:
        row = (
            await self.conn.execute(
                t.chat_connections.select().where(c.team_id == team_id, c.provider == "slack")
            )
        ).first()
        return to_model(ChatConnection, row) if row else None

    async def by_channel(self, provider: str, channel: str) -> ChatConnection | None:
        row = (
            await self.conn.execute(
                t.chat_connections.select().where(c.provider == provider, c.channel == channel)
            )
        ).first()
        return to_model(ChatConnection, row) if row else None

    async def remove(self, workspace_id: str, provider: str) -> None:
        await self.conn.execute(
            t.chat_connections.delete().where(
                c.workspace_id == workspace_id, c.provider == provider
            )
        )


class SqlChatUsers:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def link(self, chat_user: ChatUser) -> None:
        await self.unlink(chat_user.workspace_id, chat_user.provider, chat_user.chat_user_id)
        await self.conn.execute(t.chat_users.insert().values(**to_row(chat_user)))

    async def get(self, workspace_id: str, provider: str, chat_user_id: str) -> ChatUser | None:
        row = (
            await self.conn.execute(
                t.chat_users.select().where(
                    u.workspace_id == workspace_id,
                    u.provider == provider,
                    u.chat_user_id == chat_user_id,
                )
            )
        ).first()
        return to_model(ChatUser, row) if row else None

    async def of_workspace(self, workspace_id: str) -> builtins.list[ChatUser]:
        rows = await self.conn.execute(
            t.chat_users.select()
            .where(u.workspace_id == workspace_id)
            .order_by(u.provider, u.chat_user_id)
        )
        return [to_model(ChatUser, r) for r in rows]

    async def unlink(self, workspace_id: str, provider: str, chat_user_id: str) -> None:
        await self.conn.execute(
            t.chat_users.delete().where(
                u.workspace_id == workspace_id,
                u.provider == provider,
                u.chat_user_id == chat_user_id,
            )
        )


class SqlChatCodes:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, code: ChatCode) -> None:
        await self.conn.execute(t.chat_codes.insert().values(**to_row(code)))

    async def spend(self, code_hash: str, kind: str, now: dt.datetime) -> ChatCode | None:
        row = (
            await self.conn.execute(
                t.chat_codes.update()
                .where(
                    k.code_hash == code_hash,
                    k.kind == kind,
                    k.used_at.is_(None),
                    k.expires_at > now,
                )
                .values(used_at=now)
                .returning(*t.chat_codes.c)
            )
        ).first()
        return to_model(ChatCode, row) if row else None

    async def peek(self, code_hash: str, kind: str, now: dt.datetime) -> ChatCode | None:
        row = (
            await self.conn.execute(
                t.chat_codes.select().where(
                    k.code_hash == code_hash,
                    k.kind == kind,
                    k.used_at.is_(None),
                    k.expires_at > now,
                )
            )
        ).first()
        return to_model(ChatCode, row) if row else None

    async def prune(self, before: dt.datetime, limit: int) -> int:
        return (await self.conn.execute(_PRUNE_CODES, {"before": before, "limit": limit})).rowcount


class SqlChatMessages:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, message: ChatMessage) -> None:
        await self.conn.execute(t.chat_messages.insert().values(**to_row(message)))

    async def bump(self, action_id: str) -> int:
        return len((await self.conn.execute(_BUMP, {"action": action_id})).rows)

    async def due(
        self, now: dt.datetime, limit: int, *, exclude_workspaces: Sequence[str] = ()
    ) -> builtins.list[tuple[str, str]]:
        query = _DUE_EXCLUDING if exclude_workspaces else _DUE
        values = {"now": now, "limit": limit, "busy": list(exclude_workspaces)}
        rows = await self.conn.execute(query, values)
        return [(r.id, r.workspace_id) for r in rows]

    async def claim_many(
        self, ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> builtins.list[ChatMessage]:
        if not ids:
            return []
        rows = await self.conn.execute(
            _CLAIM_MANY, {"ids": list(ids), "worker": worker, "now": now, "until": until}
        )
        return [to_model(ChatMessage, r) for r in rows]

    async def finish(
        self,
        message_id: str,
        worker: str,
        *,
        sent: int,
        ref: str | None,
        now: dt.datetime,
        failed: bool = False,
        error: str | None = None,
    ) -> bool:
        result = await self.conn.execute(
            _FINISH,
            {
                "message": message_id,
                "worker": worker,
                "new_sent": sent,
                "new_ref": ref,
                "new_failed": failed,
                "now2": now,
                "new_posted": now if ref is not None else None,
                "new_error": error[:500] if error else None,
            },
        )
        return result.first() is not None

    async def retry(self, message_id: str, worker: str, *, at: dt.datetime, error: str) -> bool:
        result = await self.conn.execute(
            _RETRY, {"message": message_id, "worker": worker, "at": at, "new_error": error[:500]}
        )
        return result.first() is not None

    async def of_action(self, action_id: str) -> builtins.list[ChatMessage]:
        rows = await self.conn.execute(
            t.chat_messages.select().where(m.action_id == action_id).order_by(m.provider)
        )
        return [to_model(ChatMessage, r) for r in rows]

    async def prune(self, before: dt.datetime, limit: int) -> int:
        values = {"before": before, "limit": limit}
        return (await self.conn.execute(_PRUNE_MESSAGES, values)).rowcount
