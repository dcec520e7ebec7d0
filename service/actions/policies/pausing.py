"""Autonomy taken back: a live allowance whose approved actions start failing on the platform is
paused by the service, once. Its rule stays in the policy, marked `paused: {at, reason}`; new
matching actions need one person (policy.requirement); owners and admins get a mail and
webhook endpoints an `allowance.paused` event. A person resumes it by saving the rule without
`paused` (the policy API or the Accounts page).

Two records pause it, each counted only since the allowance was last resumed (`resumedAt`), so
a resumed allowance starts clean:

- PAUSE_AFTER platform failures among the last OF_LAST finished actions it approved (a
  quarter). A failure that is not the platform's (writes switched off by a person, an error
  inside the service) does not count.
- People rejecting PAUSE_AFTER of the last OF_LAST actions it matched but did not cover (beyond
  its `maxPerDay`, warned `allowance_used_up`) that they decided: the same kind of action it
  approves unseen is being turned down when people do see it.

The account's row is locked while the rule is read and written, so two outcomes recorded at
once pause it once.
"""

from __future__ import annotations

import datetime as dt

from attrs import evolve

from service.accounts.model import Account
from service.actions.model import Action
from service.actions.policies import limits as daily
from service.actions.policies.allowances import USED_UP, policy_decider
from service.actions.policies.policy import Requirement, requirement
from service.actions.policies.policy_rule import (
    Paused,
    PolicyRule,
    Rules,
    rules_of,
    stored_json,
    stored_rules,
)
from service.actions.transitions import FAILED, REJECTED
from service.domain.audit import record_in
from service.domain.clock import Clock, isoformat
from service.domain.events import Event
from service.domain.ids import new_id
from service.ports import Store, UnitOfWork

PAUSE_AFTER = 5
OF_LAST = 20
NOT_THE_PLATFORM = ("writes_disabled", "internal_error")
PAUSED = "allowance.paused"
FAILURES, REJECTIONS = "platform_failures", "rejections"
"""The `cause` of a pause: what its `count` of the last `of` actions counts."""


def _platform_failure(action: Action) -> bool:
    return action.status == FAILED and (action.error or {}).get("code") not in NOT_THE_PLATFORM


async def after_failure(store: Store, clock: Clock, failed: Action) -> bool:
    """Pause the allowance that approved `failed` when its record crossed the rate; True when
    this call paused it."""
    if failed.approvals_required != 0 or not _platform_failure(failed):
        return False
    async with store.transaction() as tx:
        found = await _live_allowance(tx, failed)
        if found is None:
            return False  # paused already, or the policy changed since: nothing to take back
        account, rules, index, approved_by = found
        since = _resumed_at(rules[index])
        key = rules[index].allowance.key
        last = await tx.record.allowance_outcomes(account.workspace_id, account.id, key, OF_LAST)
        counted = [a for a in last if _after(a.decided_at, since)]
        failures = sum(1 for a in counted if _platform_failure(a))
        if failures < PAUSE_AFTER:
            return False
        reason = (
            f"{failures} of the last {len(counted)} actions it approved failed on the platform "
            f"(the last: {(failed.error or {}).get('message', 'no message')})"
        )
        await _pause(
            tx,
            clock,
            account,
            rules,
            index,
            approved_by,
            reason=reason,
            cause=FAILURES,
            count=failures,
            counted=counted,
            last=failed,
        )
    return True


async def after_rejection(store: Store, clock: Clock, rejected: Action) -> bool:
    """Pause the allowance `rejected` matched but did not cover (it was used up) when people
    rejected too many such actions; True when this call paused it."""
    if rejected.status != REJECTED or not any(w.get("code") == USED_UP for w in rejected.warnings):
        return False
    async with store.transaction() as tx:
        found = await _live_allowance(tx, rejected)
        if found is None:
            return False
        account, rules, index, approved_by = found
        since = _resumed_at(rules[index])
        decided = await tx.record.uncovered_decisions(
            account.workspace_id,
            rejected.mode,
            account.id,
            list(rules[index].types),
            USED_UP,
            OF_LAST,
        )
        counted = [a for a in decided if _after(a.decided_at, since)]
        rejections = sum(1 for a in counted if a.status == REJECTED)
        if rejections < PAUSE_AFTER:
            return False
        reason = f"people rejected {rejections} of the last {len(counted)} actions it did not cover"
        await _pause(
            tx,
            clock,
            account,
            rules,
            index,
            approved_by,
            reason=reason,
            cause=REJECTIONS,
            count=rejections,
            counted=counted,
            last=rejected,
        )
    return True


async def _live_allowance(
    tx: UnitOfWork, action: Action
) -> tuple[Account, Rules, int, Requirement] | None:
    """The account (locked), its rules and the index of the live allowance `action` matches."""
    account = await tx.accounts.lock(action.workspace_id, action.account_id)
    if account is None:
        return None
    rules = await _rules_of(tx, account)
    price = (action.price or {}).get("amount", 0)
    # As if the action were new now: the allowance it matches, when it is live and not paused.
    matched = requirement(rules, action.type, price, action.estimated_recipients)
    if matched.allowance is None:
        return None
    key = matched.allowance.key
    for i, r in enumerate(rules):
        if r.live_allowance and r.allowance.key == key:
            return account, rules, i, matched
    return None


async def _rules_of(tx: UnitOfWork, account: Account) -> Rules:
    workspace = (
        None if account.policy is not None else await tx.workspaces.get(account.workspace_id)
    )
    return rules_of(account.policy, workspace.policy if workspace is not None else None) or ()


async def _pause(
    tx: UnitOfWork,
    clock: Clock,
    account: Account,
    rules: Rules,
    index: int,
    matched: Requirement,
    *,
    reason: str,
    cause: str,
    count: int,
    counted: list[Action],
    last: Action,
) -> None:
    """Write the pause, audited as the allowance's own policy change, with its event."""
    assert matched.allowance is not None
    now = clock.now()
    paused = evolve(rules[index], paused=Paused(isoformat(now) or "", reason), resumed_at=None)
    new_rules = stored_json([paused if i == index else r for i, r in enumerate(rules)])
    # Following the workspace default: the account gets its own copy, limits included
    # (the evidence is this account's, so the other accounts keep their allowance).
    copied = None
    if account.policy is None:
        own = await tx.accounts.limits(account.workspace_id, account.id)
        default = await tx.accounts.limits(account.workspace_id, "")
        copied = daily.effective(False, own, default)
    await tx.accounts.update(account.workspace_id, account.id, policy=new_rules)
    if copied is not None:
        await tx.accounts.set_limits(account.workspace_id, account.id, daily.limits_json(copied))
    await record_in(
        tx,
        clock,
        policy_decider(matched.allowance, account.mode, account.workspace_id),
        "account.policy_changed",
        account.id,
        before=account.policy,
        rules=new_rules,
        limits=None if copied is None else daily.limits_json(copied),
        mode=account.mode,
        paused=matched.allowance.name,
    )
    event = Event(
        id=new_id("evt_"),
        workspace_id=account.workspace_id,
        type=PAUSED,
        account_id=account.id,
        data={
            "accountId": account.id,
            "rule": paused.to_json(),
            "name": matched.allowance.name,
            "reason": reason,
            "cause": cause,
            "count": count,
            "of": len(counted),
            "lastActionId": last.id,
        },
        created_at=now,
        mode=account.mode,
    )
    await tx.events.add(event)  # its mail to owners and admins: mail/notifications.py


def _after(when: dt.datetime | None, since: dt.datetime | None) -> bool:
    return since is None or (when is not None and when > since)


def _resumed_at(rule: PolicyRule) -> dt.datetime | None:
    if rule.resumed_at is None:
        return None
    try:
        return dt.datetime.fromisoformat(rule.resumed_at)
    except ValueError:
        return None  # never resumed (or a value a client made up: the whole record counts)


def latest_pause(account: Account) -> tuple[str, str] | None:
    """Why the account's most recently paused rule was paused, and its allowance's name (the
    pause writes `paused.at`); None when none is paused. A chat note of the pause says both."""
    paused = [(r.paused, r) for r in stored_rules(account.policy) or () if r.paused]
    if not paused:
        return None
    pause, rule = max(paused, key=lambda found: found[0].at)
    return pause.reason, rule.allowance.name
