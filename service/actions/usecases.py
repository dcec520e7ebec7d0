"""Creating and deciding actions: the write path, with every rule of the action status and
of the action endpoints (docs/actions.md).

Every channel (REST, the dashboard, MCP through REST) calls these; the status moves themselves
are lifecycle.py's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from attrs import evolve, frozen

from service.actions import allowances, governed, lifecycle, limits, schedule
from service.actions.edits import check_narrowing
from service.actions.lookups import look_up
from service.actions.model import Action
from service.actions.policy import ADMINS, requirement
from service.actions.transitions import (
    APPROVED,
    EXPIRED,
    LIFETIME,
    PENDING,
    REJECTED,
    effective,
    expired_on_read,
)
from service.actions.types import ActionType, Audience, price_of, type_of
from service.actions.warnings import named_fan_ids, warnings_for
from service.domain.access import holder, require
from service.domain.clock import Clock, isoformat
from service.domain.ids import new_id
from service.domain.messages import platform_html, visible_text
from service.domain.models import Account
from service.domain.permissions import Permission, allowed
from service.domain.principal import Principal
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.ports import Store, UnitOfWork

Notifier = Callable[[], None]
"""Wakes this process's executor after an approval commits (injected by the caller)."""


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


async def visible_account(tx: UnitOfWork, principal: Principal, account_id: str) -> Account:
    return _visible(
        await tx.accounts.get(principal.workspace_id, account_id), principal, account_id
    )


async def _account_and_rules(
    tx: UnitOfWork, principal: Principal, account_id: str
) -> tuple[Account, list[dict[str, Any]] | None, list[dict[str, Any]]]:
    """The account (as `visible_account`), the approval rules a new action of it gets and
    its daily limits (the policy is inherited whole), in one read."""
    found = await tx.accounts.get_for_create(principal.workspace_id, account_id)
    account = _visible(found.account if found else None, principal, account_id)
    assert found is not None
    caps = limits.effective(account.policy is not None, found.own_limits, found.default_limits)
    return account, _rules_of(account, found.default_rules), caps


def _visible(account: Account | None, principal: Principal, account_id: str) -> Account:
    """An account outside the key's reach is simply not found (never 403): a key limited to
    some accounts must not learn that the others exist."""
    if account is None or account.mode != principal.mode or not principal.allows(account_id):
        raise ApiError(
            ErrorCode.ACCOUNT_NOT_FOUND,
            f"No account `{account_id}` is linked here.",
            param="accountId",
        )
    return account


def _unavailable(account: Account) -> ApiError:
    return ApiError(
        ErrorCode.ACCOUNT_UNAVAILABLE,
        account.status_reason or f"The platform is not accepting calls for @{account.username}.",
        account_status=account.status,
    )


async def _estimate(
    uow: UnitOfWork, account: Account, kind: ActionType, params: dict[str, Any]
) -> int | None:
    estimate = kind.estimate(params)
    if not isinstance(estimate, Audience):
        return estimate
    # One COUNT in the database (fans named by id but not yet synced still count: they may be
    # new); it runs in the read unit, before the write transaction, so it never holds the lock.
    return await uow.fans.count_audience(
        account.workspace_id,
        account.id,
        fan_ids=estimate.fan_ids,
        list_ids=estimate.list_ids,
        exclude_list_ids=estimate.exclude_list_ids,
    )


def as_sent(params: dict[str, Any]) -> dict[str, Any]:
    """The params the platform will receive (an action's `params` are those sent, after
    validation):
    message text made into safe HTML once, here, so approval shows exactly what runs. The
    executor sends them unchanged."""
    if "text" not in params:
        return params
    text = platform_html(params["text"])
    if not visible_text(text):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Nothing a fan could read is left once scripts, "
            "styles and other unsafe HTML are removed from `text`.",
            param="params.text",
        )
    return {**params, "text": text}


class FactColumns(TypedDict):
    """The columns an action's facts fill, at creation and on an edit."""

    params: dict[str, Any]
    summary: str
    estimated_recipients: int | None
    warnings: list[dict[str, Any]]
    price: dict[str, Any] | None


@frozen
class Facts:
    """What creation (and an edit) work out from params against synced data."""

    summary: str
    estimated_recipients: int | None
    warnings: list[dict[str, Any]]

    def columns(self, params: dict[str, Any]) -> FactColumns:
        return {
            "params": params,
            "summary": self.summary,
            "estimated_recipients": self.estimated_recipients,
            "warnings": self.warnings,
            "price": price_of(params),
        }


async def _facts(
    uow: UnitOfWork, account: Account, kind: ActionType, sent: dict[str, Any]
) -> Facts:
    fans = await uow.fans.get_many(account.workspace_id, account.id, named_fan_ids(kind, sent))
    recipients = await _estimate(uow, account, kind, sent)
    found = await look_up(uow, account, kind, sent)
    return Facts(
        summary=kind.summary(sent, f"@{account.username}", recipients),
        estimated_recipients=recipients,
        warnings=warnings_for(kind, sent, account, {fan.id: fan for fan in fans}, found),
    )


async def _rules(uow: UnitOfWork, account: Account) -> list[dict[str, Any]] | None:
    if account.policy is not None:
        return list(account.policy)
    workspace = await uow.workspaces.get(account.workspace_id)
    return _rules_of(account, workspace.policy if workspace is not None else None)


def _rules_of(
    account: Account, default: Sequence[dict[str, Any]] | None
) -> list[dict[str, Any]] | None:
    """The account's approval rules, else the workspace's default."""
    if account.policy is not None:
        return list(account.policy)
    return list(default) if default else None


def _new_action(
    principal: Principal,
    account: Account,
    type_: str,
    sent: dict[str, Any],
    facts: Facts,
    rules: list[dict[str, Any]] | None,
    idempotency_key: str,
    fp: str,
    mode: str,
    now: dt.datetime,
    run_at: dt.datetime | None = None,
    **extra: Any,
) -> Action:
    # The policy is captured now and stored on the action (docs/policies.md: a later change
    # never alters the rules of an action already waiting).
    needs = requirement(
        rules, type_, (price_of(sent) or {}).get("amount", 0), facts.estimated_recipients
    )
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
    public_url: str,
    run_at: str | None = None,
    wake_executor: Notifier | None = None,
) -> Created:
    """Store a new action, pending or approved by its policy's allowance; `wake_executor`
    starts this process's executor on one approved at once (other processes hear the NOTIFY
    sent with its commit)."""
    kind = type_of(type_)  # the edge validated `type` against the same registry's names
    when = schedule.parse(run_at)
    # The request as the client sent it.
    fp = fingerprint(account_id, principal.mode, type_, params, when)
    if when is not None:
        await _check_schedule(store, clock, principal, idempotency_key, fp, when)
    sent = as_sent(params)
    # The account and synced data are read before the write: they never hold the write lock.
    # Reading the account again with the write would guard nothing more: a pending action runs
    # only once approved, and approval and execution check writes and status again.
    async with store.reading() as uow:
        account, rules, caps = await _account_and_rules(uow, principal, account_id)
        if not account.writes_enabled or account.unavailable:
            # A retry is answered as before even once writes stopped: look the key up first.
            existing = await uow.actions.get_by_idempotency_key(
                principal.workspace_id, idempotency_key
            )
            if existing is not None:
                return Created(_replay(existing, fp), replayed=True)
            raise _writes_off(account) if not account.writes_enabled else _unavailable(account)
        facts = await _facts(uow, account, kind, sent)
    now = clock.now()
    action = _new_action(
        principal,
        account,
        type_,
        sent,
        facts,
        rules,
        idempotency_key,
        fp,
        principal.mode,
        now,
        when,
    )
    allowance = allowances.allowance_for(rules, action) if action.approvals_required == 0 else None
    capped = limits.matching(caps, type_)
    if allowance is not None or capped:
        written, new = await governed.create(
            store,
            clock,
            action,
            allowance=allowance,
            limits=capped,
            refusal=_refusal,
            public_url=public_url,
        )
        if new and written.status == APPROVED and wake_executor is not None:
            wake_executor()
        return Created(written if new else _replay(written, fp), replayed=not new)
    # The action and its event in one statement racing on the (workspace_id, idempotency_key)
    # index: on PostgreSQL one round trip, no BEGIN/COMMIT. When the key was taken (a retry, or a
    # concurrent one that won and so has committed), the winner is read and answered as a retry.
    async with store.single_statement() as uow:
        if await lifecycle.create(uow, action, public_url=public_url):
            return Created(action, replayed=False)
        existing = await uow.actions.get_by_idempotency_key(principal.workspace_id, idempotency_key)
    assert existing is not None  # the row that won the unique index
    return Created(_replay(existing, fp), replayed=True)


async def _check_schedule(
    store: Store,
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
        async with store.reading() as uow:
            existing = await uow.actions.get_by_idempotency_key(
                principal.workspace_id, idempotency_key
            )
        if existing is None:
            raise
        _replay(existing, fp)  # a different request with this key is the conflict it is


def _refusal(account: Account) -> ApiError | None:
    """What stops a write on the account now (the writes switch, an unavailable account)."""
    if not account.writes_enabled:
        return _writes_off(account)
    return _unavailable(account) if account.unavailable else None


def _writes_off(account: Account) -> ApiError:
    return ApiError(
        ErrorCode.WRITES_DISABLED,
        f"Writes are switched off for @{account.username}. "
        "An owner or admin can switch them back on in the dashboard.",
    )


def _replay(existing: Action, fp: str) -> Action:
    if existing.fingerprint != fp:
        raise ApiError(
            ErrorCode.IDEMPOTENCY_CONFLICT,
            "This Idempotency-Key was already used for a "
            "different request. Use a new key for a new action.",
            param="Idempotency-Key",
        )
    return existing


class _Moved(Exception):
    """The action changed between the read and the conditional write: read it again."""


ATTEMPTS = 5
"""Reads-and-writes before giving up when other approvals keep landing first."""


NOTE_MAX = 500
"""Characters a decision note may hold: it is shown whole beside the decision."""


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
    public_url: str,
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
                action = await tx.actions.get(principal.workspace_id, action_id)
                if action is None or (action.mode != principal.mode and principal.kind != "user"):
                    raise ApiError(ErrorCode.ACTION_NOT_FOUND, param="actionId")
                decided = None
                if expired_on_read(action, now):
                    await lifecycle.expire(
                        tx, action, now=now, public_url=public_url
                    )  # persist what every read already shows
                elif action.status != EXPIRED:
                    decided = await _decide_in(
                        tx, clock, principal, action, approve, note, params, now, public_url
                    )
        except _Moved:
            continue
        if decided is None:
            raise ApiError(ErrorCode.ACTION_EXPIRED)  # after the commit that persisted the expiry
        if decided.status != PENDING and approve:
            wake_executor()
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
    public_url: str,
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
            raise _writes_off(account)
        if account is not None and account.unavailable and action.mode == "live":
            raise _unavailable(account)
        if params is not None and account is not None:
            action = await _edit(tx, clock, principal, action, account, params, now)
    decided = await lifecycle.decide(
        tx, clock, principal, action, approve=approve, note=note, now=now, public_url=public_url
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
    facts = await _facts(tx, account, type_of(action.type), sent)
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


async def request_again(
    store: Store, clock: Clock, principal: Principal, action_id: str, *, public_url: str
) -> Created:
    """A new pending action with the params of an expired or rejected one, asked by this
    person; the original names it in `replaced_by`. Asking again twice gives the same new
    action (its idempotency key is derived from the original's id)."""
    require(principal, Permission.ACTIONS_DECIDE)
    now = clock.now()
    async with store.reading() as uow:
        original = await uow.actions.get(principal.workspace_id, action_id)
        if original is None:
            raise ApiError(ErrorCode.ACTION_NOT_FOUND, param="actionId")
        stored_status = original.status
        original = effective(original, now)
        key = f"again:{original.id}"
        if original.replaced_by is not None:
            existing = await uow.actions.get(principal.workspace_id, original.replaced_by)
            if existing is not None:
                return Created(existing, replayed=True)
        if original.status not in (EXPIRED, REJECTED):
            raise ApiError(
                ErrorCode.ACTION_NOT_PENDING,
                f"The action is {original.status}; only an expired or rejected action can be "
                "asked for again.",
            )
        account = await _account_for(uow, original)
        kind = type_of(original.type)
        facts = await _facts(uow, account, kind, original.params)
        rules = await _rules(uow, account)
    fp = fingerprint(original.account_id, original.mode, original.type, original.params)
    action = _new_action(
        principal,
        account,
        original.type,
        original.params,
        facts,
        rules,
        key,
        fp,
        original.mode,
        now,
        replaces=original.id,
    )
    if action.approvals_required == 0:  # asked again by a person: a person approves it
        action = evolve(action, approvals_required=1)
    async with store.transaction() as tx:
        if not await lifecycle.create(tx, action, public_url=public_url):
            existing = await tx.actions.get_by_idempotency_key(principal.workspace_id, key)
            assert existing is not None
            return Created(existing, replayed=True)
        if stored_status == PENDING:
            await lifecycle.expire(
                tx, original, now=now, public_url=public_url
            )  # persist what every read already shows
        await tx.actions.mark_replaced(original.id, action.id)
    return Created(action, replayed=False)


async def _account_for(uow: UnitOfWork, action: Action) -> Account:
    """The account an action asked again will run on, if it can take a new action now."""
    account = await uow.accounts.get(action.workspace_id, action.account_id)
    if account is None:
        raise ApiError(
            ErrorCode.ACCOUNT_NOT_FOUND,
            f"No account `{action.account_id}` is linked here any more.",
            param="accountId",
        )
    if not account.writes_enabled:
        raise _writes_off(account)
    if account.unavailable and action.mode == "live":
        raise _unavailable(account)
    return account


def present(action: Action, clock: Clock) -> Action:
    """The action as every read shows it (expired once past its expiry)."""
    return effective(action, clock.now())
