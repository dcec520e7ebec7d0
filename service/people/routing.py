"""Who should hear about an action: the one rule every announcing channel asks (mail now,
chat later), so they cannot disagree.

The members who can decide it: assigned to its account (owners and admins always are),
allowed by its policy's `approvers`, not the person who asked for it, and on shift now.
When none of them is on shift, it goes at once to the workspace's owners and admins (on shift
or not): an action nobody hears of waits until it expires.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from service.domain.clock import isoformat
from service.domain.events import Event
from service.domain.permissions import Permission, allowed
from service.people.shifts import on_shift
from service.ports import UnitOfWork
from service.workspaces.model import Member

MANAGERS = ("owner", "admin")


@frozen
class Routing:
    to: Sequence[Member]
    fallback: bool
    """True when nobody who can decide was on shift: `to` is the owners and admins."""

    def record(self, now: dt.datetime) -> dict[str, Any]:
        """What the action keeps (`routed_to`), shown on its page."""
        return {
            "to": [{"name": m.name, "email": m.email} for m in self.to],
            "fallback": self.fallback,
            "at": isoformat(now),
        }


def can_decide(member: Member, account_id: str, approvers: str, requested_by: str | None) -> bool:
    """Whether this member may decide a pending action of the account under its policy."""
    if not member.reaches(account_id) or member.user_id == requested_by:
        return False
    needed = Permission.ACTIONS_DECIDE_RESTRICTED if approvers == "admins" else None
    return allowed(member.role, Permission.ACTIONS_DECIDE) and (
        needed is None or allowed(member.role, needed)
    )


async def who_hears(
    uow: UnitOfWork,
    workspace_id: str,
    account_id: str,
    approvers: str,
    requested_by: str | None,
    now: dt.datetime,
) -> Routing:
    """The members a new action of `account_id` is announced to (see the module)."""
    members = await uow.members.list(workspace_id)
    deciders = [m for m in members if can_decide(m, account_id, approvers, requested_by)]
    on = [m for m in deciders if on_shift(m.shift, m.schedule, now)]
    if on:
        return Routing(on, fallback=False)
    managers = [m for m in members if m.role in MANAGERS and m.user_id != requested_by]
    return Routing(managers, fallback=True)


async def managers_of(uow: UnitOfWork, workspace_id: str) -> Sequence[Member]:
    """Who an escalation reaches: the workspace's owners and admins, on shift or not."""
    return [m for m in await uow.members.list(workspace_id) if m.role in MANAGERS]


async def route_created(uow: UnitOfWork, event: Event, now: dt.datetime) -> int:
    """The dispatcher's fan-out for `action.created`: who it was announced to, kept on the
    action for its page (written once, in the transaction that dispatches the event)."""
    if event.type != "action.created" or event.data.get("status") != "pending":
        return 0
    action = await uow.actions.get(event.workspace_id, str(event.data["id"]))
    if action is None:
        return 0
    routing = await who_hears(
        uow, action.workspace_id, action.account_id, action.approvers, action.requested_by_user, now
    )
    await uow.actions.set_routed_to(action.id, routing.record(now))
    return 1
