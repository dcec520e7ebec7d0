"""The SQL Store: units of work on a raw driver connection (sqlite.py, postgres.py).

SQLAlchemy writes and compiles the statements (tables/, the repositories, statements.py);
stdlib sqlite3 or asyncpg runs them. SQLAlchemy's own engine is built only when asked for
(`SqlStore.engine`): alembic migrates through it, and tests use it for ad-hoc SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from types import TracebackType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from sqlalchemy.engine import make_url

from service.accounts.repository import Accounts
from service.actions.policies.record import Record
from service.actions.repository import Actions
from service.chat.repository import ChatCodes, ChatConnections, ChatMessages, ChatUsers
from service.domain.repository import AuditLog, Events
from service.keys.repository import ApiKeys
from service.linking.repository import Links
from service.mail.repository import MailPreferences, Mails
from service.operations.repository import Backlogs, Heartbeats, Retention
from service.ports import Store, UnitOfWork
from service.revenue.repository import Transactions
from service.synced.repository import Fans, Synced
from service.webhooks.repository import Deliveries, WebhookEndpoints
from service.workspaces.repository import Invites, Members, Sessions, Users, Workspaces
from storage.migrate import HEAD, migrate
from storage.sql.driver import statistics, wakeups
from storage.sql.driver.connection import POOL_TIMEOUT, Connection
from storage.sql.driver.dialect import driver_for, gives_pages_back, table_exists
from storage.sql.driver.statistics import Growth

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

    from storage.sql.driver.postgres import PgDriver
    from storage.sql.driver.sqlite import SqliteDriver


R = TypeVar("R")


class repository(Generic[R]):
    """functools.cached_property without its lock: on Python 3.11 every first read takes one
    RLock shared by every instance, about three times the cost of this, and a unit of work
    belongs to one task. Set in the instance's __dict__, so later reads never come here."""

    def __init__(self, make: Callable[[Any], R]) -> None:
        self.make = make
        self.name = make.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> repository[R]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> R: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> R | repository[R]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.make(obj)
        return value


class SqlUnitOfWork:
    """One unit's repositories, each made (and its module imported) on first use: a read
    touches one or two of fifteen, and a CLI command loads only the statements it runs.

    Typed as the protocols: mypy proves each repository satisfies its contract."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    @repository
    def workspaces(self) -> Workspaces:
        from storage.sql.repos.workspaces import SqlWorkspaces

        return SqlWorkspaces(self.conn)

    @repository
    def users(self) -> Users:
        from storage.sql.repos.workspaces import SqlUsers

        return SqlUsers(self.conn)

    @repository
    def members(self) -> Members:
        from storage.sql.repos.workspaces import SqlMembers

        return SqlMembers(self.conn)

    @repository
    def keys(self) -> ApiKeys:
        from storage.sql.repos.keys import SqlApiKeys

        return SqlApiKeys(self.conn)

    @repository
    def accounts(self) -> Accounts:
        from storage.sql.repos.accounts import SqlAccounts

        return SqlAccounts(self.conn)

    @repository
    def fans(self) -> Fans:
        from storage.sql.repos.synced.fans import SqlFans

        return SqlFans(self.conn)

    @repository
    def synced(self) -> Synced:
        from storage.sql.repos.synced.items import SqlSynced

        return SqlSynced(self.conn)

    @repository
    def links(self) -> Links:
        from storage.sql.repos.linking import SqlLinks

        return SqlLinks(self.conn)

    @repository
    def actions(self) -> Actions:
        from storage.sql.repos.actions.writes import SqlActions

        return SqlActions(self.conn)

    @repository
    def record(self) -> Record:
        from storage.sql.repos.actions.record import SqlRecord

        return SqlRecord(self.conn)

    @repository
    def events(self) -> Events:
        from storage.sql.repos.outbox import SqlEvents

        return SqlEvents(self.conn)

    @repository
    def transactions(self) -> Transactions:
        from storage.sql.repos.revenue import SqlTransactions

        return SqlTransactions(self.conn)

    @repository
    def webhooks(self) -> WebhookEndpoints:
        from storage.sql.repos.webhooks.endpoints import SqlWebhookEndpoints

        return SqlWebhookEndpoints(self.conn)

    @repository
    def deliveries(self) -> Deliveries:
        from storage.sql.repos.webhooks.deliveries import SqlDeliveries

        return SqlDeliveries(self.conn)

    @repository
    def sessions(self) -> Sessions:
        from storage.sql.repos.workspaces import SqlSessions

        return SqlSessions(self.conn)

    @repository
    def invites(self) -> Invites:
        from storage.sql.repos.workspaces import SqlInvites

        return SqlInvites(self.conn)

    @repository
    def audit(self) -> AuditLog:
        from storage.sql.repos.audit import SqlAuditLog

        return SqlAuditLog(self.conn)

    @repository
    def retention(self) -> Retention:
        from storage.sql.repos.operations import SqlRetention

        return SqlRetention(self.conn)

    @repository
    def heartbeats(self) -> Heartbeats:
        from storage.sql.repos.operations import SqlHeartbeats

        return SqlHeartbeats(self.conn)

    @repository
    def backlog(self) -> Backlogs:
        from storage.sql.repos.operations import SqlBacklog

        return SqlBacklog(self.conn)

    @repository
    def mail_preferences(self) -> MailPreferences:
        from storage.sql.repos.mail import SqlMailPreferences

        return SqlMailPreferences(self.conn)

    @repository
    def mails(self) -> Mails:
        from storage.sql.repos.mail import SqlMails

        return SqlMails(self.conn)

    @repository
    def chat_connections(self) -> ChatConnections:
        from storage.sql.repos.chat import SqlChatConnections

        return SqlChatConnections(self.conn)

    @repository
    def chat_users(self) -> ChatUsers:
        from storage.sql.repos.chat import SqlChatUsers

        return SqlChatUsers(self.conn)

    @repository
    def chat_codes(self) -> ChatCodes:
        from storage.sql.repos.chat import SqlChatCodes

        return SqlChatCodes(self.conn)

    @repository
    def chat_messages(self) -> ChatMessages:
        from storage.sql.repos.chat import SqlChatMessages

        return SqlChatMessages(self.conn)

    async def notify(self, channel: str) -> None:
        """Wake listeners in other processes once this unit commits."""
        await wakeups.notify(self.conn, channel)


class Scope:
    """A driver's unit of work, entered as the unit's repositories. A write unit's scope tells
    `growth` what it wrote once it committed (statistics.py)."""

    __slots__ = ("_conn", "_growth", "_unit")

    def __init__(
        self, unit: AbstractAsyncContextManager[Connection], growth: Growth | None = None
    ) -> None:
        self._unit = unit
        self._growth = growth

    async def __aenter__(self) -> SqlUnitOfWork:
        self._conn = await self._unit.__aenter__()
        return SqlUnitOfWork(self._conn)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool | None:
        done = await self._unit.__aexit__(exc_type, exc, tb)
        if exc_type is None and self._growth is not None:
            await self._growth.committed(self._conn.written)
        return done


class SqlStore:
    def __init__(self, url: str, driver: SqliteDriver | PgDriver) -> None:
        self.url = url
        self.driver = driver
        self.dialect = driver.planner.dialect.name
        self._engine: AsyncEngine | None = None
        self.growth = Growth(self._analyze, self._optimize)
        """Batch writes counted per table, for the statistics the product keeps itself."""

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        pool_size: int = 10,
        max_overflow: int | None = None,
        pool_timeout: float = POOL_TIMEOUT,
    ) -> SqlStore:
        """`postgresql://…` or `sqlite:///path` (driver suffixes such as `+asyncpg` are ignored)."""
        size = pool_size + (pool_size if max_overflow is None else max_overflow)
        return cls(url, driver_for(url, size=size, timeout=pool_timeout))

    @property
    def engine(self) -> AsyncEngine:
        """SQLAlchemy's engine on the same database, built on first use: for migrations and
        ad-hoc SQL, never for the service's units of work."""
        if self._engine is None:
            from storage.sql.driver.engine import make_engine

            self._engine = make_engine(self.url)
        return self._engine

    async def migrate(self, revision: str = "head") -> None:
        """Bring the schema to `revision`. A database already at HEAD is left alone without
        building SQLAlchemy's engine or loading alembic, so starts and CLI commands stay fast."""
        if revision == "head" and await self.revision() == HEAD:
            return
        engine = self.engine
        try:
            await migrate(engine, revision)
        finally:
            # Alembic's engine is not the service's: gone with its connections once done.
            await engine.dispose()
            self._engine = None
        if gives_pages_back(self.dialect):
            import asyncio

            from storage.sql.driver.vacuum import use_incremental_vacuum

            await self.driver.close()  # VACUUM rewrites the file: no idle connection of ours
            await asyncio.to_thread(use_incremental_vacuum, make_url(self.url).database or "")

    async def revision(self) -> str | None:
        """The schema revision alembic recorded, or None on a database it never migrated."""
        probe = table_exists(self.dialect, "alembic_version")
        async with self.reading() as uow:
            if (await uow.conn.exec_driver_sql(probe)).scalar() is None:
                return None
            rows = (await uow.conn.exec_driver_sql("SELECT version_num FROM alembic_version")).all()
        return rows[0][0] if len(rows) == 1 else None

    def transaction(self) -> Scope:
        """Commits when the block finishes, rolls back when it raises."""
        return Scope(self.driver.transaction(), self.growth)

    async def _analyze(self, table: str) -> int:
        return await statistics.analyze(self.driver, table)

    async def _optimize(self) -> None:
        await statistics.optimize(self.driver, self.growth)

    def upkeep(self) -> Scope:
        """A write unit for the store's own upkeep (service/ports.py)."""
        return Scope(self.driver.upkeep(), self.growth)

    def reading(self) -> Scope:
        """A read-only unit: it never waits for a writer."""
        return Scope(self.driver.reading())

    def single_statement(self) -> Scope:
        """A unit for one atomic write statement: no BEGIN/COMMIT on PostgreSQL
        (service/ports.py)."""
        return Scope(self.driver.single_statement())

    def listen(
        self, channel: str, callback: Callable[[], None]
    ) -> AbstractAsyncContextManager[None]:
        dsn = getattr(self.driver, "dsn", None)
        return wakeups.listen(dsn, channel, callback)

    def watch_actions(
        self, callback: Callable[[Sequence[str] | None], None]
    ) -> AbstractAsyncContextManager[None]:
        """Call `callback` with the ids of actions whose status changed (None: re-check all)."""
        from storage.sql.driver import action_watch

        return action_watch.watch(self.driver, callback)

    async def close(self) -> None:
        await self.driver.close()
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None


def as_store(store: SqlStore) -> Store:
    """Typed as the protocol: mypy proves here that SqlStore (and its units of work and
    repositories) satisfy service/ports.py's protocols."""
    return store


def as_unit_of_work(uow: SqlUnitOfWork) -> UnitOfWork:
    """The same proof for the unit of work and each repository."""
    return uow
