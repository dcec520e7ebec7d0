"""Approval allowances: an `approvals: 0` rule approves up to `maxPerDay` matching actions per
account in any 24 hours, at creation; beyond that an action waits for one person.

Each use is numbered, and the check and the write are one repository write: creations on any
number of replicas never take more than the allowance (service/actions/policies/governed.py says how a
race is settled). Only creations under an allowance take this path; every other creation keeps
the one-statement insert.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from attrs import evolve, frozen

from service.actions import lifecycle
from service.actions.model import Action, AllowanceUse, AllowedWrite, GovernedWrite, LimitCap
from service.actions.policies.policy_rule import Allowance, PolicyRule
from service.actions.transitions import APPROVED
from service.actions.warnings import warning
from service.domain.clock import Clock
from service.domain.principal import Principal
from service.ports import UnitOfWork

WINDOW = dt.timedelta(hours=24)
"""Allowances count over a rolling day, not a calendar one: no burst at midnight."""
USED_UP = "allowance_used_up"


def policy_decider(allowance: Allowance, mode: str, workspace_id: str) -> Principal:
    """Who approved an action under an allowance: the rule, named in `decidedBy` and the audit."""
    return Principal(
        workspace_id=workspace_id,
        mode=mode,
        kind="policy",
        label=allowance.name,
        scopes=frozenset(),
    )


def decided_by(allowance: Allowance) -> dict[str, Any]:
    return {"kind": "policy", "name": allowance.name, "email": ""}


async def create_under(
    tx: UnitOfWork,
    clock: Clock,
    action: Action,
    allowance: Allowance,
    caps: Sequence[LimitCap] = (),
) -> tuple[Action, GovernedWrite]:
    """Write `action` (built pending) approved by `allowance`, or, once it is used up, pending
    for one person with a warning saying so, either held to the daily limits `caps`. Returns
    the action as it would be written and what the write came to (WRITTEN, KEY_TAKEN, or
    LIMIT_REACHED). Raises DuplicateError when a concurrent creation took the allowance's next
    use or the account's next number (service/actions/policies/governed.py tries again)."""
    now = action.created_at
    approved = evolve(
        action,
        status=APPROVED,
        approvals_required=0,
        decided_by=decided_by(allowance),
        decided_at=now,
    )
    decider = policy_decider(allowance, action.mode, action.workspace_id)
    use = AllowanceUse(allowance.key, allowance.per_day, now - WINDOW)
    written = await lifecycle.create_allowed(tx, clock, decider, approved, use, caps)
    if written.outcome is not AllowedWrite.USED_UP:
        return approved, written
    waiting = evolve(
        action,
        approvals_required=1,
        warnings=[
            *action.warnings,
            warning(
                USED_UP,
                f"The policy's allowance ({allowance.name}) is used up for the last 24 hours, "
                "so this action needs a person's approval.",
                None,
            ),
        ],
    )
    if caps:
        return waiting, await lifecycle.create_limited(tx, waiting, caps)
    inserted = await lifecycle.create(tx, waiting)
    return waiting, GovernedWrite(AllowedWrite.WRITTEN if inserted else AllowedWrite.KEY_TAKEN, ())


@frozen
class Use:
    """One allowance of an account's policy and how much of it the last 24 hours used."""

    name: str
    used: int
    per_day: int


async def uses(
    uow: UnitOfWork,
    workspace_id: str,
    account_id: str,
    rules: Sequence[PolicyRule] | None,
    now: dt.datetime,
) -> list[Use]:
    """Each `approvals: 0` rule of `rules` (the account's, or the workspace default it follows)
    with its use over the last 24 hours (one indexed count each)."""
    found = []
    for rule in rules or ():
        if not rule.live_allowance:
            continue  # a shadow rule uses nothing: its record is on the Activity page
        allowance = rule.allowance
        count = await uow.actions.allowance_used(
            workspace_id, account_id, allowance.key, now - WINDOW, allowance.per_day
        )
        found.append(Use(allowance.name, count, allowance.per_day))
    return found
