"""Policy suggestions for scripts and pages (`GET /v1/accounts/{id}/policy-suggestions`, the
Activity and Accounts pages), and applying one in one step: an allowance first as a shadow
rule, then live; each step an ordinary, audited policy change (policies.set_account_policy)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.accounts.model import Account
from service.actions.creation import limits_for, rules_for
from service.actions.policies.suggestions import (
    ALLOWANCE,
    KINDS,
    WINDOW_DAYS,
    Suggestion,
    figures_of,
    price_split,
    suggest,
    suggest_admins_above,
    with_suggestion,
)
from service.actions.policies.usecases import set_account_policy
from service.actions.reach import visible_account
from service.actions.types import names
from service.domain.clock import Clock
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store, UnitOfWork

WINDOW = dt.timedelta(days=WINDOW_DAYS)
STAGES = ("shadow", "live")


async def suggestions_in(
    uow: UnitOfWork, account: Account, mode: str, now: dt.datetime
) -> list[Suggestion]:
    """Per type with enough history, its suggestion and an admins-above one where the record
    earns them, from two grouped reads of the index (by day, by price)."""
    start, ws = now - WINDOW, account.workspace_id
    days = await uow.record.type_days(ws, mode, account.id, start, now)
    prices = await uow.record.type_prices(ws, mode, account.id, start, now)
    rules = await rules_for(uow, account)
    found: list[Suggestion | None] = []
    for f in figures_of(days):
        found.append(suggest(account.id, f, rules))
        found.append(suggest_admins_above(account.id, f, price_split(f.type, prices), rules))
    return [s for s in found if s is not None]


async def account_suggestions(
    store: Store, principal: Principal, account_id: str, now: dt.datetime
) -> list[Suggestion]:
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        return await suggestions_in(uow, account, principal.mode, now)


async def apply_suggestion(
    store: Store,
    clock: Clock,
    principal: Principal,
    account_id: str,
    type_: str,
    stage: str,
    kind: str | None = None,
) -> Suggestion:
    """Write the type's suggestion (of `kind`: the first one when None) into the account's
    policy: `shadow` (an allowance that approves nothing yet) or `live`. Worked out again from
    the record now, never taken from the caller. An account following the workspace default gets its own copy of it, limits
    included, with the suggestion in."""
    if type_ not in names():
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Unknown action type.", param="type")
    if stage not in STAGES:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "`stage` is shadow or live.", param="stage")
    if kind is not None and kind not in KINDS:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Unknown suggestion kind.", param="kind")
    now = clock.now()
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        found = [
            s
            for s in await suggestions_in(uow, account, principal.mode, now)
            if s.type == type_ and kind in (None, s.kind)
        ]
        rules = await rules_for(uow, account) or ()
        limits = await limits_for(uow, account)
    if not found:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"There is no suggestion for {type_} on this account (too little history).",
            param="type",
        )
    suggestion = found[0]
    if stage == "shadow" and suggestion.kind != ALLOWANCE:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Only an allowance runs in shadow; apply this suggestion live.",
            param="stage",
        )
    new_rules, new_limits = with_suggestion(suggestion, rules, limits, live=stage == "live")
    await set_account_policy(store, clock, principal, account.id, new_rules, new_limits)
    return suggestion


def suggestion_json(s: Suggestion) -> dict[str, Any]:
    f = s.figures
    return {
        "accountId": s.account_id,
        "type": s.type,
        "kind": s.kind,
        "rule": None if s.rule is None else s.rule.to_json(sparse=True),
        "limit": s.limit.to_json(),
        "state": s.state,
        "because": s.priced.sentence() if s.priced else f.sentence(),
        "figures": {
            "days": f.days,
            "approvedUnedited": f.approved_unedited,
            "edited": f.edited,
            "rejected": f.rejected,
            "expired": f.expired,
            "approvedByAllowance": f.by_allowance,
            "failed": f.failed,
            "busiestDay": f.busiest_day,
        },
    }
