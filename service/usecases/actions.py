"""Creating and deciding actions: the write path, with every rule of SPEC 3.1 and 4.5."""

from __future__ import annotations

from typing import Any

from service.api.errors import ApiError
from service.domain.actions import LIFETIME, effective, fingerprint, price_of, summarize
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.models import Account, Action, Event
from service.domain.principal import Principal
from service.render import action_json
from service.usecases.audit import record_in
from storage.base import ACTIONS_CHANNEL, DuplicateError, Store


async def visible_account(tx, principal: Principal, account_id: str) -> Account:
    """An account outside the key's reach is simply not found (never 403), SPEC 5.3."""
    account = await tx.accounts.get(principal.workspace_id, account_id)
    if account is None or account.mode != principal.mode or not principal.allows(account_id):
        raise ApiError("account_not_found", f"No account `{account_id}` is linked here.",
                       param="accountId")
    return account


def _unavailable(account: Account) -> ApiError:
    return ApiError("account_unavailable", account.status_reason or
                    f"The platform is not accepting calls for @{account.username}.",
                    account_status=account.status)


async def _estimate(tx, account: Account, type_: str, params: dict[str, Any]) -> int | None:
    if type_ == "send_message":
        return 1
    if type_ != "send_mass_message":
        return None
    audience = params["audience"]
    wanted, lists = set(audience.get("fanIds", [])), set(audience.get("listIds", []))
    excluded = set(audience.get("excludeListIds", []))
    fans = await tx.fans.list(account.workspace_id, account.id, limit=1_000_000)
    known = {f.id for f in fans}
    chosen = {f.id for f in fans if f.subscription_status == "active"
              and (f.id in wanted or lists.intersection(f.list_ids))
              and not excluded.intersection(f.list_ids)}
    # Fans named by id but not (yet) in synced data still count: they may be new.
    return len(chosen | (wanted - known))


async def create_action(store: Store, clock: Clock, principal: Principal, account_id: str,
                        idempotency_key: str, type_: str, params: dict[str, Any]) -> Action:
    if "write" not in principal.scopes:
        raise ApiError("missing_scope", permission="write")
    fp = fingerprint(account_id, principal.mode, type_, params)
    async with store.transaction() as tx:
        account = await visible_account(tx, principal, account_id)
        existing = await tx.actions.get_by_idempotency_key(principal.workspace_id, idempotency_key)
        if existing is not None:
            return _replay(existing, fp)
        if not account.writes_enabled:
            raise ApiError("writes_disabled", f"Writes are switched off for @{account.username}.")
        if account.unavailable:
            raise _unavailable(account)
        now = clock.now()
        recipients = await _estimate(tx, account, type_, params)
        action = Action(
            id=new_id("act_"), workspace_id=principal.workspace_id, account_id=account_id,
            mode=principal.mode, type=type_, status="pending", params=params,
            summary=summarize(type_, params, account.username, recipients),
            estimated_recipients=recipients, price=price_of(params),
            requested_by=principal.requested_by(), idempotency_key=idempotency_key,
            fingerprint=fp, created_at=now, expires_at=now + LIFETIME)
        try:
            await tx.actions.add(action)
        except DuplicateError:
            # A concurrent retry won the unique index; answer exactly as a retry would.
            existing = await tx.actions.get_by_idempotency_key(
                principal.workspace_id, idempotency_key)
            return _replay(existing, fp)
        return action


def _replay(existing: Action, fp: str) -> Action:
    if existing.fingerprint != fp:
        raise ApiError("idempotency_conflict", "This Idempotency-Key was already used for a "
                       "different request. Use a new key for a new action.",
                       param="Idempotency-Key")
    return existing


async def decide_action(store: Store, clock: Clock, principal: Principal, action_id: str, *,
                        approve: bool, note: str | None, public_url: str) -> Action:
    """Approve or reject a pending action; one conditional write decides who wins a race."""
    now = clock.now()
    async with store.transaction() as tx:
        action = await tx.actions.get(principal.workspace_id, action_id)
        if action is None or action.mode != principal.mode and principal.kind != "user":
            raise ApiError("action_not_found", param="actionId")
        current = effective(action, now)
        if current.status == "expired":
            # Persist what every read already shows, then refuse (after this commit).
            await tx.actions.transition(action.id, ["pending"], "expired")
    if current.status == "expired":
        raise ApiError("action_expired")
    async with store.transaction() as tx:
        if current.status != "pending":
            raise ApiError("action_not_pending",
                           f"The action is already {current.status}; nothing was changed.")
        if approve and action.mode == "live":
            account = await tx.accounts.get(action.workspace_id, action.account_id)
            if account is not None and account.unavailable:
                raise _unavailable(account)
        decided = await tx.actions.transition(
            action.id, ["pending"], "approved" if approve else "rejected", not_expired_at=now,
            decided_by=principal.decider(), decided_at=now, decision_note=note)
        if decided is None:
            raise ApiError("action_not_pending", "Someone else decided this action first.")
        if approve:
            await tx.notify(ACTIONS_CHANNEL)
        await record_in(tx, clock, principal, "action.approved" if approve else
                        "action.rejected", decided.id, note=note, mode=decided.mode)
        if not approve:
            await tx.events.add(Event(
                id=new_id("evt_"), workspace_id=decided.workspace_id, type="action.rejected",
                account_id=decided.account_id, data=action_json(decided, public_url, now),
                created_at=now, mode=decided.mode))
        return decided


def present(action: Action, clock: Clock) -> Action:
    return effective(action, clock.now())

