"""Members (invite, change role, remove) and the audit log."""

from __future__ import annotations

import datetime as dt

from starlette.responses import Response

from service.dashboard.web import Page, page, safe_next
from service.domain.audit import recent
from service.domain.audit_entry import AuditEntry
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.people.assignments import assign, set_shift
from service.people.shifts import DAYS, on_shift, schedule_lines
from service.workspaces import members
from service.workspaces.model import ROLES


@page()
async def members_page(p: Page) -> Response:
    """The People page: who is here, the accounts each member sees, and who is on shift."""
    rows, invites = await members.listing(
        p.services.store, p.services.clock, p.principal.workspace_id
    )
    async with p.services.store.reading() as uow:
        # A member assigned to some accounts never reads the names of the others here either.
        accounts = await uow.accounts.list(
            p.principal.workspace_id, only=p.principal.account_ids, limit=1000
        )
    now = p.services.clock.now()
    return await p.render(
        "members.html",
        members=rows,
        invites=invites,
        roles=ROLES,
        invite_url=p.flash.get("invite_url"),
        accounts=accounts,
        names={a.id: a.username for a in accounts},
        on_shift={m.user_id: on_shift(m.shift, m.schedule, now) for m in rows},
        hours={m.user_id: schedule_lines(m.schedule) for m in rows},
        days=DAYS,
    )


@page(Permission.MEMBERS_MANAGE)
async def assign_accounts(p: Page) -> Response:
    assert p.form is not None
    chosen = None
    if p.field("scope") == "chosen":
        chosen = [str(v) for v in p.form.getlist("accounts")]
    await assign(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["userId"],
        chosen,
    )
    return p.redirect("/dashboard/members", notice="Accounts assigned.")


@page()
async def member_shift(p: Page) -> Response:
    """A member's shift or weekly hours (their own; an owner or admin may set anyone's)."""
    await set_shift(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["userId"],
        p.field("shift"),
        p.field("timeZone") or "UTC",
        {day: p.field(day) for day in DAYS},
    )
    return p.redirect("/dashboard/members", notice="Shift saved.")


@page()
async def my_shift(p: Page) -> Response:
    """The header's one-tap switch: on or off shift now (a schedule is kept for later)."""
    await set_shift(
        p.services.store,
        p.services.clock,
        p.principal,
        p.principal.user_id or "",
        "on" if p.field("shift") == "on" else "off",
    )
    shown = "You are on shift." if p.field("shift") == "on" else "You are off shift."
    return p.redirect(safe_next(p.field("next")), notice=shown)


@page(Permission.MEMBERS_MANAGE)
async def invite(p: Page) -> Response:
    _, token = await members.invite(
        p.services.store,
        p.services.clock,
        p.principal,
        p.field("email"),
        p.field("role") or "member",
    )
    url = f"{p.services.settings.public_url}/dashboard/invites/{token}"
    return p.redirect("/dashboard/members", invite_url=url, notice="Invitation created.")


@page(Permission.MEMBERS_MANAGE)
async def change_role(p: Page) -> Response:
    await members.change_role(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["userId"],
        p.field("role"),
    )
    return p.redirect("/dashboard/members", notice="Role changed.")


@page(Permission.MEMBERS_MANAGE)
async def remove(p: Page) -> Response:
    await members.remove(
        p.services.store, p.services.clock, p.principal, p.request.path_params["userId"]
    )
    return p.redirect("/dashboard/members", notice="Member removed.")


AUDIT_FAMILIES = ("action.", "account.", "key.", "member.", "webhook.")


@page()
async def audit(p: Page) -> Response:
    """Filters: who (name, email or id), what (a family like `key.`), and a date range."""
    q = p.request.query_params
    filters = {
        "who": q.get("who", "").strip()[:200],
        "what": q.get("what", ""),
        "from": q.get("from", ""),
        "to": q.get("to", ""),
    }
    what = filters["what"] if filters["what"] in AUDIT_FAMILIES else None
    since, until = _day(filters["from"], "from"), _day(filters["to"], "to")
    if until is not None:
        until += dt.timedelta(days=1)  # "to" includes its whole day
    entries = await recent(
        p.services.store,
        p.principal.workspace_id,
        who=filters["who"] or None,
        action=what,
        since=since,
        until=until,
    )
    if p.principal.account_ids is not None:
        entries = await _in_reach(p, entries)
    return await p.render("audit.html", entries=entries, filters=filters, families=AUDIT_FAMILIES)


async def _in_reach(p: Page, entries: list[AuditEntry]) -> list[AuditEntry]:
    """A member assigned to some accounts sees the entries about those accounts and their
    actions, nothing of the others nor of the workspace's keys, members and webhooks."""
    action_ids = [e.target for e in entries if e.target and e.target.startswith("act_")]
    async with p.services.store.reading() as uow:
        found = await uow.actions.get_many(action_ids)
    account_of = {a.id: a.account_id for a in found if a.workspace_id == p.principal.workspace_id}
    return [
        e
        for e in entries
        if e.target is not None
        and (
            (e.target in account_of and p.principal.allows(account_of[e.target]))
            or (e.action.startswith("account.") and p.principal.allows(e.target))
        )
    ]


def _day(value: str, param: str) -> dt.datetime | None:
    if not value:
        return None
    try:
        return dt.datetime.combine(dt.date.fromisoformat(value), dt.time(), tzinfo=dt.UTC)
    except ValueError:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Dates are YYYY-MM-DD.", param=param) from None
