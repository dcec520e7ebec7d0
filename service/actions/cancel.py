"""Cancelling an action so that it never runs: the rules every channel shares.

A pending action (before its expiry) or an approved one the executor has not claimed can be
cancelled, by a key with the `write` scope that reaches the account or by any member in the
dashboard: stopping a write is always the safe direction, so it needs no more than asking for
one. Anything further along gets `409`: `action_expired` for a pending action past its expiry,
`action_not_pending` for the rest (already running, run, rejected or cancelled).
"""

from __future__ import annotations

from service.actions import lifecycle
from service.actions.model import Action
from service.actions.transitions import APPROVED, EXPIRED, PENDING, expired_on_read
from service.domain.access import reaches, require
from service.domain.clock import Clock
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store

CANCELLABLE = (PENDING, APPROVED)
ATTEMPTS = 5
"""Reads-and-writes before giving up while approvals keep landing between them."""


def _visible(principal: Principal, action: Action | None) -> Action:
    if action is None or not reaches(principal, action.account_id, action.mode):
        raise ApiError(ErrorCode.ACTION_NOT_FOUND, param="actionId")
    return action


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
