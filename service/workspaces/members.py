"""Members of a workspace: invite, accept, change role, remove; a workspace keeps an owner.
Who may do what, and which workspaces a person belongs to, as the dashboard shows them."""

from __future__ import annotations

import secrets
from datetime import timedelta

from service.domain.access import has_owner_powers, holder, require, require_mode
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.etags import check_if_match, etag
from service.domain.ids import hash_secret, new_id
from service.domain.permissions import ROLE_PERMISSIONS, Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.kit.passwords import Passwords
from service.ports import Store, UnitOfWork
from service.workspaces.model import (
    ROLES,
    Invite,
    Member,
    User,
    Workspace,
    check_password,
    checked_email,
)

INVITE_LIFETIME = timedelta(days=7)


def _role(role: str) -> str:
    if role not in ROLES:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"Role must be one of {', '.join(ROLES)}.", param="role"
        )
    return role


async def invite(
    store: Store, clock: Clock, principal: Principal, email: str, role: str
) -> tuple[Invite, str]:
    """Returns the invitation and its token; the token is shown once, as a URL to pass on."""
    require(principal, Permission.MEMBERS_MANAGE)
    require_mode(principal, "live")
    email = checked_email(email)
    if _role(role) == "owner" and not has_owner_powers(principal):
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "Only an owner can invite another owner.",
            permission="members.owner",
        )
    token, now = secrets.token_urlsafe(24), clock.now()
    item = Invite(
        id=new_id("inv_"),
        workspace_id=principal.workspace_id,
        email=email,
        role=role,
        token_hash=hash_secret(token),
        invited_by=principal.user_id or principal.key_id or "",
        created_at=now,
        expires_at=now + INVITE_LIFETIME,
    )
    async with store.transaction() as uow:
        await uow.invites.add(item)
        await record_in(uow, clock, principal, "member.invited", email, role=role)
    return item, token


async def find_invite(store: Store, clock: Clock, token: str) -> Invite:
    async with store.reading() as uow:
        item = await uow.invites.get_by_token_hash(hash_secret(token))
    if item is None or item.accepted_at is not None or item.expires_at <= clock.now():
        raise ApiError(
            ErrorCode.RESOURCE_NOT_FOUND,
            "This invitation is not valid any more. Ask for a new one.",
            param="token",
        )
    return item


async def accept(
    store: Store, clock: Clock, token: str, name: str, password: str, *, passwords: Passwords
) -> User:
    """A new person sets a name and password; someone with an account proves it by password.

    The password is hashed or verified before the transaction (see passwords.py); an account
    made for the email in between is refused as unproven, leaving the invitation unused."""
    item = await find_invite(store, clock, token)
    check_password(password)
    async with store.reading() as uow:
        known = await uow.users.get_by_email(item.email)
    if known is not None and not await passwords.verify(known.password_hash, password):
        raise _unproven()
    password_hash = await passwords.hash(password) if known is None else None
    now = clock.now()
    async with store.transaction() as uow:
        if await uow.invites.accept(item.id, now) is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND, "This invitation was already used.", param="token"
            )
        user = await uow.users.get_by_email(item.email)
        if user is None and password_hash is not None:
            user = User(
                id=new_id("usr_"),
                email=item.email,
                name=name.strip() or item.email,
                password_hash=password_hash,
                created_at=now,
            )
            await uow.users.add(user)
        elif user is None or known is None or user.id != known.id:
            raise _unproven()
        if await uow.members.get(item.workspace_id, user.id) is None:
            await uow.members.add(Member(item.workspace_id, user.id, item.role))
    return user


def _unproven() -> ApiError:
    return ApiError(
        ErrorCode.INVALID_PARAMETER,
        "This email already has an account: enter its password to join.",
        param="password",
    )


async def _target(uow: UnitOfWork, principal: Principal, user_id: str) -> Member:
    member = await uow.members.get(principal.workspace_id, user_id)
    if member is None:
        raise ApiError(
            ErrorCode.RESOURCE_NOT_FOUND, "No such member in this workspace.", param="userId"
        )
    return member


async def members_etag(uow: UnitOfWork, workspace_id: str) -> str:
    """The ETag of the workspace's membership: who is in it with which role and which accounts
    (not shifts: a chatter tapping "away" must not make an admin script's write stale)."""
    members = await uow.members.list(workspace_id)
    return etag(sorted([m.user_id, m.role, m.account_ids] for m in members))


async def change_role(
    store: Store,
    clock: Clock,
    principal: Principal,
    user_id: str,
    role: str,
    *,
    if_match: str | None = None,
) -> None:
    require(principal, Permission.MEMBERS_MANAGE)
    require_mode(principal, "live")
    _role(role)
    async with store.transaction() as uow:
        if if_match is not None:
            await uow.workspaces.lock(principal.workspace_id)
        check_if_match(if_match, await members_etag(uow, principal.workspace_id))
        member = await _target(uow, principal, user_id)
        if "owner" in (role, member.role) and not has_owner_powers(principal):
            raise ApiError(
                ErrorCode.MISSING_PERMISSION,
                "Only an owner can make or unmake owners.",
                permission="members.owner",
            )
        if (
            member.role == "owner"
            and role != "owner"
            and await uow.members.count_owners(principal.workspace_id) <= 1
        ):
            raise ApiError(
                ErrorCode.LAST_OWNER, "This is the last owner. Make another member an owner first."
            )
        await uow.members.set_role(principal.workspace_id, user_id, role)
        await record_in(
            uow,
            clock,
            principal,
            "member.role_changed",
            member.email,
            before=member.role,
            after=role,
        )


async def remove(
    store: Store,
    clock: Clock,
    principal: Principal,
    user_id: str,
    *,
    if_match: str | None = None,
) -> None:
    require(principal, Permission.MEMBERS_MANAGE)
    require_mode(principal, "live")
    async with store.transaction() as uow:
        if if_match is not None:
            await uow.workspaces.lock(principal.workspace_id)
        check_if_match(if_match, await members_etag(uow, principal.workspace_id))
        member = await _target(uow, principal, user_id)
        if member.role == "owner" and not has_owner_powers(principal):
            raise ApiError(
                ErrorCode.MISSING_PERMISSION,
                "Only an owner can remove an owner.",
                permission="members.owner",
            )
        if member.role == "owner" and await uow.members.count_owners(principal.workspace_id) <= 1:
            raise ApiError(
                ErrorCode.LAST_OWNER, "This is the last owner. Make another member an owner first."
            )
        await uow.members.remove(principal.workspace_id, user_id)
        await uow.sessions.end_for_user(user_id, principal.workspace_id, clock.now())
        await record_in(uow, clock, principal, "member.removed", member.email, role=member.role)


async def set_password(
    store: Store,
    clock: Clock,
    principal: Principal,
    email: str,
    password: str,
    *,
    passwords: Passwords,
) -> tuple[User, int]:
    """A member's new password (someone who forgot theirs): the same rule as any password,
    and every dashboard session of theirs ends, so whoever knew the old one is signed out.
    Returns the person and how many sessions ended."""
    require(principal, Permission.MEMBERS_MANAGE)
    email = checked_email(email)
    check_password(password)
    password_hash = await passwords.hash(password)  # before the transaction: see passwords.py
    async with store.transaction() as uow:
        user = await uow.users.get_by_email(email)
        member = None if user is None else await uow.members.get(principal.workspace_id, user.id)
        if user is None or member is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND,
                "No member of this workspace signs in with this address.",
                param="email",
            )
        if member.role == "owner" and holder(principal) not in ("owner", "cli"):
            raise ApiError(
                ErrorCode.MISSING_PERMISSION,
                "Only an owner can set an owner's password.",
                permission="members.owner",
            )
        await uow.users.set_password_hash(user.id, password_hash)
        ended = await uow.sessions.end_everywhere(user.id, clock.now())
        await record_in(uow, clock, principal, "member.password_set", user.email, sessions=ended)
    return user, ended


async def listing(
    store: Store, clock: Clock, workspace_id: str
) -> tuple[list[Member], list[Invite]]:
    async with store.reading() as uow:
        return (
            list(await uow.members.list(workspace_id)),
            list(await uow.invites.pending(workspace_id, clock.now())),
        )


async def holders(store: Store, workspace_id: str, permission: Permission) -> list[str]:
    """Who in the workspace may do it (up to ten, "Name (role)"), so a refusal can say whom
    to ask."""
    roles = {r for r, perms in ROLE_PERMISSIONS.items() if permission in perms}
    async with store.reading() as uow:
        members = [m for m in await uow.members.list(workspace_id) if m.role in roles]
        users = [await uow.users.get(m.user_id) for m in members[:10]]
    return [f"{u.name} ({m.role})" for u, m in zip(users, members, strict=False) if u]


async def workspaces_of(store: Store, user_id: str) -> tuple[list[Member], list[Workspace]]:
    """A person's memberships and the workspaces they are in (the dashboard's switcher)."""
    async with store.reading() as uow:
        memberships = list(await uow.members.workspaces_of(user_id))
        workspaces = [
            w
            for w in [await uow.workspaces.get(m.workspace_id) for m in memberships]
            if w is not None
        ]
    return memberships, workspaces
