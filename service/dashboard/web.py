"""What every dashboard page shares: the signed-in context, CSRF on forms, and error pages.

A handler is `async def handler(page: Page) -> Response`. The `page` decorator resolves the
session (no session: the sign-in page with `not_signed_in`, or the JSON envelope under
/dashboard/api), checks the role permission and the form's CSRF token, and renders any
ApiError as the error page with the same code and status the API would use.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Awaitable, Callable
from typing import Any

import jinja2
from attrs import define
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from service.api.errors import ApiError, error_response
from service.dashboard.sanitize import message_html
from service.dashboard.sessions import DashboardSessions, Signed, same
from service.domain.dashboard import allowed
from service.domain.principal import Principal

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                               "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                               "form-action 'self'; base-uri 'none'",
    "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
}


def make_templates() -> jinja2.Environment:
    """The dashboard's templates, package data (importlib.resources finds them in a wheel)."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("service.dashboard", "templates"),
                             autoescape=True)
    env.filters.update(when=when, money=money, left=time_left, message=message_html,
                       pretty=pretty)
    return env


@define
class Dashboard:
    """Held on app.state.dashboard by the composition root."""

    services: Any
    sessions: DashboardSessions
    templates: jinja2.Environment

    def html(self, request: Request, template: str, context: dict[str, Any],
             status: int = 200, headers: dict[str, str] | None = None) -> HTMLResponse:
        body = self.templates.get_template(template).render(
            request_id=request.scope["state"]["request_id"], path=request.url.path, **context)
        return HTMLResponse(body, status_code=status,
                            headers={**SECURITY_HEADERS, **(headers or {})})


@define
class Page:
    request: Request
    dashboard: Dashboard
    signed: Signed
    form: FormData | None

    @property
    def principal(self) -> Principal:
        assert self.signed.principal is not None
        return self.signed.principal

    @property
    def services(self) -> Any:
        return self.dashboard.services

    def field(self, name: str, default: str = "") -> str:
        value = self.form.get(name) if self.form is not None else None
        return value.strip() if isinstance(value, str) else default

    async def render(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        p, services = self.principal, self.services
        async with services.store.reading() as uow:
            memberships = await uow.members.workspaces_of(p.user_id)
            workspaces = [w for w in [await uow.workspaces.get(m.workspace_id)
                                      for m in memberships] if w is not None]
        current = next((w for w in workspaces if w.id == p.workspace_id), None)
        context.setdefault("notice", None)
        return self.dashboard.html(self.request, template, dict(
            me=p, csrf=self.signed.session.csrf_token, mode=p.mode, workspaces=workspaces,
            workspace=current, can=lambda perm: allowed(p.role, perm), **context), status)

    def redirect(self, url: str) -> RedirectResponse:
        return RedirectResponse(url, status_code=303)


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/dashboard/api/")


def error_page(dashboard: Dashboard, request: Request, error: ApiError,
               signed: Signed | None = None) -> Response:
    public_url = dashboard.services.settings.public_url
    request_id = request.scope["state"]["request_id"]
    if is_api(request) or "application/json" in request.headers.get("accept", ""):
        return error_response(error, public_url, request_id)
    if error.code == "not_signed_in":
        return sign_in_page(dashboard, request, error=error, status=401)
    return dashboard.html(request, "error.html", {
        "error": error, "docs_url": error.info.docs_url(public_url),
        "signed_in": signed is not None},
        status=error.status(), headers=error.headers)


def sign_in_page(dashboard: Dashboard, request: Request, *, error: ApiError | None = None,
                 status: int = 200, email: str = "") -> HTMLResponse:
    target = request.query_params.get("next") or (
        request.url.path if request.method == "GET" and request.url.path.startswith(
            "/dashboard/") and "sign-in" not in request.url.path else "/dashboard/approvals")
    return dashboard.html(request, "sign_in.html", {
        "error": error, "next": safe_next(target), "email": email},
        status=status, headers=error.headers if error else None)


def safe_next(target: str) -> str:
    """Only a path inside the dashboard: never an open redirect."""
    ok = target.startswith("/dashboard/") and not target.startswith("//") and "\\" not in target
    return target if ok else "/dashboard/approvals"


Handler = Callable[[Page], Awaitable[Response]]


def page(permission: str | None = None) -> Callable[[Handler], Callable[[Request], Awaitable[Response]]]:
    def wrap(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            dashboard: Dashboard = request.app.state.dashboard
            signed = None
            try:
                signed = await dashboard.sessions.current(request)
                if signed is None:
                    raise ApiError("not_signed_in")
                if signed.principal is None:
                    raise ApiError("workspace_not_found", "You are not a member of this "
                                   "workspace any more.")
                request.scope["state"]["principal"] = signed.principal
                form = None
                if request.method == "POST":
                    form = await request.form()
                    sent = form.get("csrf_token")
                    if not isinstance(sent, str) or not same(sent, signed.session.csrf_token):
                        raise ApiError("missing_permission", "The form's CSRF token does not "
                                       "match your session. Reload the page and try again.",
                                       permission="csrf")
                if permission and not allowed(signed.principal.role, permission):
                    raise ApiError("missing_permission", f"Your role "
                                   f"({signed.principal.role}) does not allow `{permission}`. "
                                   "Ask an owner or admin.", permission=permission)
                return await handler(Page(request, dashboard, signed, form))
            except ApiError as error:
                return error_page(dashboard, request, error, signed)

        run.__name__ = handler.__name__
        return run

    return wrap


def json_reply(page_: Page, data: Any) -> JSONResponse:
    meta = {"source": "service", "asOf": None,
            "requestId": page_.request.scope["state"]["request_id"]}
    return JSONResponse({"data": data, "meta": meta}, headers={"Cache-Control": "no-store"})


# --- template filters -------------------------------------------------------------------
def when(value: dt.datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "—"


def pretty(value: Any) -> str:
    """Readable JSON as plain text (autoescaped on output, unlike `tojson`'s \\u003c form)."""
    return json.dumps(value, indent=2, ensure_ascii=False)


def money(value: dict[str, Any] | None) -> str:
    if not value:
        return "—"
    return f"{value['amount'] / 100:,.2f} {value['currency']}"


def time_left(expires_at: dt.datetime, now: dt.datetime) -> str:
    seconds = int((expires_at - now).total_seconds())
    if seconds <= 0:
        return "expired"
    hours, minutes = divmod(seconds // 60, 60)
    return f"{hours}h {minutes:02d}m left" if hours else f"{minutes}m left"
