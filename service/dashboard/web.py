"""What every dashboard page shares: the signed-in context, CSRF on forms, and error pages.
Channel machinery (the page context every feature's pages.py runs in), so it stays here; what
it reads of members and workspaces is service/workspaces/members.py's.

A handler is `async def handler(page: Page) -> Response`. The `page` decorator resolves the
session (no session: a page is redirected (303) to the sign-in page with `next`, a form sent
gets the sign-in page with `not_signed_in`, /dashboard/api and JSON calls the envelope), checks the role permission and the form's CSRF token, and renders any
ApiError as the error page with the same code and status the API would use.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlencode

import jinja2
from attrs import define
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from service.dashboard import flash
from service.domain.access import require
from service.domain.permissions import PERMISSION_WORDS, Permission, allowed
from service.domain.principal import Principal
from service.domain.storage_errors import StorageBusy
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.responses import error_response
from service.http.sessions import DashboardSessions, Signed
from service.people.shifts import on_shift
from service.services import Services
from service.workspaces.members import holders, workspaces_of

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: https:; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
    "form-action 'self'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


@define
class Dashboard:
    """Held on app.state.dashboard by the composition root."""

    services: Services
    sessions: DashboardSessions
    templates: jinja2.Environment
    demo_sign_in: tuple[str, str] | None = None  # set by `countersign demo` only
    demo_mailbox: Any = None
    """`countersign demo` only: its SMTP server's caught mails (`.messages`), shown on a page."""

    def html(
        self,
        request: Request,
        template: str,
        context: dict[str, Any],
        status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> Response:
        body = self.templates.get_template(template).render(
            request_id=request.scope["state"]["request_id"],
            path=request.url.path,
            demo_sign_in=self.demo_sign_in,
            demo_mail=self.demo_mailbox is not None,
            **context,
        )
        headers = {**SECURITY_HEADERS, **(headers or {})}
        if is_live(request):
            # The page's own script re-fetches it every second: answer 304 when nothing changed.
            tag = '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'
            headers["ETag"] = tag
            if request.headers.get("if-none-match") == tag:
                return Response(status_code=304, headers=headers)
        return HTMLResponse(body, status_code=status, headers=headers)


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
    def services(self) -> Services:
        return self.dashboard.services

    def can(self, permission: Permission) -> bool:
        return allowed(self.principal.role, permission)

    @property
    def flash(self) -> dict[str, Any]:
        """What the last form left for this page (empty on live refreshes: they never take it)."""
        if is_live(self.request):
            return {}
        return flash.peek(self.request, self.services, self.signed.session.id) or {}

    def field(self, name: str, default: str = "") -> str:
        value = self.form.get(name) if self.form is not None else None
        return value.strip() if isinstance(value, str) else default

    async def render(
        self,
        template: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
        **context: Any,
    ) -> Response:
        p, services = self.principal, self.services
        memberships, workspaces = await workspaces_of(services.store, self.signed.session.user_id)
        current = next((w for w in workspaces if w.id == p.workspace_id), None)
        mine = next((m for m in memberships if m.workspace_id == p.workspace_id), None)
        shown = self.flash
        context.setdefault("notice", shown.get("notice"))
        response = self.dashboard.html(
            self.request,
            template,
            dict(
                me=p,
                csrf=self.signed.csrf,
                mode=p.mode,
                workspaces=workspaces,
                workspace=current,
                can=lambda perm: allowed(p.role, perm),
                # The one-tap shift switch in the header (service/people/shifts.py).
                my_shift=mine.shift if mine else None,
                on_shift_now=mine is not None
                and on_shift(mine.shift, mine.schedule, services.clock.now()),
                flash=shown,
                **context,
            ),
            status,
            headers,
        )
        if shown:
            flash.clear(response, services)
        return response

    def redirect(self, url: str, **shown: Any) -> RedirectResponse:
        """303 to a page; `shown` (a secret, a notice) travels in the flash, never the URL."""
        response = RedirectResponse(url, status_code=303)
        if shown:
            flash.put(response, self.services, self.signed.session.id, **shown)
        return response


def is_live(request: Request) -> bool:
    """A refresh by the page's own script (app.js), as opposed to a person loading the page."""
    return request.headers.get("x-live") == "1"


FORM_FIELDS = 300
"""Fields a dashboard form may carry: a batch of 100 ticked actions, a key's accounts, and
the few fixed fields (the body's size is bounded too: service/http/body_guard.py)."""


FIELD_CHARS = 10_000
"""The longest value a dashboard form field may carry: a message of 5,000 characters whose
line breaks the browser sends as CRLF. Longer is refused naming the field, before any page
reads it (the body itself is bounded too)."""


async def read_form(request: Request, max_fields: int = FORM_FIELDS) -> FormData:
    """The POSTed form, with no files, a bounded number of fields and bounded values; a body
    over the dashboard's limit raises 413 body_too_large here, where the page can answer it."""
    form = await request.form(max_files=0, max_fields=max_fields)
    for name, value in form.multi_items():
        if isinstance(value, str) and len(value) > FIELD_CHARS:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                f"`{name[:100]}` must be at most {FIELD_CHARS:,} characters.",
                param=name[:100],
            )
    return form


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/dashboard/api/")


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def error_page(
    dashboard: Dashboard, request: Request, error: ApiError, signed: Signed | None = None
) -> Response:
    public_url = dashboard.services.settings.public_url
    request_id = request.scope["state"]["request_id"]
    if is_api(request) or wants_json(request):
        return error_response(error, public_url, request_id)
    if error.code == "not_signed_in":
        if request.method in ("GET", "HEAD") and "sign-in" not in request.url.path:
            # A page opened signed out (a link, a bookmark, an ended session) is not an error:
            # to the sign-in page, which comes back here after (a 401 logged a console error).
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            query = urlencode({"next": safe_next(target)})
            return RedirectResponse(f"/dashboard/sign-in?{query}", status_code=303)
        return sign_in_page(dashboard, request, error=error, status=401)
    return dashboard.html(
        request,
        "error.html",
        {
            "error": error,
            "docs_url": error.info.docs_url(public_url),
            "signed_in": signed is not None,
        },
        status=error.status(),
        headers=error.headers,
    )


PAGE_ERRORS = {
    404: (
        ErrorCode.ROUTE_NOT_FOUND,
        "There is no such page in the dashboard: the link may be mistyped or cut short.",
    ),
    405: (
        ErrorCode.METHOD_NOT_ALLOWED,
        "This address only takes a form sent from its page: go back and send it from there.",
    ),
}
"""What a person is told when a dashboard address names no page (a mistyped or cut-off link)
or is where a form is sent (opened from history)."""


async def not_a_page(
    dashboard: Dashboard, request: Request, status: int, headers: dict[str, str] | None
) -> Response:
    """The error page a person can read, with the way back (and the menu, when signed in),
    rather than the API's JSON. A script asking for JSON, or calling /dashboard/api/, still
    gets the envelope."""
    code, message = PAGE_ERRORS[status]
    error = ApiError(code, message, headers=headers)
    try:
        signed = await dashboard.sessions.current(request)
    except StorageBusy:  # the database down or busy: the page without the menu still helps
        signed = None
    if signed is None or signed.principal is None or is_api(request) or wants_json(request):
        return error_page(dashboard, request, error, signed)
    request.scope["state"]["principal"] = signed.principal
    return await navigable_error(Page(request, dashboard, signed, None), error)


def sign_in_page(
    dashboard: Dashboard,
    request: Request,
    *,
    error: ApiError | None = None,
    status: int = 200,
    email: str = "",
) -> Response:
    target = request.query_params.get("next") or (
        request.url.path
        if request.method == "GET"
        and request.url.path.startswith("/dashboard/")
        and "sign-in" not in request.url.path
        else "/dashboard/approvals"
    )
    # Arriving signed out is not a mistake: only a failed attempt (a POST) shows in red.
    return dashboard.html(
        request,
        "sign_in.html",
        {
            "error": error,
            "gentle": request.method == "GET",
            "next": safe_next(target),
            "email": email,
            "joined": request.query_params.get("joined") == "1",
        },
        status=status,
        headers=error.headers if error else None,
    )


def safe_next(target: str) -> str:
    """Only a path inside the dashboard: never an open redirect."""
    ok = target.startswith("/dashboard/") and not target.startswith("//") and "\\" not in target
    return target if ok else "/dashboard/approvals"


Handler = Callable[[Page], Awaitable[Response]]


def page(
    permission: Permission | None = None,
) -> Callable[[Handler], Callable[[Request], Awaitable[Response]]]:
    def wrap(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            dashboard: Dashboard = request.app.state.dashboard
            signed = None
            try:
                signed = await dashboard.sessions.current(request)
                if signed is None:
                    raise ApiError(ErrorCode.NOT_SIGNED_IN)
                if signed.principal is None:
                    raise ApiError(
                        ErrorCode.WORKSPACE_NOT_FOUND,
                        "You are not a member of this workspace any more.",
                    )
                request.scope["state"]["principal"] = signed.principal
                form = None
                if request.method == "POST":
                    form = await read_form(request)
                    sent = form.get("csrf_token")
                    if not isinstance(sent, str) or not signed.csrf_matches(sent):
                        raise ApiError(
                            ErrorCode.MISSING_PERMISSION,
                            "The form's CSRF token does not "
                            "match your session. Reload the page and try again.",
                            permission="csrf",
                        )
                if permission is not None:
                    require(signed.principal, permission)
                return await handler(Page(request, dashboard, signed, form))
            except ApiError as error:
                if (
                    signed is None
                    or signed.principal is None
                    or is_api(request)
                    or wants_json(request)
                ):
                    return error_page(dashboard, request, error, signed)
                return await navigable_error(Page(request, dashboard, signed, None), error)

        run.__name__ = handler.__name__
        return run

    return wrap


async def navigable_error(p: Page, error: ApiError) -> Response:
    """The error page with the header and menu still there, and for a missing permission the
    plain words for it and the people who have it."""
    words = who = None
    if error.code == "missing_permission" and error.permission in PERMISSION_WORDS:
        permission = Permission(error.permission)
        words = PERMISSION_WORDS[permission]
        who = await holders(p.services.store, p.principal.workspace_id, permission)
    public_url = p.services.settings.public_url
    return await p.render(
        "error.html",
        status=error.status(),
        headers=error.headers,
        error=error,
        docs_url=error.info.docs_url(public_url),
        words=words,
        holders=who,
        signed_in=True,
    )


def json_reply(page_: Page, data: Any) -> JSONResponse:
    meta = {
        "source": "service",
        "asOf": None,
        "requestId": page_.request.scope["state"]["request_id"],
    }
    return JSONResponse({"data": data, "meta": meta}, headers={"Cache-Control": "no-store"})
