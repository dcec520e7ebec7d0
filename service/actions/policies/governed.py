"""Creating an action its account's policy governs: a daily limit, an allowance, or both.

A daily limit counts the account's recent actions, so one transaction locks the account's row
(PostgreSQL `FOR UPDATE`; SQLite's single writer holds the database already), checks again
what a person's approval would check, counts the limits' windows (and the allowance's room),
and writes: creations on any number of replicas are counted one at a time per account, so a
limit is never passed and an allowance never exceeded.

An allowance alone needs no lock. Its uses are numbered and a number is unique, so the check
and the write are one statement (on PostgreSQL) that a concurrent creation can only make fail,
never overrun: one that lost the race for the next number writes nothing and tries again, and
sees the winner's use. Creations of one process take the number in turn, so only replicas race. The account's writes switch and availability were read just before, as
for an ungoverned creation; the executor checks both again before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.model import Action
from service.actions.policies import allowances
from service.actions.policies import limits as daily
from service.actions.policies.policy_rule import Allowance
from service.domain.clock import Clock
from service.domain.storage_errors import DuplicateError, StorageBusy
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store, UnitOfWork

Refusal = Callable[[Account], ApiError | None]


async def check_limits(tx: UnitOfWork, action: Action, limits: Sequence[dict[str, Any]]) -> None:
    """Raise `write_limit_exceeded` for the first limit one more action would pass."""
    now = action.created_at
    for limit in limits:
        used, oldest = await tx.actions.limit_window(
            action.workspace_id,
            action.mode,
            action.account_id,
            limit["types"],
            now - daily.WINDOW,
            now,
        )
        refused = daily.exceeded(limit, daily.Window(used, oldest), now)
        if refused is not None:
            raise refused


async def create(
    store: Store,
    clock: Clock,
    action: Action,
    *,
    allowance: Allowance | None,
    limits: Sequence[dict[str, Any]],
    refusal: Refusal,
) -> tuple[Action, bool]:
    """Write `action` (built pending) under its limits and allowance: `(action, True)`, or the
    action that had already taken its idempotency key and False (a retry is answered as before,
    even once a limit is reached)."""
    if allowance is not None and not limits:
        return await _allowed(store, clock, action, allowance)
    async with store.transaction() as tx:
        account = await tx.accounts.lock(action.workspace_id, action.account_id)
        if account is None:
            raise ApiError(ErrorCode.ACCOUNT_NOT_FOUND, param="accountId")
        refused = refusal(account)
        if refused is None:
            try:
                await check_limits(tx, action, limits)
            except ApiError as limited:
                refused = limited
        if refused is not None:
            # A retry of an action already created is answered as before, whatever changed;
            # looked up only on refusal, so the usual creation costs no extra read.
            existing = await tx.actions.get_by_idempotency_key(
                action.workspace_id, action.idempotency_key
            )
            if existing is not None:
                return existing, False
            raise refused
        if allowance is not None:
            written, inserted = await allowances.create_under(tx, clock, action, allowance)
        else:
            written, inserted = action, await lifecycle.create(tx, action)
        if inserted:
            return written, True
        taken = await tx.actions.get_by_idempotency_key(action.workspace_id, action.idempotency_key)
    assert taken is not None
    return taken, False


RACES = 50
"""Lost races for an allowance's next use before the creation answers 503: each loss means
another creation on the same account and allowance was written, so this is fifty writes in
the time of one statement."""


async def _allowed(
    store: Store, clock: Clock, action: Action, allowance: Allowance
) -> tuple[Action, bool]:
    for _ in range(RACES):
        try:
            async with store.single_statement() as uow:
                written, inserted = await allowances.create_under(uow, clock, action, allowance)
                if inserted:
                    return written, True
                taken = await uow.actions.get_by_idempotency_key(
                    action.workspace_id, action.idempotency_key
                )
            assert taken is not None
            return taken, False
        except DuplicateError:
            continue  # another creation took the next use: read the uses again
    raise StorageBusy("too many creations at once under one allowance")
