"""The SQL driver of the Store: one engine, units of work bound to one connection each."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy.exc
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from storage.base import StorageBusy, StorageUnavailable
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
        self.workspaces = SqlWorkspaces(conn)
        self.users = SqlUsers(conn)
        self.members = SqlMembers(conn)
        self.keys = SqlApiKeys(conn)
        self.accounts = SqlAccounts(conn)
        self.fans = SqlFans(conn)
        self.links = SqlLinks(conn)
        self.actions = SqlActions(conn)
        self.events = SqlEvents(conn)
        self.transactions = SqlTransactions(conn)
        self.webhooks = SqlWebhookEndpoints(conn)
        self.deliveries = SqlDeliveries(conn)
        self.sessions, self.invites, self.audit = (SqlSessions(conn), SqlInvites(conn),
                                                   SqlAuditLog(conn))

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

    def listen(self, channel: str, callback):
        return wakeups.listen(self.engine, channel, callback)

    async def close(self) -> None:
        await self.engine.dispose()
