"""Mail preferences and the mail outbox. Mails are claimed and finished with conditional writes
(a lease per worker), like deliveries: two mailers never send one mail twice."""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa

from service.mail.models import Mail, MailAttempt, MailPreference
from service.mail.statuses import ATTEMPTED, Trigger, dest, source
from storage.sql import tables as t
from storage.sql.driver.connection import Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

p = t.mail_preferences.c
m = t.mails.c

_NOW = sa.bindparam("now", type_=m.next_attempt_at.type)
_CLAIMABLE = sa.and_(
    m.status == source(*ATTEMPTED),  # a lease is taken only to make an attempt
    m.next_attempt_at <= _NOW,
    sa.or_(m.claimed_until.is_(None), m.claimed_until < _NOW),
)
_DUE = prebuilt(
    sa.select(m.id)
    .where(_CLAIMABLE)
    .order_by(m.next_attempt_at, m.id)
    .limit(sa.bindparam("limit", type_=sa.Integer))
)
_CLAIM_MANY = prebuilt(
    t.mails.update()
    .where(m.id.in_(sa.bindparam("ids", expanding=True, type_=m.id.type)), _CLAIMABLE)
    .values(
        claimed_by=sa.bindparam("worker", type_=m.claimed_by.type),
        claimed_until=sa.bindparam("until", type_=m.claimed_until.type),
    )
    .returning(*t.mails.c)
)
_FINISH = prebuilt(  # only the lease holder records an outcome
    t.mails.update()
    .where(m.id == sa.bindparam("mail"), m.claimed_by == sa.bindparam("worker"))
    .where(m.status == source(*ATTEMPTED))
    .values(
        claimed_by=None,
        claimed_until=None,
        status=sa.bindparam("new_status", type_=m.status.type),
        attempts=sa.bindparam("new_attempts", type_=m.attempts.type),
        next_attempt_at=sa.bindparam("new_next", type_=m.next_attempt_at.type),
        sent_at=sa.bindparam("new_sent_at", type_=m.sent_at.type),
        last_error=sa.bindparam("new_error", type_=m.last_error.type),
    )
    .returning(*t.mails.c)
)
_HELD_DUE = prebuilt(
    sa.select(m.workspace_id, m.user_id)
    .where(m.status == source(Trigger.FOLD), m.next_attempt_at <= _NOW)
    .group_by(m.workspace_id, m.user_id)
    .limit(sa.bindparam("limit", type_=sa.Integer))
)
_FOLD = prebuilt(  # conditional: what another mailer folded meanwhile is not returned
    t.mails.update()
    .where(
        m.workspace_id == sa.bindparam("ws"),
        m.user_id == sa.bindparam("user"),
        m.status == source(Trigger.FOLD),
    )
    .values(status=dest(Trigger.FOLD))
    .returning(*t.mails.c)
)


class SqlMailPreferences:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def get(self, workspace_id: str, user_id: str) -> MailPreference | None:
        row = (
            await self.conn.execute(
                t.mail_preferences.select().where(
                    p.workspace_id == workspace_id, p.user_id == user_id
                )
            )
        ).first()
        return to_model(MailPreference, row) if row else None

    async def of_workspace(self, workspace_id: str) -> dict[str, MailPreference]:
        rows = await self.conn.execute(
            t.mail_preferences.select().where(p.workspace_id == workspace_id)
        )
        return {r.user_id: to_model(MailPreference, r) for r in rows}

    async def save(self, preference: MailPreference) -> None:
        await self.conn.execute(
            t.mail_preferences.delete().where(
                p.workspace_id == preference.workspace_id, p.user_id == preference.user_id
            )
        )
        await self.conn.execute(t.mail_preferences.insert().values(**to_row(preference)))


class SqlMails:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, mail: Mail) -> None:
        await self.conn.execute(t.mails.insert().values(**to_row(mail)))

    async def due(self, now: dt.datetime, limit: int) -> builtins.list[str]:
        rows = await self.conn.execute(_DUE, {"now": now, "limit": limit})
        return [r.id for r in rows]

    async def claim_many(
        self, mail_ids: Sequence[str], worker: str, now: dt.datetime, until: dt.datetime
    ) -> builtins.list[Mail]:
        if not mail_ids:
            return []
        rows = await self.conn.execute(
            _CLAIM_MANY, {"ids": list(mail_ids), "worker": worker, "now": now, "until": until}
        )
        return [to_model(Mail, r) for r in rows]

    async def finish(
        self,
        mail_id: str,
        worker: str,
        *,
        status: str,
        attempts: int,
        next_attempt_at: dt.datetime,
        sent_at: dt.datetime | None = None,
        error: str | None = None,
    ) -> Mail | None:
        row = (
            await self.conn.execute(
                _FINISH,
                {
                    "mail": mail_id,
                    "worker": worker,
                    "new_status": status,
                    "new_attempts": attempts,
                    "new_next": next_attempt_at,
                    "new_sent_at": sent_at,
                    "new_error": error[:500] if error else None,
                },
            )
        ).first()
        return to_model(Mail, row) if row else None

    async def add_attempt(self, attempt: MailAttempt) -> None:
        await self.conn.execute(t.mail_attempts.insert().values(**to_row(attempt)))

    async def held_due(self, now: dt.datetime, limit: int = 100) -> builtins.list[tuple[str, str]]:
        rows = await self.conn.execute(_HELD_DUE, {"now": now, "limit": limit})
        return [(r.workspace_id, r.user_id) for r in rows]

    async def fold_held(self, workspace_id: str, user_id: str) -> builtins.list[Mail]:
        rows = await self.conn.execute(_FOLD, {"ws": workspace_id, "user": user_id})
        return [to_model(Mail, r) for r in rows]

    async def list(self, workspace_id: str | None = None, limit: int = 200) -> builtins.list[Mail]:
        query = t.mails.select().order_by(m.created_at.desc(), m.id.desc()).limit(limit)
        if workspace_id is not None:
            query = query.where(m.workspace_id == workspace_id)
        return [to_model(Mail, r) for r in await self.conn.execute(query)]

    async def attempts(self, mail_id: str) -> builtins.list[MailAttempt]:
        a = t.mail_attempts.c
        rows = await self.conn.execute(
            t.mail_attempts.select().where(a.mail_id == mail_id).order_by(a.attempt)
        )
        return [to_model(MailAttempt, r) for r in rows]
