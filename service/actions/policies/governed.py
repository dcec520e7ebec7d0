"""Creating an action its account's policy governs: a daily limit, an allowance, or both.

Nothing is locked. An allowance's uses are numbered and a number is unique, so the check and
the write are one statement (on PostgreSQL) that a concurrent creation can only make fail,
never overrun: one that lost the race for the next number writes nothing and tries again, and
sees the winner's use. A daily limit works the same way: the statement that writes the action
counts each limit's window and takes the account's next number, so of two creations that
counted the same window one writes nothing and counts again; a limit is never passed, on any
number of replicas, and the account's creations do not queue behind a lock. Creations of one
process take the number in turn, so only replicas race. SQLite's single writer holds the
database for the whole unit of work: there the count and the write simply follow each other.

The account's writes switch and availability were read just before, as for an ungoverned
creation; the executor checks both again before anything runs.

Shadow allowances: a rule with `approvals: 0` and `shadow: true` approves nothing, and marks
each action it matches with what it would have done were it live (`shadow: {wouldApprove,
rule}`), so an owner sees an allowance's record before it may act alone.

It would approve when every live rule the action matches says 0 too (policy.requirement) and
it would have approved fewer than `maxPerDay` of the account's actions in the last 24 hours. The
count reads the shadow's own index and is not locked: creations racing on one account may each
see the last free use, so a shadow's day can show a few more than a live allowance would have
taken. That is a forecast's error, not a guard's, and it buys creation under a shadow rule the
cost of one indexed read.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from service.actions import lifecycle
from service.actions.model import Action, AllowedWrite, GovernedWrite, LimitCap
from service.actions.policies import allowances
from service.actions.policies import limits as daily
from service.actions.policies.allowances import WINDOW
from service.actions.policies.policy import Requirement
from service.actions.policies.policy_rule import Allowance
from service.domain.clock import Clock
from service.domain.storage_errors import DuplicateError, StorageBusy
from service.errors.api_error import ApiError
from service.ports import Store, UnitOfWork

RACES = 50
"""Lost races for a number before the creation answers 503: each loss means another creation
on the same account was written, so this is fifty writes in the time of one statement."""


def caps_of(action: Action, limits: Sequence[daily.DailyLimit]) -> list[LimitCap]:
    """The limits as the write checks them: windows ending at the action's creation."""
    now = action.created_at
    return [LimitCap(limit.types, limit.per_day, now - daily.WINDOW, now) for limit in limits]


def refusal(
    action: Action, limits: Sequence[daily.DailyLimit], written: GovernedWrite
) -> ApiError | None:
    """`write_limit_exceeded` for the first limit the write found full, else None."""
    for limit, (used, oldest) in zip(limits, written.windows, strict=True):
        refused = daily.exceeded(limit, daily.Window(used, oldest), action.created_at)
        if refused is not None:
            return refused
    return None


async def create(
    store: Store,
    clock: Clock,
    action: Action,
    *,
    allowance: Allowance | None,
    limits: Sequence[daily.DailyLimit],
) -> tuple[Action, bool]:
    """Write `action` (built pending) under its limits and allowance: `(action, True)`, or the
    action that had already taken its idempotency key and False (a retry is answered as before,
    even once a limit is reached)."""
    caps = caps_of(action, limits)
    for _ in range(RACES):
        try:
            async with store.single_statement() as uow:
                written, outcome = await _write(uow, clock, action, allowance, caps)
                if outcome.outcome is AllowedWrite.WRITTEN:
                    return written, True
                # A retry of an action already created is answered as before, whatever
                # changed; looked up only when nothing was written.
                taken = await uow.actions.get_by_idempotency_key(
                    action.workspace_id, action.idempotency_key
                )
                if taken is None:
                    refused = refusal(action, limits, outcome)
                    assert refused is not None, outcome  # nothing written, no key taken
                    raise refused
            return taken, False
        except DuplicateError:
            continue  # another creation took the next number: count again
    raise StorageBusy("too many creations at once under one account's allowance or limits")


async def _write(
    uow: UnitOfWork,
    clock: Clock,
    action: Action,
    allowance: Allowance | None,
    caps: Sequence[LimitCap],
) -> tuple[Action, GovernedWrite]:
    if allowance is not None:
        return await allowances.create_under(uow, clock, action, allowance, caps)
    return action, await lifecycle.create_limited(uow, action, caps)


async def verdict(
    uow: UnitOfWork,
    needs: Requirement,
    workspace_id: str,
    mode: str,
    account_id: str,
    now: dt.datetime,
) -> dict[str, Any]:
    """The action's `shadow` and `shadow_key` columns (empty when no shadow rule matched)."""
    shadow = needs.shadow
    if shadow is None:
        return {}
    would = needs.shadow_would
    if would:
        used = await uow.record.shadow_used(
            workspace_id, mode, account_id, shadow.key, now - WINDOW, shadow.per_day
        )
        would = used < shadow.per_day
    return {
        "shadow": {"wouldApprove": would, "rule": shadow.name},
        "shadow_key": shadow.key if would else None,
    }
