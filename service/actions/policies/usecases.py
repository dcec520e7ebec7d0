"""Approval policies: set by owners and admins, audited in the same transaction, read with the
account (docs/policies.md). The rules themselves are service/actions/policies/policy.py's."""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from service.accounts.model import Account
from service.actions.policies import limits as daily
from service.actions.policies.limits import DailyLimit, limits_json, stored_limits
from service.actions.policies.policy import mark_resumed
from service.actions.policies.policy_rule import PolicyRule, stored_json, stored_rules
from service.actions.render import policy_json
from service.domain.access import require, require_mode
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.etags import check_if_match, etag
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store, UnitOfWork


class Keep(enum.Enum):
    """The type of KEEP, so a caller's limits are typed: a sequence, None, or KEEP."""

    KEEP = "keep"


KEEP = Keep.KEEP
"""`limits` left out of a policy change: the stored limits stay as they are."""


@frozen
class LimitUse:
    """A daily limit and how many actions it counts over the last 24 hours."""

    limit: DailyLimit
    used: int

    def to_json(self) -> dict[str, Any]:
        return {**self.limit.to_json(), "used": self.used}


async def limit_uses(uow: UnitOfWork, account: Account, now: dt.datetime) -> list[LimitUse]:
    """The account's daily limits (its own with rules of its own, else the workspace
    default's), each with its use now."""
    own = account.policy is not None
    stored = stored_limits(
        await uow.accounts.limits(account.workspace_id, account.id if own else "")
    )
    uses = []
    for limit in stored:
        used, _ = await uow.actions.limit_window(
            account.workspace_id, account.mode, account.id, limit.types, now - daily.WINDOW, now
        )
        uses.append(LimitUse(limit, used))
    return uses


async def account_policy(uow: UnitOfWork, account: Account, now: dt.datetime) -> dict[str, Any]:
    """`{rules, source, limits}`: the account's own rules, or the workspace default it follows,
    and its daily limits (inherited with the rules), each with `used` over the last 24 hours."""
    if account.policy is not None:
        policy = policy_json(stored_rules(account.policy), own=True)
    else:
        workspace = await uow.workspaces.get(account.workspace_id)
        default = stored_rules(workspace.policy if workspace is not None else None)
        policy = policy_json(default, own=False)
    shown = [use.to_json() for use in await limit_uses(uow, account, now)]
    return {**policy, "limits": shown}


async def account_etag(uow: UnitOfWork, account: Account) -> str:
    """The ETag of the account's own setting: its rules (None: it follows the default) and
    its own limits."""
    own = await uow.accounts.limits(account.workspace_id, account.id)
    return etag({"rules": account.policy, "limits": own})


async def workspace_etag(uow: UnitOfWork, workspace_id: str) -> str:
    workspace = await uow.workspaces.get(workspace_id)
    limits = await uow.accounts.limits(workspace_id, "")
    return etag({"rules": workspace.policy if workspace else None, "limits": limits})


async def set_account_policy(
    store: Store,
    clock: Clock,
    principal: Principal,
    account_id: str,
    rules: Sequence[PolicyRule] | None,
    limits: Sequence[DailyLimit] | Keep | None = KEEP,
    *,
    if_match: str | None = None,
) -> tuple[Account, dict[str, Any]]:
    """Replace an account's rules (None: follow the workspace default, limits included) and,
    when given, its daily limits. New actions use them; actions already pending keep the
    requirement captured when they were created."""
    require(principal, Permission.POLICIES_MANAGE)
    caps = limits_json(limits) if limits is not KEEP and limits is not None else None
    async with store.transaction() as uow:
        if if_match is not None:
            await uow.workspaces.lock(principal.workspace_id)
        before = await uow.accounts.get(principal.workspace_id, account_id)
        if before is None or not principal.allows(account_id):
            raise ApiError(
                ErrorCode.ACCOUNT_NOT_FOUND,
                f"No account `{account_id}` is linked here.",
                param="accountId",
            )
        require_mode(principal, before.mode)
        check_if_match(if_match, await account_etag(uow, before))
        if rules is not None:
            now = clock.now().astimezone(dt.UTC).isoformat()
            rules = mark_resumed(stored_rules(before.policy), rules, now)
        stored = stored_json(rules)
        account = await uow.accounts.update(principal.workspace_id, account_id, policy=stored)
        assert account is not None
        if stored is None:
            await uow.accounts.set_limits(principal.workspace_id, account_id, None)
        elif limits is not KEEP:
            await uow.accounts.set_limits(principal.workspace_id, account_id, caps or [])
        await record_in(
            uow,
            clock,
            principal,
            "account.policy_changed",
            account_id,
            before=before.policy,
            rules=stored,
            limits=None if limits is KEEP else caps,
            mode=account.mode,
        )
        policy = await account_policy(uow, account, clock.now())
    return account, policy


async def set_workspace_policy(
    store: Store,
    clock: Clock,
    principal: Principal,
    rules: Sequence[PolicyRule],
    limits: Sequence[DailyLimit] | Keep | None = KEEP,
    *,
    if_match: str | None = None,
) -> None:
    """The default for every account without rules of its own (and, when given, its limits)."""
    require(principal, Permission.POLICIES_MANAGE)
    require_mode(principal, "live")
    stored = stored_json(rules)
    caps = limits_json(limits or ()) if limits is not KEEP else None
    async with store.transaction() as uow:
        if if_match is not None:
            await uow.workspaces.lock(principal.workspace_id)
        before = await uow.workspaces.get(principal.workspace_id)
        check_if_match(if_match, await workspace_etag(uow, principal.workspace_id))
        await uow.workspaces.set_policy(principal.workspace_id, stored)
        if caps is not None:
            await uow.accounts.set_limits(principal.workspace_id, "", caps)
        await record_in(
            uow,
            clock,
            principal,
            "workspace.policy_changed",
            None,
            before=before.policy if before is not None else None,
            rules=stored,
            limits=caps,
        )
