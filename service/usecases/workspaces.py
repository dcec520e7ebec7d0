"""Workspaces, members and API keys: what the CLI and the dashboard both call."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from service.domain.clock import Clock
from service.domain.ids import hash_secret, key_prefix, new_api_key, new_id
from service.domain.models import Account, ApiKey, Fan, Member, User, Workspace
from service.errors import ApiError
from service.passwords import Passwords
from storage.base import Store


async def create_workspace(store: Store, clock: Clock, name: str) -> Workspace:
    """A new workspace comes with sandbox creators, so test keys work from the first minute."""
    # Imported here: the platform package loads httpx, which CLI commands like `keys list`
    # never need.
    from service.platform.sandbox import sandbox_creators

    now = clock.now()
    workspace = Workspace(id=new_id("ws_"), name=name, created_at=now)
    async with store.transaction() as uow:
        await uow.workspaces.add(workspace)
        for creator in sandbox_creators(workspace.id):
            account = Account(
                workspace_id=workspace.id,
                id=creator["id"],
                mode="test",
                username=creator["username"],
                name=creator["name"],
                avatar_url=creator["avatarUrl"],
                status="healthy",
                status_reason=None,
                writes_enabled=True,
                linked_at=now,
                last_synced_at=now,
                counts=creator["counts"],
                revenue30d=creator["revenue30d"],
                subscription_price=creator["subscriptionPrice"],
                fan_lists=[{"id": fl["id"], "name": fl["name"]} for fl in creator["lists"]],
            )
            await uow.accounts.add(account)
            await uow.fans.replace(
                workspace.id,
                account.id,
                [
                    Fan(
                        workspace_id=workspace.id,
                        account_id=account.id,
                        id=f["id"],
                        username=f["username"],
                        name=f.get("name"),
                        avatar_url=f.get("avatarUrl"),
                        subscription_status=f["subscriptionStatus"],
                        subscribed_at=_time(f.get("subscribedAt")),
                        expires_at=_time(f.get("expiresAt")),
                        list_ids=tuple(f.get("listIds", ())),
                    )
                    for f in creator["fans"]
                ],
            )
    return workspace


def _time(value: str | dt.datetime | None) -> dt.datetime | None:
    if value is None or isinstance(value, dt.datetime):
        return value
    return dt.datetime.fromisoformat(value)


async def create_user(
    store: Store,
    clock: Clock,
    workspace_id: str,
    email: str,
    name: str,
    password: str,
    role: str,
    *,
    passwords: Passwords,
) -> User:
    """An existing user (same email) keeps their password and gets the role here."""
    password_hash = await passwords.hash(password)  # before the transaction: see passwords.py
    async with store.transaction() as uow:
        if await uow.workspaces.get(workspace_id) is None:
            raise ApiError("workspace_not_found")
        user = await uow.users.get_by_email(email)
        if user is None:
            user = User(
                id=new_id("usr_"),
                email=email,
                name=name,
                password_hash=password_hash,
                created_at=clock.now(),
            )
            await uow.users.add(user)
        if await uow.members.get(workspace_id, user.id) is None:
            await uow.members.add(Member(workspace_id=workspace_id, user_id=user.id, role=role))
        else:
            await uow.members.set_role(workspace_id, user.id, role)
    return user


async def create_key(
    store: Store,
    clock: Clock,
    workspace_id: str,
    *,
    name: str,
    scopes: Sequence[str],
    mode: str,
    account_ids: Sequence[str] | None = None,
    expires_at: dt.datetime | None = None,
) -> tuple[ApiKey, str]:
    """Returns the stored key and its secret. The secret is never stored or shown again."""
    secret = new_api_key(mode)
    key = ApiKey(
        id=new_id("key_"),
        workspace_id=workspace_id,
        name=name,
        prefix=key_prefix(secret),
        secret_hash=hash_secret(secret),
        mode=mode,
        scopes=tuple(scopes),
        account_ids=tuple(account_ids) if account_ids else None,
        created_at=clock.now(),
        expires_at=expires_at,
    )
    async with store.transaction() as uow:
        await uow.keys.add(key)
    return key, secret


async def revoke_key(store: Store, clock: Clock, workspace_id: str, key_id: str) -> ApiKey:
    async with store.transaction() as uow:
        key = await uow.keys.revoke(workspace_id, key_id, clock.now())
        if key is None:
            key = await uow.keys.get(workspace_id, key_id)
            if key is None:
                raise ApiError("resource_not_found", f"No key `{key_id}` in this workspace.")
    return key


async def roll_key(
    store: Store, clock: Clock, workspace_id: str, key_id: str
) -> tuple[ApiKey, str]:
    """A new secret with the same name, scopes, mode, accounts and expiry; the old one stops."""
    async with store.transaction() as uow:
        old = await uow.keys.revoke(workspace_id, key_id, clock.now())
        if old is None:
            raise ApiError("resource_not_found", f"No active key `{key_id}` in this workspace.")
        secret = new_api_key(old.mode)
        key = ApiKey(
            id=new_id("key_"),
            workspace_id=workspace_id,
            name=old.name,
            prefix=key_prefix(secret),
            secret_hash=hash_secret(secret),
            mode=old.mode,
            scopes=old.scopes,
            account_ids=old.account_ids,
            created_at=clock.now(),
            expires_at=old.expires_at,
        )
        await uow.keys.add(key)
    return key, secret
