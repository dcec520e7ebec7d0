"""The storage boundary: the unit of work that gathers every feature's repositories (each
feature's `repository.py` holds its own) and the Store that opens units. Handlers and workers
talk only to these protocols, so a driver can be swapped without touching them: storage/
implements them, and only the composition root names a driver. Every state change that can race
is a conditional write that returns the row it changed (or None when another writer won), never
a read followed by an unconditional write."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from service.accounts.repository import Accounts
from service.actions.policies.record import Record
from service.actions.repository import Actions
from service.chat.repository import ChatCodes, ChatConnections, ChatMessages, ChatUsers
from service.domain.repository import AuditLog, Events
from service.keys.repository import ApiKeys
from service.linking.repository import Links
from service.mail.repository import MailPreferences, Mails
from service.operations.repository import Backlogs, Heartbeats, Retention
from service.revenue.repository import Transactions
from service.synced.repository import Fans, Synced
from service.webhooks.repository import Deliveries, WebhookEndpoints
from service.workspaces.repository import Invites, Members, Sessions, Users, Workspaces


class UnitOfWork(Protocol):
    """One unit's repositories (read-only: a driver may make each on first use)."""

    @property
    def workspaces(self) -> Workspaces: ...
    @property
    def users(self) -> Users: ...
    @property
    def members(self) -> Members: ...
    @property
    def keys(self) -> ApiKeys: ...
    @property
    def accounts(self) -> Accounts: ...
    @property
    def fans(self) -> Fans: ...
    @property
    def synced(self) -> Synced: ...
    @property
    def links(self) -> Links: ...
    @property
    def actions(self) -> Actions: ...
    @property
    def record(self) -> Record: ...
    @property
    def events(self) -> Events: ...
    @property
    def sessions(self) -> Sessions: ...
    @property
    def invites(self) -> Invites: ...
    @property
    def audit(self) -> AuditLog: ...
    @property
    def transactions(self) -> Transactions: ...
    @property
    def webhooks(self) -> WebhookEndpoints: ...
    @property
    def deliveries(self) -> Deliveries: ...
    @property
    def retention(self) -> Retention: ...
    @property
    def heartbeats(self) -> Heartbeats: ...
    @property
    def backlog(self) -> Backlogs: ...
    @property
    def mail_preferences(self) -> MailPreferences: ...
    @property
    def mails(self) -> Mails: ...
    @property
    def chat_connections(self) -> ChatConnections: ...
    @property
    def chat_users(self) -> ChatUsers: ...
    @property
    def chat_codes(self) -> ChatCodes: ...
    @property
    def chat_messages(self) -> ChatMessages: ...

    async def notify(self, channel: str) -> None: ...


class Store(Protocol):
    """Opens units of work. `transaction()` commits on a clean exit and rolls back otherwise."""

    def transaction(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    def reading(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    def upkeep(self) -> AbstractAsyncContextManager[UnitOfWork]:
        """A write unit for the store's own upkeep (a prune batch): it lets requests' writes
        queued for the same lock go first and never shares a COMMIT with them, so a request
        waits at most for the statement under way. Where writes lock only their rows it is
        `transaction()`."""

    def single_statement(self) -> AbstractAsyncContextManager[UnitOfWork]:
        """A unit whose one write is a single atomic statement (a repository method that says
        so, such as `Actions.add_with_event`), reads aside. On PostgreSQL it sends no BEGIN or
        COMMIT: each statement commits as it runs, which saves two round trips, and nothing is
        rolled back if the block then raises. On SQLite it is `transaction()`: the writer lock
        still applies, and a BEGIN there costs no round trip."""

    def listen(self, channel: str, callback: Any) -> AbstractAsyncContextManager[None]:
        """Call `callback` when another process notifies `channel` (UnitOfWork.notify)."""

    def watch_actions(self, callback: Any) -> AbstractAsyncContextManager[None]:
        """While the block runs, call `callback(ids)` once actions' status changes are
        committed, by any process; `ids` is None when the driver cannot say which."""

    async def close(self) -> None: ...
