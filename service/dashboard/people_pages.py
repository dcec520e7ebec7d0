"""Members (invite, change role, remove) and the audit log."""

from __future__ import annotations

from starlette.responses import Response

from service.dashboard.web import Page, page
from service.domain.models import ROLES
from service.usecases import members
from service.usecases.audit import recent


@page()
async def members_page(p: Page) -> Response:
    rows, invites = await members.listing(p.services.store, p.services.clock,
                                          p.principal.workspace_id)
    return await p.render("members.html", members=rows, invites=invites, roles=ROLES,
                          invite_url=p.flash.get("invite_url"))


@page("members.manage")
async def invite(p: Page) -> Response:
    _, token = await members.invite(p.services.store, p.services.clock, p.principal,
                                    p.field("email"), p.field("role") or "member")
    url = f"{p.services.settings.public_url}/dashboard/invites/{token}"
    return p.redirect("/dashboard/members", invite_url=url, notice="Invitation created.")


@page("members.manage")
async def change_role(p: Page) -> Response:
    await members.change_role(p.services.store, p.services.clock, p.principal,
                              p.request.path_params["userId"], p.field("role"))
    return p.redirect("/dashboard/members", notice="Role changed.")


@page("members.manage")
async def remove(p: Page) -> Response:
    await members.remove(p.services.store, p.services.clock, p.principal,
                         p.request.path_params["userId"])
    return p.redirect("/dashboard/members", notice="Member removed.")


@page()
async def audit(p: Page) -> Response:
    entries = await recent(p.services.store, p.principal.workspace_id)
    return await p.render("audit.html", entries=entries)
