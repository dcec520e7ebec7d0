"""Workspaces and accounts, as the SQL drivers keep them."""

from __future__ import annotations

import builtins
import datetime as dt
from collections.abc import Sequence
from typing import Any, Unpack

from harness.memory_store.state import State, changed, not_held, stored
from service.accounts.model import Account
from service.accounts.repository import AccountChanges, ForCreate
from service.domain.storage_errors import DuplicateError
from service.workspaces.model import Workspace


class MemoryWorkspaces:
    def __init__(self, state: State) -> None:
        self.state = state

    async def add(self, workspace: Workspace) -> None:
        self.state.workspaces[workspace.id] = stored(workspace)

    async def get(self, workspace_id: str) -> Workspace | None:
        return self.state.workspaces.get(workspace_id)

    async def list(self) -> builtins.list[Workspace]:
        return sorted(self.state.workspaces.values(), key=lambda w: (w.created_at, w.id))

    async def lock(self, workspace_id: str) -> None:
        """One unit of work at a time holds the memory store: nothing more to hold."""

    async def set_policy(self, workspace_id: str, policy: Sequence[dict[str, Any]] | None) -> None:
        found = self.state.workspaces.get(workspace_id)
        if found is not None:
            rules = None if policy is None else builtins.list(policy)
            self.state.workspaces[workspace_id] = changed(found, {"policy": rules})


class MemoryAccounts:
    def __init__(self, state: State) -> None:
        self.state = state

    async def add(self, account: Account) -> None:
        key = (account.workspace_id, account.id)
        if key in self.state.accounts:
            raise DuplicateError(f"account {account.id} exists")
        self.state.accounts[key] = stored(account)

    async def get(self, workspace_id: str, account_id: str) -> Account | None:
        return self.state.accounts.get((workspace_id, account_id))

    async def get_for_create(self, workspace_id: str, account_id: str) -> ForCreate | None:
        found = await self.get_with_default_rules(workspace_id, account_id)
        if found is None:
            return None
        limits = self.state.limits
        return ForCreate(
            found[0],
            found[1],
            limits.get((workspace_id, account_id)),
            limits.get((workspace_id, "")),
        )

    async def limits(
        self, workspace_id: str, account_id: str
    ) -> builtins.list[dict[str, Any]] | None:
        found = self.state.limits.get((workspace_id, account_id))
        return None if found is None else builtins.list(found)

    async def set_limits(
        self, workspace_id: str, account_id: str, limits: Sequence[dict[str, Any]] | None
    ) -> None:
        if limits is None:
            self.state.limits.pop((workspace_id, account_id), None)
        else:
            self.state.limits[(workspace_id, account_id)] = builtins.list(limits)

    async def lock(self, workspace_id: str, account_id: str) -> Account | None:
        return self.state.accounts.get((workspace_id, account_id))  # one unit at a time here

    async def get_with_default_rules(
        self, workspace_id: str, account_id: str
    ) -> tuple[Account, Sequence[dict[str, Any]] | None] | None:
        account = self.state.accounts.get((workspace_id, account_id))
        workspace = self.state.workspaces.get(workspace_id)
        if account is None or workspace is None:
            return None
        return account, workspace.policy

    async def list(
        self,
        workspace_id: str,
        *,
        mode: str | None = None,
        only: Sequence[str] | None = None,
        after: str | None = None,
        limit: int = 100,
    ) -> builtins.list[Account]:
        found = [
            a
            for (ws, _), a in self.state.accounts.items()
            if ws == workspace_id
            and (mode is None or a.mode == mode)
            and (only is None or a.id in only)
            and (after is None or a.id > after)
        ]
        return sorted(found, key=lambda a: a.id)[:limit]

    async def list_all(self, *, statuses: Sequence[str] | None = None) -> builtins.list[Account]:
        return [a for a in self.state.accounts.values() if statuses is None or a.status in statuses]

    # The sync loop's claims are left to the SQL drivers.
    async def due_for_sync(
        self, now: dt.datetime, *, statuses: Sequence[str]
    ) -> builtins.list[tuple[str, str]]:
        not_held("the sync loop's claims")

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
        not_held("the sync loop's claims")

    async def update(
        self, workspace_id: str, account_id: str, **values: Unpack[AccountChanges]
    ) -> Account | None:
        found = self.state.accounts.get((workspace_id, account_id))
        if found is None:
            return None
        updated = self.state.accounts[(workspace_id, account_id)] = changed(found, values)
        return updated

    async def move(
        self,
        workspace_id: str,
        account_id: str,
        *,
        from_status: str,
        from_session: bytes | None,
        **values: Unpack[AccountChanges],
    ) -> Account | None:
        found = self.state.accounts.get((workspace_id, account_id))
        if found is None or found.status != from_status or found.session_secret != from_session:
            return None
        return await self.update(workspace_id, account_id, **values)

    async def set_writes_everywhere(
        self, workspace_id: str, enabled: bool
    ) -> builtins.list[Account]:
        changed = []
        for (ws, account_id), account in sorted(self.state.accounts.items()):
            if ws == workspace_id and account.writes_enabled != enabled:
                changed.append(await self.update(ws, account_id, writes_enabled=enabled))
        return [a for a in changed if a is not None]
