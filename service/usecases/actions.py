"""Creating and deciding actions: the write path, with every rule of SPEC 3.1 and 4.5."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from attrs import frozen

from service.domain.actions import LIFETIME, effective, fingerprint, price_of, summarize
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.messages import platform_html, visible_text
from service.domain.models import Account, Action, Event
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.domain.warnings import named_fan_ids, warnings_for
from service.errors import ApiError
from service.render import action_json
from service.usecases.access import require
from service.usecases.audit import record_in
from storage.base import ACTIONS_CHANNEL, Store, UnitOfWork


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
    uow: UnitOfWork, account: Account, type_: str, params: dict[str, Any]
) -> int | None:
    if type_ == "send_message":
        return 1
    if type_ != "send_mass_message":
        return None
    audience = params["audience"]
    # One COUNT in the database (fans named by id but not yet synced still count: they may be
    # new); it runs in the read unit, before the write transaction, so it never holds the lock.
    return await uow.fans.count_audience(
        account.workspace_id,
        account.id,
        fan_ids=audience.get("fanIds", []),
        list_ids=audience.get("listIds", []),
        exclude_list_ids=audience.get("excludeListIds", []),
    )


def as_sent(type_: str, params: dict[str, Any]) -> dict[str, Any]:
    """The params the platform will receive (SPEC 2.3 "the params sent, after validation"):
    message text made into safe HTML once, here, so approval shows exactly what runs."""
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


def action_event(kind: str, action: Action, public_url: str, now: dt.datetime) -> Event:
    """An `action.*` event: the action as the API shows it at `now`."""
    return Event(
        id=new_id("evt_"),
        workspace_id=action.workspace_id,
        type=kind,
        account_id=action.account_id,
        data=action_json(action, public_url, now),
        created_at=now,
        mode=action.mode,
    )


Notifier = Callable[[], None]
"""Wakes this process's executor after an approval commits (injected by the caller)."""


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
    fp = fingerprint(account_id, principal.mode, type_, params)  # the request as the client sent it
    sent = as_sent(type_, params)
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
        fans = await uow.fans.get_many(account.workspace_id, account.id, named_fan_ids(type_, sent))
        recipients = await _estimate(uow, account, type_, sent)
    warnings = warnings_for(type_, sent, account, {fan.id: fan for fan in fans})
    now = clock.now()
    action = Action(
        id=new_id("act_"),
        workspace_id=principal.workspace_id,
        account_id=account_id,
        mode=principal.mode,
        type=type_,
        status="pending",
        params=sent,
        summary=summarize(type_, sent, account.username, recipients),
        estimated_recipients=recipients,
        price=price_of(sent),
        requested_by=principal.requested_by(),
        idempotency_key=idempotency_key,
        fingerprint=fp,
        created_at=now,
        expires_at=now + LIFETIME,
        warnings=warnings,
    )
    event = action_event("action.created", action, public_url, now)
    # The action and its event in one statement racing on the (workspace_id, idempotency_key)
    # index: on PostgreSQL one round trip, no BEGIN/COMMIT. When the key was taken (a retry, or a
    # concurrent one that won and so has committed), the winner is read and answered as a retry.
    async with store.single_statement() as uow:
        if await uow.actions.add_with_event(action, event):
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
    decided = await _decide(
        store, clock, principal, action_id, approve=approve, note=note, public_url=public_url
    )
    if approve:
        wake_executor()
    return decided


async def _decide(
    store: Store,
    clock: Clock,
    principal: Principal,
    action_id: str,
    *,
    approve: bool,
    note: str | None,
    public_url: str,
) -> Action:
    """One transaction: read, check, and the conditional write that decides."""
    now = clock.now()
    async with store.transaction() as tx:
        decided = await _decide_in(
            tx, clock, principal, action_id, now, approve=approve, note=note, public_url=public_url
        )
    if decided is None:
        raise ApiError("action_expired")  # after the commit that persisted the expiry
    return decided


async def _decide_in(
    tx: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action_id: str,
    now: dt.datetime,
    *,
    approve: bool,
    note: str | None,
    public_url: str,
) -> Action | None:
    """The decision inside `tx`; None when the action had expired (that is then persisted, and
    the caller refuses once it has committed)."""
    action = await tx.actions.get(principal.workspace_id, action_id)
    if action is None or (action.mode != principal.mode and principal.kind != "user"):
        raise ApiError("action_not_found", param="actionId")
    current = effective(action, now)
    if current.status == "expired":
        # Persist what every read already shows, then refuse.
        await tx.actions.transition(action.id, ["pending"], "expired")
        return None
    if current.status != "pending":
        raise ApiError(
            "action_not_pending",
            f"The action is already {current.status}; nothing was changed.",
        )
    if approve:
        account = await tx.accounts.get(action.workspace_id, action.account_id)
        if account is not None and not account.writes_enabled:
            raise _writes_off(account)
        if account is not None and account.unavailable and action.mode == "live":
            raise _unavailable(account)
    decided = await tx.actions.transition(
        action.id,
        ["pending"],
        "approved" if approve else "rejected",
        not_expired_at=now,
        decided_by=principal.decider(),
        decided_at=now,
        decision_note=note,
    )
    if decided is None:
        raise ApiError("action_not_pending", "Someone else decided this action first.")
    if approve:
        await tx.notify(ACTIONS_CHANNEL)
    await record_in(
        tx,
        clock,
        principal,
        "action.approved" if approve else "action.rejected",
        decided.id,
        note=note,
        mode=decided.mode,
    )
    if not approve:
        await tx.events.add(action_event("action.rejected", decided, public_url, now))
    return decided


def present(action: Action, clock: Clock) -> Action:
    return effective(action, clock.now())
