"""Members (invite, change role, remove) and the audit log."""

from __future__ import annotations

import datetime as dt

from starlette.responses import Response

from service.dashboard.web import Page, page
from service.domain.audit import recent
from service.domain.permissions import Permission
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.workspaces import members
from service.workspaces.model import ROLES


@page()
async def members_page(p: Page) -> Response:
    rows, invites = await members.listing(
        p.services.store, p.services.clock, p.principal.workspace_id
    )
    return await p.render(
        "members.html",
        members=rows,
        invites=invites,
        roles=ROLES,
        invite_url=p.flash.get("invite_url"),
    )


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
    return await p.render("audit.html", entries=entries, filters=filters, families=AUDIT_FAMILIES)


def _day(value: str, param: str) -> dt.datetime | None:
    if not value:
        return None
    try:
        return dt.datetime.combine(dt.date.fromisoformat(value), dt.time(), tzinfo=dt.UTC)
    except ValueError:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Dates are YYYY-MM-DD.", param=param) from None
