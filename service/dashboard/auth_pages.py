"""Signing in and out, accepting an invitation, and the workspace and test-mode switches."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from service.dashboard.web import (
    Dashboard,
    Page,
    error_page,
    page,
    read_form,
    safe_next,
    sign_in_page,
)
from service.errors.api_error import ApiError
from service.http.sessions import MODE_COOKIE
from service.workspaces import members


async def sign_in_form(request: Request) -> Response:
    dashboard: Dashboard = request.app.state.dashboard
    if await dashboard.sessions.current(request) is not None:
        return RedirectResponse(safe_next(request.query_params.get("next", "")), 303)
    return sign_in_page(dashboard, request)


SIGN_IN_FIELDS = 10
"""The sign-in form has four fields; a few spare."""


async def sign_in(request: Request) -> Response:
    dashboard: Dashboard = request.app.state.dashboard
    email = ""
    try:
        form = await read_form(request, SIGN_IN_FIELDS)
        email, password = str(form.get("email", "")), str(form.get("password", ""))
        target = safe_next(str(form.get("next", "")))
        ip = dashboard.services.client_address.of(request)
        token = await dashboard.sessions.sign_in(email, password, ip)
    except ApiError as error:
        status = error.status()
        return sign_in_page(dashboard, request, error=error, status=status, email=email)
    response = RedirectResponse(target, status_code=303)
    dashboard.sessions.set_cookie(response, token)
    return response


async def sign_out(request: Request) -> Response:
    """Ends the session. Not CSRF-checked on purpose: the worst a forged sign-out does is
    sign someone out, and a stale tab must always be able to leave."""
    dashboard: Dashboard = request.app.state.dashboard
    await dashboard.sessions.sign_out(request)
    response = RedirectResponse("/dashboard/sign-in", status_code=303)
    dashboard.sessions.clear_cookie(response)
    return response


async def invite_form(request: Request) -> Response:
    dashboard: Dashboard = request.app.state.dashboard
    services = dashboard.services
    token = request.path_params["token"]
    try:
        item = await members.find_invite(services.store, services.clock, token)
    except ApiError as error:
        return error_page(dashboard, request, error)
    refused: ApiError | None = None
    if request.method == "POST":
        try:
            form = await read_form(request, SIGN_IN_FIELDS)
            await members.accept(
                services.store,
                services.clock,
                token,
                str(form.get("name", "")),
                str(form.get("password", "")),
                passwords=services.passwords,
            )
        except ApiError as exc:
            refused = exc
        else:
            return RedirectResponse("/dashboard/sign-in?joined=1", status_code=303)
    async with services.store.reading() as uow:
        workspace = await uow.workspaces.get(item.workspace_id)
    return dashboard.html(
        request,
        "invite.html",
        {"invite": item, "workspace": workspace, "error": refused},
        status=refused.status() if refused else 200,
    )


@page()
async def switch_mode(p: Page) -> Response:
    mode = "test" if p.field("mode") == "test" else "live"
    response = p.redirect(safe_next(p.field("next")))
    response.set_cookie(
        MODE_COOKIE,
        mode,
        httponly=True,
        samesite="lax",
        path="/",
        secure=p.dashboard.sessions.secure,
    )
    return response


@page()
async def switch_workspace(p: Page) -> Response:
    await p.dashboard.sessions.switch(p.signed, p.field("workspaceId"))
    return p.redirect("/dashboard/approvals")
