"""Workspaces and their people: what the CLI, the demo and the dashboard call (keys: keys.py)."""

from __future__ import annotations

import datetime as dt

from service.accounts import status as account_status
from service.accounts.model import Account
from service.domain.access import require
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.kit.passwords import Passwords
from service.ports import Store
from service.synced.model import Fan
from service.workspaces.model import ROLES, Member, User, Workspace, check_password, checked_email


async def create_workspace(store: Store, clock: Clock, name: str) -> Workspace:
    """A new workspace comes with sandbox creators, so test keys work from the first minute."""
    # Imported here: the platform package loads httpx, which CLI commands like `keys list`
    # never need.
    from service.platform.sandbox import SandboxPlatform, sandbox_creators, sandbox_session
    from service.synced.family_sync import sync_sandbox_families

    now = clock.now()
    sandbox = SandboxPlatform(clock=lambda: now)
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
                status=account_status.HEALTHY,  # a sandbox creator is always reachable
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
            await sync_sandbox_families(
                uow,
                sandbox.request,
                sandbox_session(workspace.id, account.id),
                account.id,
                workspace.id,
                [
                    {"id": fl["id"], "name": fl["name"], "fansCount": len(fl["fanIds"])}
                    for fl in creator["lists"]
                ],
                now,
            )
    return workspace


def _time(value: str | dt.datetime | None) -> dt.datetime | None:
    if value is None or isinstance(value, dt.datetime):
        return value
    return dt.datetime.fromisoformat(value)


async def create_user(
    store: Store,
    clock: Clock,
    principal: Principal,
    email: str,
    name: str,
    password: str,
    role: str,
    *,
    passwords: Passwords,
) -> User:
    """An existing user (same email) keeps their password and gets the role here (never taking
    the last owner's away). The address and the password follow the rules an invitation's do,
    whoever creates the user."""
    require(principal, Permission.MEMBERS_MANAGE)
    email = checked_email(email)
    check_password(password)
    if role not in ROLES:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"Role must be one of {', '.join(ROLES)}.", param="role"
        )
    workspace_id = principal.workspace_id
    password_hash = await passwords.hash(password)  # before the transaction: see passwords.py
    async with store.transaction() as uow:
        if await uow.workspaces.get(workspace_id) is None:
            raise ApiError(ErrorCode.WORKSPACE_NOT_FOUND)
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
        member = await uow.members.get(workspace_id, user.id)
        if member is None:
            await uow.members.add(Member(workspace_id=workspace_id, user_id=user.id, role=role))
            await record_in(uow, clock, principal, "member.added", user.id, email=email, role=role)
        elif member.role != role:
            # Made again with another role: the rule every role change keeps holds here too.
            if member.role == "owner" and await uow.members.count_owners(workspace_id) <= 1:
                raise ApiError(
                    ErrorCode.LAST_OWNER,
                    "This is the last owner. Make another member an owner first.",
                )
            await uow.members.set_role(workspace_id, user.id, role)
            await record_in(
                uow, clock, principal, "member.role_changed", email, before=member.role, after=role
            )
    return user
