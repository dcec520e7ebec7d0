"""The writes switch: per account, or every account of the workspace at once (a kill switch);
and whether a workspace has linked an account at all.

One place for the switch, audited, so the dashboard and the CLI change writes the same way.
While writes are off, new actions are refused, approvals answer `writes_disabled`, and an
approved action not yet claimed ends `failed` with `writes_disabled` instead of running.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.accounts.model import Account
from service.domain.access import require
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store


async def switch_writes(
    store: Store, clock: Clock, principal: Principal, account_id: str, enabled: bool
) -> Account:
    require(principal, Permission.ACCOUNTS_WRITES)
    async with store.transaction() as uow:
        account = await uow.accounts.update(
            principal.workspace_id, account_id, writes_enabled=enabled
        )
        if account is None:
            raise ApiError(
                ErrorCode.ACCOUNT_NOT_FOUND,
                f"No account `{account_id}` is linked here.",
                param="accountId",
            )
        await record_in(
            uow,
            clock,
            principal,
            "account.writes_switched",
            account_id,
            enabled=enabled,
            mode=account.mode,
        )
    return account


async def switch_all_writes(
    store: Store, clock: Clock, principal: Principal, enabled: bool
) -> Sequence[Account]:
    """Every account of the workspace, live and test, in one transaction and one audit entry."""
    require(principal, Permission.ACCOUNTS_WRITES)
    async with store.transaction() as uow:
        changed = await uow.accounts.set_writes_everywhere(principal.workspace_id, enabled)
        await record_in(
            uow,
            clock,
            principal,
            "workspace.writes_switched",
            None,
            enabled=enabled,
            accounts=len(changed),
        )
    return changed


async def has_linked_account(store: Store, workspace_id: str, mode: str) -> bool:
    """Whether any account of the workspace in `mode` has been linked: what tells a workspace
    using the service for real from one only trying it."""
    after = None
    async with store.reading() as uow:
        while True:
            page = await uow.accounts.list(workspace_id, mode=mode, after=after, limit=100)
            if any(a.linked_at is not None for a in page):
                return True
            if len(page) < 100:
                return False
            after = page[-1].id
