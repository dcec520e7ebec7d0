"""Deciding a pending action: approve (after an optional edit of its params) or reject, with
who may decide it under its policy and the note's limit (docs/actions.md).

One conditional write decides a race; the loser reads the action again. The status moves
themselves are lifecycle.py's.

Cancelling an action so that it never runs (the rules every channel shares):

A pending action (before its expiry) or an approved one the executor has not claimed can be
cancelled, by a key with the `write` scope that reaches the account or by any member in the
dashboard: stopping a write is always the safe direction, so it needs no more than asking for
one. Anything further along gets `409`: `action_expired` for a pending action past its expiry,
`action_not_pending` for the rest (already running, run, rejected or cancelled).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.facts import as_sent, work_out_facts
from service.actions.lifecycle import Notifier
from service.actions.model import Action
from service.actions.policies import pausing
from service.actions.policies.edits import check_narrowing
from service.actions.policies.policy_rule import ADMINS
from service.actions.reach import unavailable, writes_off
from service.actions.transitions import APPROVED, EXPIRED, PENDING, REJECTED, expired_on_read
from service.actions.types import type_of
from service.domain.access import holder, reaches, require
from service.domain.clock import Clock
from service.domain.permissions import Permission, allowed
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store, UnitOfWork


class _Moved(Exception):
    """The action changed between the read and the conditional write: read it again."""


ATTEMPTS = 5
"""Reads-and-writes before giving up when other approvals keep landing first."""


NOTE_MAX = 500
"""Characters a decision note may hold: it is shown whole beside the decision."""


def _visible(principal: Principal, action: Action | None) -> Action:
    if action is None or not reaches(principal, action.account_id, action.mode):
        raise ApiError(ErrorCode.ACTION_NOT_FOUND, param="actionId")
    return action


def check_note(note: str | None) -> None:
    """The note limit, whichever channel the decision comes through."""
    if note is not None and len(note) > NOTE_MAX:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"The note can be at most {NOTE_MAX} characters.",
            param="note",
        )


async def decide_action(
    store: Store,
    clock: Clock,
    principal: Principal,
    action_id: str,
    *,
    approve: bool,
    note: str | None,
    wake_executor: Notifier,
    params: dict[str, Any] | None = None,
) -> Action:
    """Approve (after an optional edit of `params`) or reject a pending action.

    One conditional write decides who wins a race: when another approval or edit landed
    between the read and the write, the action is read again and the rules applied to what
    it is now. An approval that completes the quorum wakes the executor: this process's
    through `wake_executor`, other processes' through the store's notification."""
    require(principal, Permission.ACTIONS_DECIDE)
    check_note(note)
    for _ in range(ATTEMPTS):
        now = clock.now()
        try:
            async with store.transaction() as tx:
                action = _visible(
                    principal, await tx.actions.get(principal.workspace_id, action_id)
                )
                decided = None
                if expired_on_read(action, now):
                    await lifecycle.expire(
                        tx, action, now=now
                    )  # persist what every read already shows
                elif action.status != EXPIRED:
                    decided = await _decide_in(
                        tx, clock, principal, action, approve, note, params, now
                    )
        except _Moved:
            continue
        if decided is None:
            raise ApiError(ErrorCode.ACTION_EXPIRED)  # after the commit that persisted the expiry
        if decided.status != PENDING and approve:
            wake_executor()
        if decided.status == REJECTED:  # too many turned down past an allowance: pausing.py
            await pausing.after_rejection(store, clock, decided)
        return decided
    raise ApiError(
        ErrorCode.ACTION_NOT_PENDING,
        "Other people kept deciding this action at the same moment; "
        "nothing was changed. Reload it and try again.",
    )


def refusal(principal: Principal, action: Action, *, approve: bool) -> ApiError | None:
    """Why this person may not decide this pending action under its policy (None: they may).
    The dashboard shows the same sentence beside the disabled button."""
    if action.approvers == ADMINS and not allowed(
        holder(principal), Permission.ACTIONS_DECIDE_RESTRICTED
    ):
        return ApiError(
            ErrorCode.MISSING_PERMISSION,
            "This account's approval policy lets only admins and owners decide this action.",
            permission=Permission.ACTIONS_DECIDE_RESTRICTED.value,
        )
    if not approve:
        return None
    if principal.kind == "user" and action.requested_by_user == principal.user_id:
        return ApiError(
            ErrorCode.MISSING_PERMISSION,
            "You asked for this action, so someone else must approve it.",
            permission=SELF_APPROVAL,
        )
    if lifecycle.approver_id(principal) in {a.get("who") for a in action.approvals}:
        return ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"You already approved this action; it needs {action.approvals_needed} more "
            f"approval{'s' if action.approvals_needed != 1 else ''} from someone else.",
            permission=SECOND_APPROVAL,
        )
    return None


SELF_APPROVAL = "actions.approve_own"
"""`error.permission` when a person approves their own request: no role holds it."""
SECOND_APPROVAL = "actions.approve_twice"
"""`error.permission` when a person approves an action a second time: no role holds it."""


async def _decide_in(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: Action,
    approve: bool,
    note: str | None,
    params: dict[str, Any] | None,
    now: dt.datetime,
) -> Action:
    """The decision's rules, then the lifecycle's conditional writes (edit, then decision)."""
    if action.status != PENDING:
        raise ApiError(
            ErrorCode.ACTION_NOT_PENDING,
            f"The action is already {action.status}; nothing was changed.",
        )
    refused = refusal(principal, action, approve=approve)
    if refused is not None:
        raise refused
    if approve:
        account = await tx.accounts.get(action.workspace_id, action.account_id)
        if account is not None and not account.writes_enabled:
            raise writes_off(account)
        if account is not None and account.unavailable and action.mode == "live":
            raise unavailable(account)
        if params is not None and account is not None:
            action = await _edit(tx, clock, principal, action, account, params, now)
    decided = await lifecycle.decide(
        tx, clock, principal, action, approve=approve, note=note, now=now
    )
    if decided is None:
        current = await tx.actions.get(action.workspace_id, action.id)
        if current is not None and current.status == PENDING and not expired_on_read(current, now):
            raise _Moved  # another approval or edit landed first: apply the rules again
        raise ApiError(ErrorCode.ACTION_NOT_PENDING, "Someone else decided this action first.")
    return decided


async def _edit(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: Action,
    account: Account,
    params: dict[str, Any],
    now: dt.datetime,
) -> Action:
    """The approver's narrower params, normalised as at creation, with summary, estimate and
    warnings worked out again; the quorum starts again. Unchanged params are no edit."""
    sent = as_sent(params)
    if sent == action.params:
        return action
    check_narrowing(action.params, sent)
    facts = await work_out_facts(tx, account, type_of(action.type), sent)
    edited = await lifecycle.edit(
        tx,
        clock,
        principal,
        action,
        now=now,
        requested_params=action.requested_params or action.params,
        **facts.columns(sent),
    )
    if edited is None:
        raise _Moved
    return edited


CANCELLABLE = (PENDING, APPROVED)


def _too_late(action: Action) -> ApiError:
    if action.status == EXPIRED:
        return ApiError(
            ErrorCode.ACTION_EXPIRED,
            "The action expired before it was decided; it will never run, so there is "
            "nothing to cancel.",
        )
    return ApiError(
        ErrorCode.ACTION_NOT_PENDING,
        f"The action is already {action.status}, so it can no longer be cancelled; only a "
        "pending action, or an approved one that has not started, can be.",
    )


async def cancel_action(
    store: Store,
    clock: Clock,
    principal: Principal,
    action_id: str,
    *,
    note: str | None,
    wake_deliverer: lifecycle.Notifier,
) -> Action:
    """The action, now `cancelled`, with who cancelled it in `decidedBy`.

    The write is conditional on the status just read: when an approval landed in between, the
    action is read again and cancelled from `approved`; when the executor claimed it first, the
    cancel loses and says so."""
    if principal.kind == "user":
        require(principal, Permission.ACTIONS_DECIDE)
    for _ in range(ATTEMPTS):
        now = clock.now()
        cancelled = None
        async with store.transaction() as tx:
            action = _visible(principal, await tx.actions.get(principal.workspace_id, action_id))
            if expired_on_read(action, now):
                await lifecycle.expire(tx, action, now=now)
                expired = True
            else:
                expired = False
                if action.status not in CANCELLABLE:
                    raise _too_late(action)
                cancelled = await lifecycle.cancel(tx, clock, principal, action, note=note, now=now)
        if expired:  # after the commit that persisted what every read already showed
            raise ApiError(ErrorCode.ACTION_EXPIRED)
        if cancelled is not None:
            wake_deliverer()
            return cancelled
    raise ApiError(
        ErrorCode.ACTION_NOT_PENDING,
        "The action kept changing while it was being cancelled; nothing was changed. "
        "Read it again and retry.",
    )
