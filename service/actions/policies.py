"""Approval policies: set by owners and admins, audited in the same transaction, read with the
account (docs/policies.md). The rules themselves are service/actions/policy.py's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.actions.policy import normalised
from service.domain.access import require
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.models import Account
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.render import policy_json
from storage.base import Store, UnitOfWork


async def account_policy(uow: UnitOfWork, account: Account) -> dict[str, Any]:
    """`{rules, source}`: the account's own rules, or the workspace default it follows."""
    if account.policy is not None:
        return policy_json(account, None)
    workspace = await uow.workspaces.get(account.workspace_id)
    return policy_json(account, workspace.policy if workspace is not None else None)


async def set_account_policy(
    store: Store,
    clock: Clock,
    principal: Principal,
    account_id: str,
    rules: Sequence[dict[str, Any]] | None,
) -> tuple[Account, dict[str, Any]]:
    """Replace an account's rules (None: follow the workspace default). New actions use them;
    actions already pending keep the requirement captured when they were created."""
    require(principal, Permission.POLICIES_MANAGE)
    stored = normalised(rules) if rules is not None else None
    async with store.transaction() as uow:
        before = await uow.accounts.get(principal.workspace_id, account_id)
        if before is None or not principal.allows(account_id):
            raise ApiError(
                ErrorCode.ACCOUNT_NOT_FOUND,
                f"No account `{account_id}` is linked here.",
                param="accountId",
            )
        account = await uow.accounts.update(principal.workspace_id, account_id, policy=stored)
        assert account is not None
        await record_in(
            uow,
            clock,
            principal,
            "account.policy_changed",
            account_id,
            before=before.policy,
            rules=stored,
            mode=account.mode,
        )
        policy = await account_policy(uow, account)
    return account, policy


async def set_workspace_policy(
    store: Store, clock: Clock, principal: Principal, rules: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The default for every account without rules of its own."""
    require(principal, Permission.POLICIES_MANAGE)
    stored = normalised(rules)
    async with store.transaction() as uow:
        before = await uow.workspaces.get(principal.workspace_id)
        await uow.workspaces.set_policy(principal.workspace_id, stored)
        await record_in(
            uow,
            clock,
            principal,
            "workspace.policy_changed",
            None,
            before=before.policy if before is not None else None,
            rules=stored,
        )
    return stored
