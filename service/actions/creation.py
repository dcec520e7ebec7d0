"""Creating an action: the request's fingerprint, the rules and limits it is held to, the
schedule check, the replay of a retried Idempotency-Key, and the write (docs/actions.md).

Every channel (REST, the dashboard, MCP through REST) calls `create_action`; asking again
(ask_again.py) builds its new action with the same pieces. The status moves themselves are
lifecycle.py's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from attrs import frozen

from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.execution import schedule
from service.actions.facts import Facts, as_sent, work_out_facts
from service.actions.model import Action
from service.actions.policies import governed, limits
from service.actions.policies.policy import Requirement, requirement
from service.actions.policies.policy_rule import Rules, rules_of
from service.actions.reach import unavailable, visible, writes_off
from service.actions.transitions import APPROVED, LIFETIME, PENDING
from service.actions.types import price_of, type_of
from service.domain.clock import Clock, isoformat
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store, UnitOfWork

Notifier = Callable[[], None]
"""Wakes this process's executor after an approval commits (injected by the caller)."""
Reading = Callable[[], AbstractAsyncContextManager[UnitOfWork]]
"""Opens a read-only unit of work: the store's, or the request's (`Call.reading`)."""


def fingerprint(
    account_id: str,
    mode: str,
    type_: str,
    params: dict[str, Any],
    run_at: dt.datetime | None = None,
) -> str:
    """What makes two requests "the same action" for idempotency rules 2, 3 and 5. `runAt`
    counts as the instant it names (any offset); without it the fingerprint is as it always was,
    so stored actions still match their retries."""
    parts: list[Any] = [account_id, mode, type_, params]
    if run_at is not None:
        parts.append(isoformat(run_at))
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


async def _account_and_rules(
    tx: UnitOfWork, principal: Principal, account_id: str
) -> tuple[Account, Rules | None, limits.Limits]:
    """The account (as `visible_account`), the approval rules a new action of it gets and
    its daily limits (the policy is inherited whole), in one read."""
    found = await tx.accounts.get_for_create(principal.workspace_id, account_id)
    account = visible(found.account if found else None, principal, account_id)
    assert found is not None
    caps = limits.effective(account.policy is not None, found.own_limits, found.default_limits)
    return account, rules_of(account.policy, found.default_rules), caps


async def rules_for(uow: UnitOfWork, account: Account) -> Rules | None:
    """The rules a new action of `account` gets (the workspace is read only when it follows
    the default)."""
    workspace = (
        None if account.policy is not None else await uow.workspaces.get(account.workspace_id)
    )
    return rules_of(account.policy, workspace.policy if workspace is not None else None)


async def limits_for(uow: UnitOfWork, account: Account) -> limits.Limits:
    """The daily limits a new action of `account` is held to: its own with rules of its own,
    else the workspace default's (the policy is inherited whole)."""
    own = await uow.accounts.limits(account.workspace_id, account.id)
    default = (
        None if account.policy is not None else await uow.accounts.limits(account.workspace_id, "")
    )
    return limits.effective(account.policy is not None, own, default)


def needs_of(rules: Rules | None, type_: str, sent: dict[str, Any], facts: Facts) -> Requirement:
    """What the policy asks of a new action. It is captured now and stored on the action
    (docs/policies.md: a later change never alters the rules of an action already waiting)."""
    price = (price_of(sent) or {}).get("amount", 0)
    return requirement(rules, type_, price, facts.estimated_recipients)


def new_action(
    principal: Principal,
    account: Account,
    type_: str,
    sent: dict[str, Any],
    facts: Facts,
    needs: Requirement,
    idempotency_key: str,
    fp: str,
    mode: str,
    now: dt.datetime,
    run_at: dt.datetime | None = None,
    **extra: Any,
) -> Action:
    return Action(
        id=new_id("act_"),
        workspace_id=principal.workspace_id,
        account_id=account.id,
        mode=mode,
        type=type_,
        status=PENDING,
        requested_by=principal.requested_by(),
        requested_by_user=principal.user_id if principal.kind == "user" else None,
        idempotency_key=idempotency_key,
        fingerprint=fp,
        created_at=now,
        # A scheduled action is open for approval until it is due, and expires if still pending.
        expires_at=run_at or now + LIFETIME,
        run_at=run_at,
        approvals_required=needs.approvals,
        approvers=needs.approvers,
        escalate_at=None
        if needs.escalate_after is None
        else now + dt.timedelta(minutes=needs.escalate_after),
        price_cents=(price_of(sent) or {}).get("amount"),
        **facts.columns(sent),
        **extra,
    )


@frozen
class Created:
    action: Action
    replayed: bool
    """True when the Idempotency-Key had already created this action (a retry)."""


async def create_action(
    store: Store,
    clock: Clock,
    principal: Principal,
    account_id: str,
    idempotency_key: str,
    type_: str,
    params: dict[str, Any],
    *,
    run_at: str | None = None,
    wake_executor: Notifier | None = None,
    reading: Reading | None = None,
) -> Created:
    """Store a new action, pending or approved by its policy's allowance; `wake_executor`
    starts this process's executor on one approved at once (other processes hear the NOTIFY
    sent with its commit). The reads before the write run in `reading`'s units, one after the
    other (the API's: its first is the unit the key was read in)."""
    reading = reading or store.reading
    kind = type_of(type_)  # the edge validated `type` against the same registry's names
    when = schedule.parse(run_at)
    # The request as the client sent it.
    fp = fingerprint(account_id, principal.mode, type_, params, when)
    if when is not None:
        await _check_schedule(reading, clock, principal, idempotency_key, fp, when)
    sent = as_sent(params)
    # The account and synced data are read before the write: they never hold the write lock.
    # Reading the account again with the write would guard nothing more: a pending action runs
    # only once approved, and approval and execution check writes and status again.
    async with reading() as uow:
        account, rules, caps = await _account_and_rules(uow, principal, account_id)
        if not account.writes_enabled or account.unavailable:
            # A retry is answered as before even once writes stopped: look the key up first.
            existing = await uow.actions.get_by_idempotency_key(
                principal.workspace_id, idempotency_key
            )
            if existing is not None:
                return Created(_replay(existing, fp), replayed=True)
            raise writes_off(account) if not account.writes_enabled else unavailable(account)
        facts = await work_out_facts(uow, account, kind, sent)
        now = clock.now()
        needs = needs_of(rules, type_, sent, facts)
        # A shadow allowance's verdict reads its own day in the same unit (governed.verdict).
        marked = await governed.verdict(
            uow, needs, principal.workspace_id, principal.mode, account.id, now
        )
    action = new_action(
        principal,
        account,
        type_,
        sent,
        facts,
        needs,
        idempotency_key,
        fp,
        principal.mode,
        now,
        when,
        **marked,
    )
    allowance = needs.allowance  # set only when every rule the action matches says 0
    capped = limits.matching(caps, type_)
    if allowance is not None or capped:
        written, new = await governed.create(
            store,
            clock,
            action,
            allowance=allowance,
            limits=capped,
        )
        if new and written.status == APPROVED and wake_executor is not None:
            wake_executor()
        return Created(written if new else _replay(written, fp), replayed=not new)
    # The action and its event in one statement racing on the (workspace_id, idempotency_key)
    # index: on PostgreSQL one round trip, no BEGIN/COMMIT. When the key was taken (a retry, or a
    # concurrent one that won and so has committed), the winner is read and answered as a retry.
    async with store.single_statement() as uow:
        if await lifecycle.create(uow, action):
            return Created(action, replayed=False)
        existing = await uow.actions.get_by_idempotency_key(principal.workspace_id, idempotency_key)
    assert existing is not None  # the row that won the unique index
    return Created(_replay(existing, fp), replayed=True)


async def _check_schedule(
    reading: Reading,
    clock: Clock,
    principal: Principal,
    idempotency_key: str,
    fp: str,
    when: dt.datetime,
) -> None:
    """A `runAt` in the past or too far ahead is refused, unless the key already created this
    action: a retry after its `runAt` passed is answered as before (the caller replays it)."""
    try:
        schedule.check(when, clock.now())
    except ApiError:
        async with reading() as uow:
            existing = await uow.actions.get_by_idempotency_key(
                principal.workspace_id, idempotency_key
            )
        if existing is None:
            raise
        _replay(existing, fp)  # a different request with this key is the conflict it is


def _replay(existing: Action, fp: str) -> Action:
    if existing.fingerprint != fp:
        raise ApiError(
            ErrorCode.IDEMPOTENCY_CONFLICT,
            "This Idempotency-Key was already used for a "
            "different request. Use a new key for a new action.",
            param="Idempotency-Key",
        )
    return existing
