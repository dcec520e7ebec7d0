"""The only writer of an action's status.

Each function performs one move of the table in transitions.py as one conditional write
(`UPDATE … WHERE status IN (the move's sources) RETURNING`), and the move's side effects
(event, audit entry, wake-ups) in the same unit of work. Use cases, the expirer and the
executor ask this module; none of them writes a status.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from typing import Any, Unpack

from attrs import evolve

from service.accounts import status as account_status
from service.actions.execution.patience import Patience
from service.actions.model import Action, AllowanceUse, GovernedWrite, LimitCap
from service.actions.outcomes import Executed, Failed, Outcome, Unsent
from service.actions.render import action_record
from service.actions.repository import ACTIONS_CHANNEL, ActionChanges
from service.actions.transitions import EXECUTING, PENDING, Move, Trigger, move, sources
from service.domain.audit import entry as audit_entry
from service.domain.audit import record_in
from service.domain.clock import Clock, isoformat
from service.domain.events import Event
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.ports import Store, UnitOfWork

log = logging.getLogger("countersign.actions")

Notifier = Callable[[], None]
"""Wakes a worker of this process (injected by the caller)."""


def action_event(kind: str, action: Action, now: dt.datetime) -> Event:
    """An `action.*` event: the action as the API shows it at `now`, less the `approvalUrl`
    that the webhook envelope adds (events carry ids; the edge adds the service's address)."""
    return Event(
        id=new_id("evt_"),
        workspace_id=action.workspace_id,
        type=kind,
        account_id=action.account_id,
        data=action_record(action, now),
        created_at=now,
        mode=action.mode,
    )


async def create(uow: UnitOfWork, action: Action) -> bool:
    """Write a new pending action and its event, unless its idempotency key was used (False)."""
    made = move(Trigger.CREATE, None)
    if action.status != made.dest:
        raise ValueError(f"a new action is {made.dest}, not {action.status}")
    assert made.event is not None
    event = action_event(made.event, action, action.created_at)
    return await uow.actions.add_with_event(action, event)


async def create_limited(
    uow: UnitOfWork, action: Action, caps: Sequence[LimitCap]
) -> GovernedWrite:
    """`create` held to the daily limits `caps`: nothing is written when one is reached
    (LIMIT_REACHED). One repository write (one statement on PostgreSQL)."""
    made = move(Trigger.CREATE, None)
    if action.status != made.dest:
        raise ValueError(f"a new action is {made.dest}, not {action.status}")
    assert made.event is not None
    event = action_event(made.event, action, action.created_at)
    return await uow.actions.add_governed(action, [event], None, None, caps)


async def create_allowed(
    uow: UnitOfWork,
    clock: Clock,
    decider: Principal,
    action: Action,
    use: AllowanceUse,
    caps: Sequence[LimitCap] = (),
) -> GovernedWrite:
    """Write a new action an allowance approved, unless the allowance is used up, one of the
    daily limits `caps` is reached or its key was taken: `action.created`, the `allow` move's
    audit entry, `action.approved`, the use and the executor's wake-up, in one repository
    write (one statement on PostgreSQL)."""
    allowed = move(Trigger.ALLOW, None)
    if action.status != allowed.dest:
        raise ValueError(f"an allowed action is {allowed.dest}, not {action.status}")
    created = move(Trigger.CREATE, None)
    assert created.event is not None
    events = [action_event(created.event, action, action.created_at)]
    if allowed.event is not None:
        # The same action at the same moment: one rendering serves both events.
        events.append(evolve(events[0], id=new_id("evt_"), type=allowed.event))
    audit = (
        None
        if allowed.audit is None
        else audit_entry(clock, decider, allowed.audit, action.id, mode=action.mode)
    )
    wake = ACTIONS_CHANNEL if allowed.wake_executor else None
    if caps:
        return await uow.actions.add_governed(action, events, audit, use, caps, wake)
    return GovernedWrite(await uow.actions.add_allowed(action, events, audit, use, wake), ())


def approval_of(principal: Principal, now: dt.datetime) -> dict[str, Any]:
    """One entry of an action's `approvals`: `who` (internal) tells people apart."""
    return {**principal.decider(), "at": isoformat(now), "who": approver_id(principal)}


def approver_id(principal: Principal) -> str:
    """Who counts once toward a quorum: the person, or the label of a caller that is not one."""
    return principal.user_id or f"{principal.kind}:{principal.label}"


async def decide(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: Action,
    *,
    approve: bool,
    note: str | None,
    now: dt.datetime,
) -> Action | None:
    """Approve or reject a pending action that has not expired; None when it moved since it
    was read (another decision, an approval or an edit: the caller reads it again) or expired.

    An approval that leaves the quorum short is counted (`count`, the action stays pending);
    the one that meets it approves. Both are conditional on the action's `revision`, so two
    people approving at once on two replicas never both count from the same state."""
    if not approve:
        decision = move(Trigger.REJECT, PENDING)
        extra: ActionChanges = {
            "decided_by": principal.decider(),
            "decided_at": now,
            "decision_note": note,
        }
    else:
        approvals = [*action.approvals, approval_of(principal, now)]
        complete = len(approvals) >= action.approvals_required
        decision = move(Trigger.APPROVE if complete else Trigger.COUNT, PENDING)
        extra = {"approvals": approvals, "revision": action.revision + 1}
        if complete:
            extra |= {"decided_by": principal.decider(), "decided_at": now, "decision_note": note}
    decided = await tx.actions.transition(
        action.id,
        sources(decision.trigger),
        decision.dest,
        not_expired_at=now,
        if_revision=action.revision if approve else None,
        **extra,
    )
    if decided is not None:
        await _effects(tx, decision, decided, now)
        if decision.audit is not None:
            details: dict[str, Any] = {"note": note, "mode": decided.mode}
            if approve:
                details["approvals_needed"] = decided.approvals_needed
            await record_in(tx, clock, principal, decision.audit, decided.id, **details)
    return decided


async def edit(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: Action,
    *,
    now: dt.datetime,
    **changes: Unpack[ActionChanges],
) -> Action | None:
    """Replace what a pending action will run (params, summary, estimate, warnings, price):
    approvals given before no longer count. None when the action moved since it was read."""
    edited_move = move(Trigger.EDIT, PENDING)
    values: ActionChanges = {
        **changes,
        "approvals": [],
        "revision": action.revision + 1,
        "edited_by": principal.decider(),
        "edited_at": now,
    }
    edited = await tx.actions.transition(
        action.id,
        sources(edited_move.trigger),
        edited_move.dest,
        not_expired_at=now,
        if_revision=action.revision,
        **values,
    )
    if edited is not None and edited_move.audit is not None:
        await record_in(tx, clock, principal, edited_move.audit, edited.id, mode=edited.mode)
    return edited


async def cancel(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: Action,
    *,
    note: str | None,
    now: dt.datetime,
) -> Action | None:
    """End a pending action (before its expiry) or an approved one not yet claimed, so that it
    never runs; None when it moved since it was read. Conditional on the status read: a cancel
    and the executor's claim of the same approved action never both win."""
    cancelling = move(Trigger.CANCEL, action.status)
    cancelled = await tx.actions.transition(
        action.id,
        (cancelling.source,) if cancelling.source is not None else (),
        cancelling.dest,
        not_expired_at=now if action.status == PENDING else None,
        decided_by={**principal.decider(), "kind": principal.kind},
        decided_at=now,
        decision_note=note,
    )
    if cancelled is not None:
        await _effects(tx, cancelling, cancelled, now)
        if cancelling.audit is not None:
            await record_in(
                tx,
                clock,
                principal,
                cancelling.audit,
                cancelled.id,
                note=note,
                was=action.status,
                mode=cancelled.mode,
            )
    return cancelled


async def expire(tx: UnitOfWork, action: Action, *, now: dt.datetime) -> Action | None:
    """Persist what every read already shows (transitions.effective), with its event."""
    expiry = move(Trigger.EXPIRE, PENDING)
    expired = await tx.actions.transition(action.id, sources(expiry.trigger), expiry.dest)
    if expired is not None:
        await _effects(tx, expiry, expired, now)
    return expired


async def expire_due(store: Store, now: dt.datetime) -> Sequence[str]:
    """Every pending action past its expiry, in one statement (the storage builds it from
    the table's `expire` move), each with its `action.expired` event in the same transaction."""
    expiry = move(Trigger.EXPIRE, PENDING)
    async with store.transaction() as uow:
        expired = await uow.actions.expire_due(now)
        for action in expired:
            await _effects(uow, expiry, action, now)
    return [action.id for action in expired]


async def claim_next(uow: UnitOfWork, worker: str, now: dt.datetime) -> Action | None:
    """The oldest approved action, now `executing` and claimed by `worker` (the table's `claim`
    move, built into the storage's one conditional statement)."""
    return await uow.actions.claim_next(worker, now)


async def finish(
    store: Store,
    clock: Clock,
    action: Action,
    outcome: Outcome,
    *,
    wake_deliverer: Notifier,
    patience: Patience | None = None,
) -> Action | None:
    """End an executing action `executed` or `failed`, with its event, or (`Unsent`, while
    `patience` lasts) put it back `approved` until its next attempt; None when it had already
    left `executing` (another finisher got there first)."""
    now = clock.now()
    if isinstance(outcome, Unsent):
        deferred, outcome = await _defer(store, action, outcome, now, patience or Patience())
        if deferred is not None or isinstance(outcome, Unsent):
            return deferred
    done_move = move(Trigger.SUCCEED if isinstance(outcome, Executed) else Trigger.FAIL, EXECUTING)
    async with store.transaction() as uow:
        if isinstance(outcome, Executed):
            done = await uow.actions.transition(
                action.id,
                sources(done_move.trigger),
                done_move.dest,
                result=outcome.result,
                error=None,
                executed_at=now,
            )
        else:
            done = await uow.actions.transition(
                action.id,
                sources(done_move.trigger),
                done_move.dest,
                result=None,
                error=outcome.error(),
                executed_at=None,
            )
        if done is None:
            log.warning("action %s left executing before it was finished", action.id)
            return None
        await _effects(uow, done_move, done, now)
        if isinstance(outcome, Failed) and outcome.account_status is not None:
            was = outcome.account_was
            if was is not None:
                # Only from the state it was in when the action ran: a relink meanwhile, with
                # its new session, is never undone.
                await account_status.platform_said(
                    uow, was, outcome.account_status, outcome.message, now
                )
    if done_move.wake_deliverer:
        wake_deliverer()
    return done


async def _defer(
    store: Store, action: Action, unsent: Unsent, now: dt.datetime, patience: Patience
) -> tuple[Action | None, Outcome]:
    """`approved` again with the schedule written on the row (so it survives restarts and any
    replica's executor picks it up when due); or, once the patience or the action's own expiry
    ran out, the failure to record instead, saying nothing was sent."""
    attempts = action.execution_attempts + unsent.attempts
    since = action.retrying_since or now
    due = patience.next_attempt(since, attempts, unsent.retry_after, now)
    # A scheduled action's expiry is its run time, already past: only the patience bounds it.
    if due is not None and action.run_at is None and due >= action.expires_at:
        return None, Failed(
            unsent.code,
            f"{unsent.message} The action expired (at {isoformat(action.expires_at)}) while "
            f"waiting for the platform, after {attempts} attempts. Nothing was sent to the "
            "platform; create the action again when it is back.",
        )
    if due is None:
        waited = max(round((now - since).total_seconds() / 60), 1)
        return None, Failed(
            unsent.code,
            f"{unsent.message} The platform refused every attempt for {waited} minutes "
            f"({attempts} attempts), so the service stopped trying. Nothing was sent to the "
            "platform; create the action again when it is back.",
        )
    later = move(Trigger.DEFER, EXECUTING)
    async with store.transaction() as uow:
        deferred = await uow.actions.transition(
            action.id,
            sources(later.trigger),
            later.dest,
            claimed_by=None,
            claimed_at=None,
            execution_attempts=attempts,
            last_error=unsent.error(),
            next_attempt_at=due,
            retrying_since=since,
        )
    if deferred is None:
        log.warning("action %s left executing before it was deferred", action.id)
    else:
        log.info("action %s: the platform got nothing; next attempt at %s", action.id, due)
    return deferred, unsent


async def _effects(uow: UnitOfWork, done: Move, action: Action, now: dt.datetime) -> None:
    """The table's side effects that commit with the move (audit needs the caller's words)."""
    if done.wake_executor:
        await uow.notify(ACTIONS_CHANNEL)
    if done.event is not None:
        await uow.events.add(action_event(done.event, action, now))
