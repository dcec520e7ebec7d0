"""Asking again: a new pending action with the params of an expired or rejected one.

It builds the new action as creation does (creation.py) and a person always approves it. It is
held to the account's daily limits as any creation is (governed.py): a limit caps what may be
asked for, whoever asks.
"""

from __future__ import annotations

import datetime as dt

from attrs import evolve

from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.creation import (
    Created,
    fingerprint,
    limits_for,
    needs_of,
    new_action,
    rules_for,
)
from service.actions.facts import work_out_facts
from service.actions.model import Action, AllowedWrite
from service.actions.policies import governed, limits
from service.actions.reach import unavailable, writes_off
from service.actions.transitions import EXPIRED, PENDING, REJECTED, effective
from service.actions.types import type_of
from service.domain.access import reaches, require
from service.domain.clock import Clock
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.domain.storage_errors import DuplicateError, StorageBusy
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store, UnitOfWork


async def request_again(
    store: Store, clock: Clock, principal: Principal, action_id: str
) -> Created:
    """A new pending action with the params of an expired or rejected one, asked by this
    person; the original names it in `replaced_by`. Asking again twice gives the same new
    action (its idempotency key is derived from the original's id)."""
    require(principal, Permission.ACTIONS_DECIDE)
    now = clock.now()
    async with store.reading() as uow:
        original = await uow.actions.get(principal.workspace_id, action_id)
        if original is None or not reaches(principal, original.account_id, original.mode):
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
        facts = await work_out_facts(uow, account, kind, original.params)
        rules = await rules_for(uow, account)
        caps = limits.matching(await limits_for(uow, account), original.type)
    fp = fingerprint(original.account_id, original.mode, original.type, original.params)
    action = new_action(
        principal,
        account,
        original.type,
        original.params,
        facts,
        needs_of(rules, original.type, original.params, facts),
        key,
        fp,
        original.mode,
        now,
        replaces=original.id,
    )
    if action.approvals_required == 0:  # asked again by a person: a person approves it
        action = evolve(action, approvals_required=1)
    for _ in range(governed.RACES):
        try:
            return await _write(store, principal, original, action, caps, stored_status, now)
        except DuplicateError:
            continue  # another creation took the account's next number: count again
    raise StorageBusy("too many creations at once under one account's limits")


async def _write(
    store: Store,
    principal: Principal,
    original: Action,
    action: Action,
    caps: limits.Limits,
    stored_status: str,
    now: dt.datetime,
) -> Created:
    """The new action (held to the limits `caps` as creation holds it), the original expired
    if it was still pending, and the link between them, in one transaction."""
    async with store.transaction() as tx:
        if caps:
            written = await lifecycle.create_limited(tx, action, governed.caps_of(action, caps))
            inserted = written.outcome is AllowedWrite.WRITTEN
            refused = governed.refusal(action, caps, written)
            if refused is not None:
                raise refused
        else:
            inserted = await lifecycle.create(tx, action)
        if not inserted:
            existing = await tx.actions.get_by_idempotency_key(
                principal.workspace_id, action.idempotency_key
            )
            assert existing is not None
            return Created(existing, replayed=True)
        if stored_status == PENDING:
            await lifecycle.expire(tx, original, now=now)  # persist what every read already shows
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
        raise writes_off(account)
    if account.unavailable and action.mode == "live":
        raise unavailable(account)
    return account
