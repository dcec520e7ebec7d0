"""The SQL driver of the Store: one engine, units of work bound to one connection each."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import sqlalchemy.exc
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage import base
from storage.base import StorageBusy, StorageUnavailable, Store, UnitOfWork
from storage.sql import wakeups
from storage.sql.account_repos import SqlAccounts, SqlFans, SqlLinks
from storage.sql.action_repos import SqlActions, SqlEvents
from storage.sql.dashboard_repos import SqlAuditLog, SqlInvites, SqlSessions
from storage.sql.engine import make_engine
from storage.sql.revenue_repos import SqlTransactions
from storage.sql.webhook_repos import SqlDeliveries, SqlWebhookEndpoints
from storage.sql.workspace_repos import SqlApiKeys, SqlMembers, SqlUsers, SqlWorkspaces


class SqlUnitOfWork:
    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn
        # Typed as the protocols: mypy proves each repository satisfies its contract.
        self.workspaces: base.Workspaces = SqlWorkspaces(conn)
        self.users: base.Users = SqlUsers(conn)
        self.members: base.Members = SqlMembers(conn)
        self.keys: base.ApiKeys = SqlApiKeys(conn)
        self.accounts: base.Accounts = SqlAccounts(conn)
        self.fans: base.Fans = SqlFans(conn)
        self.links: base.Links = SqlLinks(conn)
        self.actions: base.Actions = SqlActions(conn)
        self.events: base.Events = SqlEvents(conn)
        self.transactions: base.Transactions = SqlTransactions(conn)
        self.webhooks: base.WebhookEndpoints = SqlWebhookEndpoints(conn)
        self.deliveries: base.Deliveries = SqlDeliveries(conn)
        self.sessions: base.Sessions = SqlSessions(conn)
        self.invites: base.Invites = SqlInvites(conn)
        self.audit: base.AuditLog = SqlAuditLog(conn)

    async def notify(self, channel: str) -> None:
        """Wake listeners in other processes once this unit commits."""
        await wakeups.notify(self.conn, channel)


class SqlStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name

    @classmethod
    def from_url(cls, url: str, **pool: Any) -> SqlStore:
        return cls(make_engine(url, **pool))

    @asynccontextmanager
    async def _checkout(self) -> AsyncIterator[AsyncConnection]:
        conn = self.engine.connect()
        try:
            await conn.start()
        except sqlalchemy.exc.TimeoutError as exc:
            raise StorageBusy("every database connection is in use") from exc
        except (sqlalchemy.exc.DBAPIError, OSError) as exc:
            raise StorageUnavailable("the database is not answering") from exc
        try:
            yield conn
        finally:
            await conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlUnitOfWork]:
        """Commits when the block finishes, rolls back when it raises."""
        async with self._checkout() as conn, conn.begin():
            yield SqlUnitOfWork(conn)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[SqlUnitOfWork]:
        """A read-only unit: on SQLite a deferred BEGIN, so readers never queue behind writers."""
        async with self._checkout() as conn:
            conn = await conn.execution_options(sqlite_begin="DEFERRED")
            async with conn.begin():
                yield SqlUnitOfWork(conn)

    def listen(
        self, channel: str, callback: Callable[[], None]
    ) -> AbstractAsyncContextManager[None]:
        return wakeups.listen(self.engine, channel, callback)

    async def close(self) -> None:
        await self.engine.dispose()


def as_store(store: SqlStore) -> Store:
    """Typed as the protocol: mypy proves here that SqlStore (and its units of work and
    repositories) satisfy storage.base's protocols."""
    return store


def as_unit_of_work(uow: SqlUnitOfWork) -> UnitOfWork:
    """The same proof for the unit of work and each repository."""
    return uow
