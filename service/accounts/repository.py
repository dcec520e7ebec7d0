"""The accounts' storage port. `**values: Unpack[AccountChanges]` names the columns a write may
change, so mypy checks every column name and value type a caller passes: the record's fields
(service/accounts/model.py) minus its identity; tests/storage/test_changes.py keeps them in step
with the record."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol, TypedDict, Unpack

from attrs import frozen

from service.accounts.model import Account

Json = dict[str, Any]


class AccountChanges(TypedDict, total=False):
    mode: str
    username: str
    name: str | None
    avatar_url: str | None
    status: str
    status_reason: str | None
    writes_enabled: bool
    linked_at: dt.datetime | None
    last_synced_at: dt.datetime | None
    counts: Json
    revenue30d: Json
    subscription_price: Json | None
    session_secret: bytes | None
    fan_lists: tuple[Json, ...] | list[Json] | None
    media_ids: tuple[str, ...] | list[str] | None
    policy: list[Json] | None


@frozen
class ForCreate:
    account: Account
    default_rules: Sequence[dict[str, Any]] | None
    own_limits: Sequence[dict[str, Any]] | None
    default_limits: Sequence[dict[str, Any]] | None


class Accounts(Protocol):
    async def add(self, account: Account) -> None: ...
    async def get(self, workspace_id: str, account_id: str) -> Account | None: ...
    async def get_with_default_rules(
        self, workspace_id: str, account_id: str
    ) -> tuple[Account, Sequence[dict[str, Any]] | None] | None:
        """The account and its workspace's default approval rules in one read: every new
        action needs both (bench/hot_path: one query fewer per create)."""
        ...

    async def get_for_create(self, workspace_id: str, account_id: str) -> ForCreate | None:
        """What a new action of the account needs, in one read: the account, the workspace's
        default rules, and the account's own daily limits and the workspace default's."""
        ...

    async def limits(self, workspace_id: str, account_id: str) -> list[dict[str, Any]] | None:
        """The stored daily limits of an account (`account_id` '' : the workspace default);
        None when none were set."""
        ...

    async def set_limits(
        self, workspace_id: str, account_id: str, limits: Sequence[dict[str, Any]] | None
    ) -> None:
        """Replace them (None: remove, so the account follows the default)."""
        ...

    async def lock(self, workspace_id: str, account_id: str) -> Account | None:
        """The account, locked against another `lock` until this unit of work ends: changes
        that read and rewrite the account's policy (pausing an allowance) run one at a time
        per account across replicas (PostgreSQL `FOR UPDATE`; SQLite's writer already holds
        the whole database). Creations lock nothing (service/actions/policies/governed.py)."""
        ...

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str | None = None,
        only: Sequence[str] | None = None,
        after: str | None = None,
        limit: int = 100,
    ) -> Sequence[Account]: ...
    async def update(
        self, workspace_id: str, account_id: str, **values: Unpack[AccountChanges]
    ) -> Account | None: ...
    async def set_writes_everywhere(
        self, workspace_id: str, enabled: bool
    ) -> Sequence[Account]: ...
    async def due_for_sync(
        self, now: dt.datetime, *, statuses: Sequence[str]
    ) -> Sequence[tuple[str, str]]: ...
    async def claim_sync(
        self,
        workspace_id: str,
        account_id: str,
        *,
        worker: str,
        now: dt.datetime,
        until: dt.datetime,
        statuses: Sequence[str],
    ) -> Account | None: ...
    async def move(
        self,
        workspace_id: str,
        account_id: str,
        *,
        from_status: str,
        from_session: bytes | None,
        **values: Unpack[AccountChanges],
    ) -> Account | None: ...
    async def list_all(self, *, statuses: Sequence[str] | None = None) -> Sequence[Account]:
        """Every workspace's accounts (for the syncer), optionally only some statuses."""
