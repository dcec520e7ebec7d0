"""Assigning members to accounts, and marking shifts: the People page's and the CLI's use
cases. Assignments take effect on the member's next request (their session reads them each
time: service/http/sessions.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence

from service.domain.access import require, require_mode
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.people.shifts import SHIFTS, parse_schedule
from service.ports import Store, UnitOfWork
from service.workspaces.model import Member


async def _member(uow: UnitOfWork, workspace_id: str, user_id: str) -> Member:
    member = await uow.members.get(workspace_id, user_id)
    if member is None:
        raise ApiError(
            ErrorCode.RESOURCE_NOT_FOUND, "No such member in this workspace.", param="userId"
        )
    return member


async def assign(
    store: Store,
    clock: Clock,
    principal: Principal,
    user_id: str,
    account_ids: Sequence[str] | None,
    *,
    guard: Callable[[UnitOfWork], Awaitable[None]] | None = None,
) -> Member:
    """Assign a member to these accounts of the workspace (None: all). Owners and admins see
    every account whatever is stored; an unknown account is refused by name. `guard` runs
    first in the same transaction, the workspace locked: /v1's `If-Match` on the membership's
    ETag (which the members feature computes)."""
    require(principal, Permission.MEMBERS_MANAGE)
    require_mode(principal, "live")
    chosen = None if account_ids is None else sorted(set(account_ids))
    async with store.transaction() as uow:
        if guard is not None:
            await uow.workspaces.lock(principal.workspace_id)
            await guard(uow)
        member = await _member(uow, principal.workspace_id, user_id)
        if chosen is not None:
            known = {a.id for a in await uow.accounts.list(principal.workspace_id, only=chosen)}
            unknown = [a for a in chosen if a not in known]
            if unknown:
                raise ApiError(
                    ErrorCode.ACCOUNT_NOT_FOUND,
                    f"No account `{unknown[0]}` is linked here.",
                    param="accounts",
                )
        await uow.members.assign(principal.workspace_id, user_id, chosen)
        await record_in(
            uow,
            clock,
            principal,
            "member.assigned",
            member.email,
            accounts=chosen if chosen is not None else "all",
        )
    return await _reread(store, principal.workspace_id, user_id)


async def set_shift(
    store: Store,
    clock: Clock,
    principal: Principal,
    user_id: str,
    shift: str,
    time_zone: str = "UTC",
    days: Mapping[str, str] | None = None,
) -> Member:
    """Mark a member on shift, away, or following a weekly schedule. Everyone sets their own;
    owners and admins may set anyone's (a manager covering a chatter who forgot)."""
    if principal.user_id != user_id:
        require(principal, Permission.MEMBERS_MANAGE)
    if shift not in SHIFTS:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Choose on, off or schedule.", param="shift")
    async with store.transaction() as uow:
        member = await _member(uow, principal.workspace_id, user_id)
        schedule = member.schedule
        if days is not None:
            schedule = parse_schedule(time_zone, days)
        if shift == "schedule" and not schedule:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "Set the weekly hours first.", param="shift"
            )
        await uow.members.set_shift(principal.workspace_id, user_id, shift, schedule)
        await record_in(uow, clock, principal, "member.shift", member.email, shift=shift)
    return await _reread(store, principal.workspace_id, user_id)


async def _reread(store: Store, workspace_id: str, user_id: str) -> Member:
    async with store.reading() as uow:
        return await _member(uow, workspace_id, user_id)
