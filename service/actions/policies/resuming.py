"""Resuming a paused allowance from the dashboard: its rule saved again without `paused`, an
ordinary audited policy change (policy.mark_resumed stamps `resumedAt`)."""

from __future__ import annotations

from attrs import evolve

from service.accounts.model import Account
from service.actions.policies.policy_rule import stored_rules
from service.actions.policies.usecases import set_account_policy
from service.actions.reach import visible_account
from service.domain.clock import Clock
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store


async def resume(
    store: Store, clock: Clock, principal: Principal, account_id: str, name: str
) -> Account:
    """Resume the account's paused allowance named `name` (as its rule's `allowance` names it):
    the rules saved again without its `paused`, an ordinary audited policy change."""
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        rules = stored_rules(account.policy) or ()
    found = [
        i
        for i, r in enumerate(rules)
        if r.paused is not None and r.approvals == 0 and r.allowance.name == name
    ]
    if not found:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "No such paused allowance.", param="rule")
    resumed = [evolve(r, paused=None) if i in found else r for i, r in enumerate(rules)]
    updated, _ = await set_account_policy(store, clock, principal, account.id, resumed)
    return updated
