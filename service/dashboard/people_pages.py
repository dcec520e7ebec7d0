"""Members (invite, change role, remove) and the audit log."""

from __future__ import annotations

from starlette.responses import Response

from service.dashboard.web import Page, page
from service.domain.models import ROLES
from service.usecases import members
from service.usecases.audit import recent


async def _members(p: Page, invite_url: str | None = None, status: int = 200) -> Response:
    rows, invites = await members.listing(p.services.store, p.services.clock,
                                          p.principal.workspace_id)
    return await p.render("members.html", status=status, members=rows, invites=invites,
                          roles=ROLES, invite_url=invite_url)


@page()
async def members_page(p: Page) -> Response:
    return await _members(p)


@page("members.manage")
async def invite(p: Page) -> Response:
    _, token = await members.invite(p.services.store, p.services.clock, p.principal,
                                    p.field("email"), p.field("role") or "member")
    url = f"{p.services.settings.public_url}/dashboard/invites/{token}"
    return await _members(p, invite_url=url, status=201)


@page("members.manage")
async def change_role(p: Page) -> Response:
    await members.change_role(p.services.store, p.services.clock, p.principal,
                              p.request.path_params["userId"], p.field("role"))
    return p.redirect("/dashboard/members")


@page("members.manage")
async def remove(p: Page) -> Response:
    await members.remove(p.services.store, p.services.clock, p.principal,
                         p.request.path_params["userId"])
    return p.redirect("/dashboard/members")


@page()
async def audit(p: Page) -> Response:
    entries = await recent(p.services.store, p.principal.workspace_id)
    return await p.render("audit.html", entries=entries)
