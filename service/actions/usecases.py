"""Creating and deciding actions: the write path, with every rule of SPEC 3.1 and 4.5.

Every channel (REST, the dashboard, MCP through REST) calls these; the status moves themselves
are lifecycle.py's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from typing import Any

from attrs import frozen

from service.actions import lifecycle
from service.actions.model import Action
from service.actions.transitions import EXPIRED, LIFETIME, PENDING, effective, expired_on_read
from service.actions.types import ActionType, Audience, price_of, type_of
from service.actions.warnings import named_fan_ids, warnings_for
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.messages import platform_html, visible_text
from service.domain.models import Account
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors import ApiError
from service.usecases.access import require
from storage.base import Store, UnitOfWork

Notifier = Callable[[], None]
"""Wakes this process's executor after an approval commits (injected by the caller)."""


def fingerprint(account_id: str, mode: str, type_: str, params: dict[str, Any]) -> str:
    """What makes two requests "the same action" for idempotency rules 2, 3 and 5."""
    canonical = json.dumps(
        [account_id, mode, type_, params], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


async def visible_account(tx: UnitOfWork, principal: Principal, account_id: str) -> Account:
    """An account outside the key's reach is simply not found (never 403), SPEC 5.3."""
    account = await tx.accounts.get(principal.workspace_id, account_id)
    if account is None or account.mode != principal.mode or not principal.allows(account_id):
        raise ApiError(
            "account_not_found", f"No account `{account_id}` is linked here.", param="accountId"
        )
    return account


def _unavailable(account: Account) -> ApiError:
    return ApiError(
        "account_unavailable",
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
    """The params the platform will receive (SPEC 2.3 "the params sent, after validation"):
    message text made into safe HTML once, here, so approval shows exactly what runs. The
    executor sends them unchanged."""
    if "text" not in params:
        return params
    text = platform_html(params["text"])
    if not visible_text(text):
        raise ApiError(
            "invalid_parameter",
            "Nothing a fan could read is left once scripts, "
            "styles and other unsafe HTML are removed from `text`.",
            param="params.text",
        )
    return {**params, "text": text}


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
) -> Created:
    kind = type_of(type_)  # the edge validated `type` against the same registry's names
    fp = fingerprint(account_id, principal.mode, type_, params)  # the request as the client sent it
    sent = as_sent(params)
    # The account and synced data are read before the write: they never hold the write lock.
    # Reading the account again with the write would guard nothing more: a pending action runs
    # only once approved, and approval and execution check writes and status again.
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        if not account.writes_enabled or account.unavailable:
            # A retry is answered as before even once writes stopped: look the key up first.
            existing = await uow.actions.get_by_idempotency_key(
                principal.workspace_id, idempotency_key
            )
            if existing is not None:
                return Created(_replay(existing, fp), replayed=True)
            raise _writes_off(account) if not account.writes_enabled else _unavailable(account)
        fans = await uow.fans.get_many(account.workspace_id, account.id, named_fan_ids(kind, sent))
        recipients = await _estimate(uow, account, kind, sent)
    warnings = warnings_for(kind, sent, account, {fan.id: fan for fan in fans})
    now = clock.now()
    action = Action(
        id=new_id("act_"),
        workspace_id=principal.workspace_id,
        account_id=account_id,
        mode=principal.mode,
        type=type_,
        status=PENDING,
        params=sent,
        summary=kind.summary(sent, f"@{account.username}", recipients),
        estimated_recipients=recipients,
        price=price_of(sent),
        requested_by=principal.requested_by(),
        idempotency_key=idempotency_key,
        fingerprint=fp,
        created_at=now,
        expires_at=now + LIFETIME,
        warnings=warnings,
    )
    # The action and its event in one statement racing on the (workspace_id, idempotency_key)
    # index: on PostgreSQL one round trip, no BEGIN/COMMIT. When the key was taken (a retry, or a
    # concurrent one that won and so has committed), the winner is read and answered as a retry.
    async with store.single_statement() as uow:
        if await lifecycle.create(uow, action, public_url=public_url):
            return Created(action, replayed=False)
        existing = await uow.actions.get_by_idempotency_key(principal.workspace_id, idempotency_key)
    assert existing is not None  # the row that won the unique index
    return Created(_replay(existing, fp), replayed=True)


def _writes_off(account: Account) -> ApiError:
    return ApiError(
        "writes_disabled",
        f"Writes are switched off for @{account.username}. "
        "An owner or admin can switch them back on in the dashboard.",
    )


def _replay(existing: Action, fp: str) -> Action:
    if existing.fingerprint != fp:
        raise ApiError(
            "idempotency_conflict",
            "This Idempotency-Key was already used for a "
            "different request. Use a new key for a new action.",
            param="Idempotency-Key",
        )
    return existing


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
) -> Action:
    """Approve or reject a pending action; one conditional write decides who wins a race.

    An approval wakes the executor: this process's through `wake_executor`, other processes'
    through the store's notification, sent with the commit."""
    require(principal, Permission.ACTIONS_DECIDE)
    now = clock.now()
    async with store.transaction() as tx:
        action = await tx.actions.get(principal.workspace_id, action_id)
        if action is None or (action.mode != principal.mode and principal.kind != "user"):
            raise ApiError("action_not_found", param="actionId")
        decided = None
        if expired_on_read(action, now):
            await lifecycle.expire(tx, action)  # persist what every read already shows
        elif action.status != EXPIRED:
            decided = await _decide_in(tx, clock, principal, action, approve, note, now, public_url)
    if decided is None:
        raise ApiError("action_expired")  # after the commit that persisted the expiry
    if approve:
        wake_executor()
    return decided


async def _decide_in(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: Action,
    approve: bool,
    note: str | None,
    now: dt.datetime,
    public_url: str,
) -> Action:
    """The decision's rules, then the lifecycle's conditional write."""
    if action.status != PENDING:
        raise ApiError(
            "action_not_pending",
            f"The action is already {action.status}; nothing was changed.",
        )
    if approve:
        account = await tx.accounts.get(action.workspace_id, action.account_id)
        if account is not None and not account.writes_enabled:
            raise _writes_off(account)
        if account is not None and account.unavailable and action.mode == "live":
            raise _unavailable(account)
    decided = await lifecycle.decide(
        tx, clock, principal, action, approve=approve, note=note, now=now, public_url=public_url
    )
    if decided is None:
        raise ApiError("action_not_pending", "Someone else decided this action first.")
    return decided


def present(action: Action, clock: Clock) -> Action:
    """The action as every read shows it (expired once past its expiry)."""
    return effective(action, clock.now())
