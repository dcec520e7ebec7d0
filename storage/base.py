"""The storage boundary: small repositories per aggregate behind one unit of work.

Handlers and workers talk only to these protocols, so a driver can be swapped without touching
them. Every state change that can race is a conditional write that returns the row it changed
(or None when another writer won), never a read followed by an unconditional write.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from service.domain.models import Account, Action, ApiKey, Event, Fan, Link, Member, User, Workspace


class DuplicateError(Exception):
    """A unique constraint refused the row (for example an idempotency key already used)."""


class Workspaces(Protocol):
    async def add(self, workspace: Workspace) -> None: ...
    async def get(self, workspace_id: str) -> Workspace | None: ...
    async def list(self) -> Sequence[Workspace]: ...


class Users(Protocol):
    async def add(self, user: User) -> None: ...
    async def get(self, user_id: str) -> User | None: ...
    async def get_by_email(self, email: str) -> User | None: ...


class Members(Protocol):
    async def add(self, member: Member) -> None: ...
    async def get(self, workspace_id: str, user_id: str) -> Member | None: ...
    async def list(self, workspace_id: str) -> Sequence[Member]: ...
    async def workspaces_of(self, user_id: str) -> Sequence[Member]: ...
    async def set_role(self, workspace_id: str, user_id: str, role: str) -> None: ...
    async def remove(self, workspace_id: str, user_id: str) -> None: ...
    async def count_owners(self, workspace_id: str) -> int: ...


class ApiKeys(Protocol):
    async def add(self, key: ApiKey) -> None: ...
    async def get(self, workspace_id: str, key_id: str) -> ApiKey | None: ...
    async def get_by_hash(self, secret_hash: str) -> ApiKey | None: ...
    async def list(self, workspace_id: str) -> Sequence[ApiKey]: ...
    async def revoke(self, workspace_id: str, key_id: str, at: dt.datetime) -> ApiKey | None: ...
    async def touch(self, key_id: str, at: dt.datetime) -> None: ...


class Accounts(Protocol):
    async def add(self, account: Account) -> None: ...
    async def get(self, workspace_id: str, account_id: str) -> Account | None: ...
    async def list(
        self,
        workspace_id: str,
        *,
        mode: str | None = None,
        only: Sequence[str] | None = None,
        after: str | None = None,
        limit: int = 100,
    ) -> Sequence[Account]: ...
    async def update(self, workspace_id: str, account_id: str, **values: Any) -> Account | None: ...


class Fans(Protocol):
    async def replace(self, workspace_id: str, account_id: str, fans: Sequence[Fan]) -> None: ...
    async def list(
        self,
        workspace_id: str,
        account_id: str,
        *,
        search: str | None = None,
        after: str | None = None,
        limit: int = 25,
    ) -> Sequence[Fan]: ...


class Links(Protocol):
    async def add(self, link: Link) -> None: ...
    async def get(self, workspace_id: str, link_id: str) -> Link | None: ...
    async def get_by_token(self, token: str) -> Link | None: ...
    async def transition(
        self, link_id: str, from_statuses: Sequence[str], **values: Any
    ) -> Link | None: ...


class Actions(Protocol):
    async def add(self, action: Action) -> None:
        """Raises DuplicateError when the workspace already used the idempotency key."""

    async def get(self, workspace_id: str, action_id: str) -> Action | None: ...
    async def get_by_idempotency_key(self, workspace_id: str, key: str) -> Action | None: ...
    async def list(
        self,
        workspace_id: str,
        *,
        mode: str,
        status: str | None = None,
        account_id: str | None = None,
        only_accounts: Sequence[str] | None = None,
        before: tuple[dt.datetime, str] | None = None,
        limit: int = 25,
        now: dt.datetime | None = None,
    ) -> Sequence[Action]: ...
    async def transition(
        self, action_id: str, from_statuses: Sequence[str], to_status: str, **values: Any
    ) -> Action | None:
        """Move one action if (and only if) it is still in one of `from_statuses`."""

    async def expire_due(self, now: dt.datetime) -> Sequence[str]: ...
    async def claimable(self, limit: int) -> Sequence[Action]: ...
    async def stuck_executing(self, claimed_before: dt.datetime) -> Sequence[Action]: ...


class Events(Protocol):
    async def add(self, event: Event) -> None: ...
    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> Sequence[Event]: ...


class UnitOfWork(Protocol):
    workspaces: Workspaces
    users: Users
    members: Members
    keys: ApiKeys
    accounts: Accounts
    fans: Fans
    links: Links
    actions: Actions
    events: Events


class Store(Protocol):
    """Opens units of work. `transaction()` commits on a clean exit and rolls back otherwise."""

    def transaction(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    def reading(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    async def close(self) -> None: ...
