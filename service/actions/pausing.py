"""Autonomy taken back: a live allowance whose approved actions start failing on the platform is
paused by the service, once. Its rule stays in the policy, marked `paused: {at, reason}`; new
matching actions need one person (policy.requirement); owners and admins get a mail and
webhook endpoints an `allowance.paused` event. A person resumes it by saving the rule without
`paused` (the policy API or the Accounts page).

The rate: PAUSE_AFTER platform failures among the last OF_LAST finished actions the allowance
approved (a quarter of them), counted only among those approved since it was last resumed, so
a resumed allowance starts with a clean record. A failure that is not the platform's (writes
switched off by a person, an error inside the service) does not count. The account's row is
locked while the rule is read and written, so two failures finishing at once pause it once.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.accounts.model import Account
from service.actions.allowances import policy_decider
from service.actions.creation import limits_for, rules_for
from service.actions.model import Action
from service.actions.policies import set_account_policy
from service.actions.policy import allowance_of, requirement
from service.actions.reach import visible_account
from service.actions.transitions import FAILED
from service.domain.audit import record_in
from service.domain.clock import Clock, isoformat
from service.domain.events import Event
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.ports import Store

PAUSE_AFTER = 5
OF_LAST = 20
NOT_THE_PLATFORM = ("writes_disabled", "internal_error")
PAUSED = "allowance.paused"


def _platform_failure(action: Action) -> bool:
    return action.status == FAILED and (action.error or {}).get("code") not in NOT_THE_PLATFORM


async def after_failure(store: Store, clock: Clock, failed: Action) -> bool:
    """Pause the allowance that approved `failed` when its record crossed the rate; True when
    this call paused it."""
    if failed.approvals_required != 0 or not _platform_failure(failed):
        return False
    async with store.transaction() as tx:
        account = await tx.accounts.lock(failed.workspace_id, failed.account_id)
        if account is None:
            return False
        rules = await rules_for(tx, account) or []
        price = (failed.price or {}).get("amount", 0)
        approved_by = requirement(rules, failed.type, price, failed.estimated_recipients)
        if approved_by.allowance is None:
            return False  # paused already, or the policy changed since: nothing to take back
        key = approved_by.allowance.key
        index = next(
            i
            for i, r in enumerate(rules)
            if r.get("approvals") == 0 and not r.get("shadow") and allowance_of(r).key == key
        )
        rule = rules[index]
        since = _resumed_at(rule)
        last = await tx.record.allowance_outcomes(account.workspace_id, account.id, key, OF_LAST)
        counted = [a for a in last if since is None or (a.decided_at and a.decided_at > since)]
        failures = sum(1 for a in counted if _platform_failure(a))
        if failures < PAUSE_AFTER:
            return False
        now = clock.now()
        reason = (
            f"{failures} of the last {len(counted)} actions it approved failed on the platform "
            f"(the last: {(failed.error or {}).get('message', 'no message')})"
        )
        paused = {**rule, "paused": {"at": isoformat(now), "reason": reason}}
        paused.pop("resumedAt", None)
        new_rules = [paused if i == index else dict(r) for i, r in enumerate(rules)]
        # Following the workspace default: the account gets its own copy, limits included
        # (the evidence is this account's, so the other accounts keep their allowance).
        copied = None if account.policy is not None else await limits_for(tx, account)
        await tx.accounts.update(account.workspace_id, account.id, policy=new_rules)
        if copied is not None:
            await tx.accounts.set_limits(account.workspace_id, account.id, copied)
        await record_in(
            tx,
            clock,
            policy_decider(approved_by.allowance, account.mode, account.workspace_id),
            "account.policy_changed",
            account.id,
            before=account.policy,
            rules=new_rules,
            limits=copied,
            mode=account.mode,
            paused=approved_by.allowance.name,
        )
        event = Event(
            id=new_id("evt_"),
            workspace_id=account.workspace_id,
            type=PAUSED,
            account_id=account.id,
            data={
                "accountId": account.id,
                "rule": new_rules[index],
                "name": approved_by.allowance.name,
                "reason": reason,
                "failed": failures,
                "of": len(counted),
                "lastActionId": failed.id,
            },
            created_at=now,
            mode=account.mode,
        )
        await tx.events.add(event)  # its mail to owners and admins: mail/notifications.py
    return True


def _resumed_at(rule: dict[str, Any]) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(rule["resumedAt"])
    except (KeyError, TypeError, ValueError):
        return None  # never resumed (or a value a client made up: the whole record counts)


async def resume(
    store: Store, clock: Clock, principal: Principal, account_id: str, name: str
) -> Account:
    """Resume the account's paused allowance named `name` (as policy.allowance_of names it):
    the rules saved again without its `paused`, an ordinary audited policy change."""
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        rules = list(account.policy or [])
    found = [
        i
        for i, r in enumerate(rules)
        if r.get("paused") and r.get("approvals") == 0 and allowance_of(r).name == name
    ]
    if not found:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "No such paused allowance.", param="rule")
    resumed = [
        {k: v for k, v in r.items() if k != "paused"} if i in found else r
        for i, r in enumerate(rules)
    ]
    updated, _ = await set_account_policy(store, clock, principal, account.id, resumed)
    return updated
