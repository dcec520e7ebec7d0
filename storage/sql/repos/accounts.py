"""Linked accounts: reads (one for creating an action: the account, its rules and limits),
their daily limits, the locks and conditional moves of their status, and the syncer's lease.

Their synced fans are in repos/synced/fans.py and the hosted links that create them in repos/linking.py.
"""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any, Unpack

import sqlalchemy as sa

from service.accounts.model import Account
from service.accounts.repository import AccountChanges, ForCreate
from storage.sql import tables as t
from storage.sql.driver.connection import Ahead, Connection
from storage.sql.driver.rows import to_model, to_row
from storage.sql.driver.statements import prebuilt

# Hot-path statements are built once: building a Select costs ~100x its cached execution.
_ACCOUNT = prebuilt(
    t.accounts.select().where(
        t.accounts.c.workspace_id == sa.bindparam("ws"), t.accounts.c.id == sa.bindparam("id")
    )
)
# SQLite renders no locking clause: its unit of work already holds the database's write lock.
_LOCKED = prebuilt(
    t.accounts.select()
    .where(t.accounts.c.workspace_id == sa.bindparam("ws"), t.accounts.c.id == sa.bindparam("id"))
    .with_for_update()
)
_ACCOUNT_AND_DEFAULT_RULES = prebuilt(
    sa.select(t.accounts, t.workspaces.c.policy.label("default_rules"))
    .join(t.workspaces, t.workspaces.c.id == t.accounts.c.workspace_id)
    .where(t.accounts.c.workspace_id == sa.bindparam("ws"), t.accounts.c.id == sa.bindparam("id"))
)
_pl = t.policy_limits.alias("own_limits")
_dl = t.policy_limits.alias("default_limits")


def with_rules_and_limits(
    source: sa.FromClause,
) -> tuple[sa.FromClause, list[sa.ColumnElement[Any]]]:
    """What a creation reads beside the account, joined onto `source` (which holds `accounts`):
    the workspace's default rules and both sets of daily limits, NULLs where there are none.
    The rules are a lookup by the workspace's key, which SQLite seeks however few the
    workspaces (a join it may scan)."""
    accounts = t.accounts.c
    joined = source.outerjoin(
        _pl, sa.and_(_pl.c.workspace_id == accounts.workspace_id, _pl.c.account_id == accounts.id)
    ).outerjoin(_dl, sa.and_(_dl.c.workspace_id == accounts.workspace_id, _dl.c.account_id == ""))
    default_rules = (
        sa.select(t.workspaces.c.policy)
        .where(t.workspaces.c.id == accounts.workspace_id)
        .scalar_subquery()
    )
    return joined, [
        default_rules.label("default_rules"),
        _pl.c.limits.label("own_limits"),
        _dl.c.limits.label("default_limits"),
    ]


_for_create_from, _for_create_columns = with_rules_and_limits(t.accounts)
_FOR_CREATE = prebuilt(  # one read: the account, the default rules and both sets of limits
    sa.select(t.accounts, *_for_create_columns)
    .select_from(_for_create_from)
    .where(t.accounts.c.workspace_id == sa.bindparam("ws"), t.accounts.c.id == sa.bindparam("id"))
)
_LIMITS = prebuilt(
    t.policy_limits.select().where(
        t.policy_limits.c.workspace_id == sa.bindparam("ws"),
        t.policy_limits.c.account_id == sa.bindparam("account"),
    )
)


class SqlAccounts:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def add(self, account: Account) -> None:
        await self.conn.execute(t.accounts.insert().values(to_row(account)))

    async def get(self, workspace_id: str, account_id: str) -> Account | None:
        row = (await self.conn.execute(_ACCOUNT, {"ws": workspace_id, "id": account_id})).first()
        return to_model(Account, row) if row else None

    async def get_with_default_rules(
        self, workspace_id: str, account_id: str
    ) -> tuple[Account, Sequence[dict[str, Any]] | None] | None:
        query = _ACCOUNT_AND_DEFAULT_RULES
        row = (await self.conn.execute(query, {"ws": workspace_id, "id": account_id})).first()
        return (to_model(Account, row), row.default_rules) if row else None

    async def get_for_create(self, workspace_id: str, account_id: str) -> ForCreate | None:
        row = self.conn.take_ahead("accounts_for_create", workspace_id, account_id)
        if row is Ahead.NOT_READ:
            values = {"ws": workspace_id, "id": account_id}
            row = (await self.conn.execute(_FOR_CREATE, values)).first()
        if row is None:
            return None
        return ForCreate(
            to_model(Account, row), row.default_rules, row.own_limits, row.default_limits
        )

    async def limits(self, workspace_id: str, account_id: str) -> list[dict[str, Any]] | None:
        row = (
            await self.conn.execute(_LIMITS, {"ws": workspace_id, "account": account_id})
        ).first()
        return list(row.limits) if row else None

    async def set_limits(
        self, workspace_id: str, account_id: str, limits: Sequence[dict[str, Any]] | None
    ) -> None:
        pl = t.policy_limits
        where = sa.and_(pl.c.workspace_id == workspace_id, pl.c.account_id == account_id)
        await self.conn.execute(pl.delete().where(where))
        if limits is not None:
            values = {
                "workspace_id": workspace_id,
                "account_id": account_id,
                "limits": list(limits),
            }
            await self.conn.execute(pl.insert().values(values))

    async def lock(self, workspace_id: str, account_id: str) -> Account | None:
        row = (await self.conn.execute(_LOCKED, {"ws": workspace_id, "id": account_id})).first()
        return to_model(Account, row) if row else None

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str | None = None,
        only: Sequence[str] | None = None,
        after: str | None = None,
        limit: int = 100,
    ) -> list[Account]:
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

    async def list_all(self, *, statuses: Sequence[str] | None = None) -> builtins.list[Account]:
        """Every workspace's accounts, for the syncer."""
        query = t.accounts.select()
        if statuses is not None:
            query = query.where(t.accounts.c.status.in_(list(statuses)))
        return [to_model(Account, r) for r in await self.conn.execute(query)]

    async def set_writes_everywhere(
        self, workspace_id: str, enabled: bool
    ) -> builtins.list[Account]:
        rows = await self.conn.execute(
            t.accounts.update()
            .where(t.accounts.c.workspace_id == workspace_id)
            .values(writes_enabled=enabled)
            .returning(*t.accounts.c)
        )
        return [to_model(Account, r) for r in rows]

    async def due_for_sync(
        self, now: dt.datetime, *, statuses: Sequence[str]
    ) -> builtins.list[tuple[str, str]]:
        """(workspace id, account id) of live accounts with a session whose lease is free."""
        c = t.accounts.c
        rows = await self.conn.execute(
            sa.select(c.workspace_id, c.id)
            .where(
                c.mode == "live",
                c.session_secret.is_not(None),
                c.status.in_(list(statuses)),
                sa.or_(c.sync_lease_until.is_(None), c.sync_lease_until <= now),
            )
            .order_by(c.sync_lease_until.is_not(None), c.sync_lease_until, c.workspace_id, c.id)
        )
        return [(row.workspace_id, row.id) for row in rows]

    async def claim_sync(
        self,
        workspace_id: str,
        account_id: str,
        *,
        worker: str,
        now: dt.datetime,
        until: dt.datetime,
        statuses: Sequence[str],
    ) -> Account | None:
        """Take the account's sync lease until `until` (its next due time) if it is free or
        expired; None when another worker holds it. One statement, so one claimant wins."""
        c = t.accounts.c
        rows = await self.conn.execute(
            t.accounts.update()
            .where(
                c.workspace_id == workspace_id,
                c.id == account_id,
                c.status.in_(list(statuses)),
                sa.or_(c.sync_lease_until.is_(None), c.sync_lease_until <= now),
            )
            .values(sync_claimed_by=worker, sync_lease_until=until)
            .returning(*t.accounts.c)
        )
        row = rows.first()
        return to_model(Account, row) if row else None

    async def move(
        self,
        workspace_id: str,
        account_id: str,
        *,
        from_status: str,
        from_session: bytes | None,
        **values: Unpack[AccountChanges],
    ) -> Account | None:
        """Write `values` only while the account is still in `from_status` with the platform
        session `from_session` the caller started from; None when either moved on meanwhile
        (a relink sealed a new session, or another writer changed the status)."""
        c = t.accounts.c
        rows = await self.conn.execute(
            t.accounts.update()
            .where(
                c.workspace_id == workspace_id,
                c.id == account_id,
                c.status == from_status,
                c.session_secret.is_not_distinct_from(from_session),
            )
            .values(**values)
            .returning(*t.accounts.c)
        )
        row = rows.first()
        return to_model(Account, row) if row else None

    async def update(
        self, workspace_id: str, account_id: str, **values: Unpack[AccountChanges]
    ) -> Account | None:
        rows = await self.conn.execute(
            t.accounts.update()
            .where(
                t.accounts.c.workspace_id == workspace_id,
                t.accounts.c.id == account_id,
            )
            .values(**values)
            .returning(*t.accounts.c)
        )
        row = rows.first()
        return to_model(Account, row) if row else None
