"""Every status an action can be in and every move between them: one table.

A move not in the table is refused (`IllegalMove`), whoever asks. service/actions/lifecycle.py
performs the moves (one conditional write each) and their side effects, read from here:

    from       trigger   to         side effects
    (new)      create    pending    event action.created
    (new)      allow     approved   event action.created, then audit and event action.approved,
                                    wake the executor (an `approvals: 0` policy rule approved it)
    pending    count     pending    audit action.approval_counted (a quorum not yet met)
    pending    edit      pending    audit action.edited (the quorum starts again)
    pending    approve   approved   audit and event action.approved, wake the executor
    pending    reject    rejected   audit action.rejected, event action.rejected
    pending    expire    expired    event action.expired, wake the deliverer
    pending    cancel    cancelled  audit action.cancelled, event action.cancelled, wake the deliverer
    approved   cancel    cancelled  (the same: an approved action not yet claimed never runs)
    approved   claim     executing  -
    executing  succeed   executed   event action.executed, wake the deliverer
    executing  fail      failed     event action.failed, wake the deliverer
    executing  defer     approved   - (the platform surely got nothing: retried at its
                                       `next_attempt_at`, see retries.Patience)
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from attrs import evolve, frozen

from service.actions.model import Action

PENDING, APPROVED, REJECTED, EXPIRED = "pending", "approved", "rejected", "expired"
EXECUTING, EXECUTED, FAILED = "executing", "executed", "failed"
CANCELLED = "cancelled"
"""Additive: ended by whoever asked (or any member) before it ran; spelled as hosted links spell
it, so one word means "stopped on purpose" across the API."""
STATUSES = (PENDING, APPROVED, REJECTED, EXPIRED, EXECUTING, EXECUTED, FAILED, CANCELLED)
LIFETIME = dt.timedelta(hours=24)
"""How long a pending action waits for a decision."""


class Trigger(StrEnum):
    CREATE = "create"
    ALLOW = "allow"
    COUNT = "count"
    EDIT = "edit"
    APPROVE = "approve"
    REJECT = "reject"
    EXPIRE = "expire"
    CLAIM = "claim"
    SUCCEED = "succeed"
    FAIL = "fail"
    DEFER = "defer"
    CANCEL = "cancel"


@frozen
class Move:
    source: str | None  # None: the action is new
    trigger: Trigger
    dest: str
    event: str | None = None  # the outbox event written with the move
    audit: str | None = None  # the audit entry written with the move (a person's decision)
    wake_executor: bool = False  # NOTIFY with the commit, so any process's executor claims it
    wake_deliverer: bool = False  # its event is committed: deliver it now


TABLE: tuple[Move, ...] = (
    Move(None, Trigger.CREATE, PENDING, event="action.created"),
    # An allowance (`approvals: 0`) approves the new action itself; it runs like any approved.
    Move(
        None,
        Trigger.ALLOW,
        APPROVED,
        event="action.approved",
        audit="action.approved",
        wake_executor=True,
    ),
    # An approval that does not complete the policy's quorum, and an approver's edit.
    Move(PENDING, Trigger.COUNT, PENDING, audit="action.approval_counted"),
    Move(PENDING, Trigger.EDIT, PENDING, audit="action.edited"),
    Move(
        PENDING,
        Trigger.APPROVE,
        APPROVED,
        event="action.approved",
        audit="action.approved",
        wake_executor=True,
    ),
    Move(PENDING, Trigger.REJECT, REJECTED, event="action.rejected", audit="action.rejected"),
    Move(PENDING, Trigger.EXPIRE, EXPIRED, event="action.expired", wake_deliverer=True),
    Move(APPROVED, Trigger.CLAIM, EXECUTING),
    Move(EXECUTING, Trigger.SUCCEED, EXECUTED, event="action.executed", wake_deliverer=True),
    Move(EXECUTING, Trigger.FAIL, FAILED, event="action.failed", wake_deliverer=True),
    # A send the platform surely never received waits for its next attempt.
    Move(EXECUTING, Trigger.DEFER, APPROVED),
    # A cancel and the executor's claim both start from `approved`: one conditional write wins.
    Move(
        PENDING,
        Trigger.CANCEL,
        CANCELLED,
        event="action.cancelled",
        audit="action.cancelled",
        wake_deliverer=True,
    ),
    Move(
        APPROVED,
        Trigger.CANCEL,
        CANCELLED,
        event="action.cancelled",
        audit="action.cancelled",
        wake_deliverer=True,
    ),
)


FINAL = frozenset(s for s in STATUSES if not any(m.source == s for m in TABLE))
"""The statuses no move leaves: rejected, expired, executed, failed, cancelled."""


class IllegalMove(ValueError):
    """A move the table does not have: a bug in the caller, never a client's error."""


def move(trigger: Trigger, source: str | None) -> Move:
    for candidate in TABLE:
        if candidate.trigger == trigger and candidate.source == source:
            return candidate
    raise IllegalMove(f"an action cannot {trigger} from {source or 'nothing'}")


def sources(trigger: Trigger) -> tuple[str, ...]:
    """The statuses `trigger` moves from: the condition of its conditional write."""
    return tuple(m.source for m in TABLE if m.trigger == trigger and m.source is not None)


def expired_on_read(action: Action, now: dt.datetime) -> bool:
    return action.status == PENDING and action.expires_at <= now


def effective(action: Action, now: dt.datetime) -> Action:
    """A pending action past its expiry is expired wherever it is read, before the sweeper
    persists it (lifecycle.expire_due): the table's `expire` move, applied to the view."""
    if expired_on_read(action, now):
        return evolve(action, status=move(Trigger.EXPIRE, action.status).dest)
    return action
