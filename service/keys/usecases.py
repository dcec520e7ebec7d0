"""API keys: create, revoke, roll. Every rule is here, so the dashboard and the CLI agree.

Each change checks `keys.manage`, validates its input (`invalid_parameter`, nothing created)
and writes its audit entry in the same transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from service.domain.access import ADMIN_SCOPE, has_owner_powers, require, require_mode
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.ids import hash_secret, key_prefix, new_api_key, new_id
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.keys.model import MODES, SCOPES, ApiKey
from service.ports import Store, UnitOfWork

NAME_LIMIT = 200


def _invalid(message: str, param: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=param)


def _items(values: Sequence[str]) -> list[str]:
    """`read, write` and `read,write` alike: each item trimmed, empty ones dropped, once each."""
    return list(dict.fromkeys(v.strip() for v in values if v.strip()))


def key_request(
    name: str, scopes: Sequence[str], mode: str, expires_at: dt.datetime | None, now: dt.datetime
) -> tuple[str, tuple[str, ...]]:
    """The checked name and scopes; raises `invalid_parameter` naming the field at fault."""
    name = name.strip()
    if not 1 <= len(name) <= NAME_LIMIT:
        raise _invalid(f"Give the key a name (up to {NAME_LIMIT} characters).", "name")
    wanted = _items(scopes)
    unknown = [s for s in wanted if s not in SCOPES]
    if unknown or not wanted:
        raise _invalid(
            f"Scopes are one or more of {', '.join(SCOPES)}"
            + (f"; `{unknown[0]}` is not one." if unknown else "."),
            "scopes",
        )
    if mode not in MODES:
        raise _invalid("Mode must be live or test.", "mode")
    if expires_at is not None and expires_at <= now:
        raise _invalid("Expiry must be in the future.", "expires")
    return name, tuple(wanted)


async def _accounts(
    uow: UnitOfWork, workspace_id: str, mode: str, account_ids: Sequence[str] | None
) -> tuple[str, ...] | None:
    """Accounts of this workspace in the key's mode (a sandbox account on a live key is not)."""
    wanted = _items(account_ids or ())
    if not wanted:
        return None
    found = {a.id: a for a in await uow.accounts.list(workspace_id, only=wanted, limit=len(wanted))}
    for account_id in wanted:
        account = found.get(account_id)
        if account is None:
            raise _invalid(f"No account `{account_id}` is linked here.", "accounts")
        if account.mode != mode:
            raise _invalid(
                f"`{account_id}` is a {account.mode}-mode account; a {mode} key cannot use it.",
                "accounts",
            )
    return tuple(wanted)


def _new_key(
    workspace_id: str,
    name: str,
    mode: str,
    scopes: tuple[str, ...],
    account_ids: tuple[str, ...] | None,
    now: dt.datetime,
    expires_at: dt.datetime | None,
) -> tuple[ApiKey, str]:
    secret = new_api_key(mode)
    key = ApiKey(
        id=new_id("key_"),
        workspace_id=workspace_id,
        name=name,
        prefix=key_prefix(secret),
        secret_hash=hash_secret(secret),
        mode=mode,
        scopes=scopes,
        account_ids=account_ids,
        created_at=now,
        expires_at=expires_at,
    )
    return key, secret


def _within_the_creator(
    principal: Principal, scopes: Sequence[str], account_ids: tuple[str, ...] | None
) -> None:
    """Only an owner (or the operator's shell) makes an admin key; a key makes keys with no
    more scopes, and no more accounts, than its own."""
    if ADMIN_SCOPE in scopes and principal.kind == "api_key":
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "An API key cannot create a key with the admin scope: only an owner can.",
            permission="keys.admin",
        )
    if ADMIN_SCOPE in scopes and not has_owner_powers(principal):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "Only an owner can create a key with the admin scope.",
            permission="keys.admin",
        )
    if principal.kind != "api_key":
        return
    beyond = [s for s in scopes if s not in principal.scopes]
    if beyond:
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"A key cannot create a key with more scopes than its own (`{beyond[0]}`).",
            permission="keys.scopes",
        )
    if principal.account_ids is not None and (
        account_ids is None or not set(account_ids) <= set(principal.account_ids)
    ):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "A key limited to some accounts creates keys limited to those accounts.",
            permission="keys.accounts",
        )


async def create_key(
    store: Store,
    clock: Clock,
    principal: Principal,
    *,
    name: str,
    scopes: Sequence[str],
    mode: str,
    account_ids: Sequence[str] | None = None,
    expires_at: dt.datetime | None = None,
) -> tuple[ApiKey, str]:
    """Returns the stored key and its secret. The secret is never stored or shown again."""
    require(principal, Permission.KEYS_MANAGE)
    now = clock.now()
    name, checked_scopes = key_request(name, scopes, mode, expires_at, now)
    require_mode(principal, mode)
    async with store.transaction() as uow:
        limited = await _accounts(uow, principal.workspace_id, mode, account_ids)
        _within_the_creator(principal, checked_scopes, limited)
        key, secret = _new_key(
            principal.workspace_id, name, mode, checked_scopes, limited, now, expires_at
        )
        await uow.keys.add(key)
        await record_in(
            uow,
            clock,
            principal,
            "key.created",
            key.id,
            name=name,
            mode=mode,
            scopes=list(key.scopes),
        )
    return key, secret


async def revoke_key(store: Store, clock: Clock, principal: Principal, key_id: str) -> ApiKey:
    require(principal, Permission.KEYS_MANAGE)
    async with store.transaction() as uow:
        found = await uow.keys.get(principal.workspace_id, key_id)
        if found is None:
            raise ApiError(ErrorCode.RESOURCE_NOT_FOUND, f"No key `{key_id}` in this workspace.")
        require_mode(principal, found.mode)
        key = await uow.keys.revoke(principal.workspace_id, key_id, clock.now()) or found
        await record_in(uow, clock, principal, "key.revoked", key.id, name=key.name)
    return key


async def roll_key(
    store: Store, clock: Clock, principal: Principal, key_id: str
) -> tuple[ApiKey, str]:
    """A new secret with the same name, scopes, mode, accounts and expiry; the old one stops."""
    require(principal, Permission.KEYS_MANAGE)
    now = clock.now()
    async with store.transaction() as uow:
        found = await uow.keys.get(principal.workspace_id, key_id)
        if found is not None:
            require_mode(principal, found.mode)
            _within_the_creator(principal, found.scopes, found.account_ids)
        old = await uow.keys.revoke(principal.workspace_id, key_id, now)
        if old is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND, f"No active key `{key_id}` in this workspace."
            )
        key, secret = _new_key(
            old.workspace_id, old.name, old.mode, old.scopes, old.account_ids, now, old.expires_at
        )
        await uow.keys.add(key)
        await record_in(uow, clock, principal, "key.rolled", key.id, name=key.name, replaced=key_id)
    return key, secret
