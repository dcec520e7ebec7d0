"""The hosted link page: GET /link/{token} and its forms (POST /link/{token}/<step>); and, at
the end, the dashboard's Links page, where members make and cancel links.

Server-rendered HTML without scripts or outside assets, so it works on any phone. A form post
answers 303 back to the page (a reload never re-submits a password); a request that asks for
JSON (`Accept: application/json`) gets the HostedLink or the error envelope instead. Refusals
use the dashboard codes `link_not_found` (404) and `link_not_ready` (409).

The link token in the URL is the creator's only credential, so every answer carries
`Referrer-Policy: no-referrer` and `Cache-Control: no-store`. Forms carry a per-link token kept
in the link's state (checked in constant time); JSON bodies cannot be sent cross-site without a
CORS preflight we never grant, so they need none.
"""

from __future__ import annotations

import base64
import datetime as dt
import hmac
from collections.abc import Awaitable, Callable
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from service.dashboard.web import Page, json_reply, page
from service.domain.ids import hash_secret
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.validation import json_body
from service.linking import flow, steps
from service.linking import usecases as link_cases
from service.linking.model import Link
from service.linking.render import link_json
from service.services import Services

MAX_BODY = 8 * 1024 * 1024  # a phone camera's selfie fits
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "img-src 'self' data: https:; form-action 'self'; "
    "frame-ancestors 'none'",
}


def link_templates() -> Environment:
    """The page's templates, package data; built by create_app (app.state), never at import."""
    return Environment(
        loader=PackageLoader("service.linking", "templates"),
        autoescape=select_autoescape(["html"]),
        auto_reload=False,
    )


def linking_routes() -> list[Route]:
    return [
        Route("/link/{token}", show, methods=["GET"]),
        Route("/link/{token}/sign-in", _form(_sign_in), methods=["POST"]),
        Route("/link/{token}/2fa", _form(_two_factor), methods=["POST"]),
        Route("/link/{token}/selfie", _form(_selfie), methods=["POST"]),
        Route("/link/{token}/cancel", _form(_cancel), methods=["POST"]),
        Route("/link/{token}/{step}", back_to_page, methods=["GET"]),
    ]


async def back_to_page(request: Request) -> Response:
    """A step's address opened as a page (from history, a reload after a refused step): the
    link's page, which shows whatever step the link is at."""
    return RedirectResponse(
        f"/link/{request.path_params['token']}", status_code=303, headers=HEADERS
    )


def _wants_json(request: Request) -> bool:
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


async def _find(services: Services, token: str) -> Link:
    async with services.store.reading() as uow:
        link = await uow.links.get_by_token_hash(hash_secret(token)) if len(token) <= 64 else None
    if link is None:
        raise ApiError(
            ErrorCode.LINK_NOT_FOUND,
            "This link does not exist. Check the address or ask for a new link.",
        )
    return link


async def show(request: Request) -> Response:
    services = request.app.state.services
    try:
        link = await flow.open_page(
            services.linking, await _find(services, request.path_params["token"])
        )
    except ApiError as error:
        return await _error(request, error, None)
    return await _render(request, link)


Step = Callable[[Services, Link, dict[str, str]], Awaitable[Link]]


def _form(action: Step) -> Callable[[Request], Awaitable[Response]]:
    async def run(request: Request) -> Response:
        services: Services = request.app.state.services
        link = None
        try:
            link = await flow.open_page(
                services.linking, await _find(services, request.path_params["token"])
            )
            steps.require_stage(link, "any", services.clock.now())  # finished: 409 before 400
            fields = await _fields(request, link)
            link = await action(services, link, fields)
        except ApiError as error:
            if link is not None:
                async with services.store.reading() as uow:
                    link = await uow.links.get(link.workspace_id, link.id) or link
            return await _error(request, error, link)
        if _wants_json(request):
            return _json(request, link)
        return RedirectResponse(
            f"/link/{request.path_params['token']}", status_code=303, headers=HEADERS
        )

    return run


async def _fields(request: Request, link: Link) -> dict[str, str]:
    if request.headers.get("content-type", "").startswith("application/json"):
        body = json_body(await request.body() or b"{}")
        if not isinstance(body, dict):
            raise ApiError(ErrorCode.INVALID_PARAMETER, "The body must be an object.", param="body")
        return {k: v for k, v in body.items() if isinstance(v, str)}
    fields: dict[str, str] = {}
    # As a context manager the form closes its uploaded files (spooled temporary files).
    async with request.form(max_files=1, max_fields=20, max_part_size=MAX_BODY) as form:
        for key, value in form.multi_items():
            if isinstance(value, str):
                fields[key] = value
            elif key == "photo" and value.filename:
                data = await value.read()
                if data:
                    kind = value.content_type or "application/octet-stream"
                    fields["image"] = f"data:{kind};base64," + base64.b64encode(data).decode()
    expected = link.state.get("csrf", "")
    if not expected or not hmac.compare_digest(fields.get("csrf", ""), expected):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "This page is out of date. Reload it and try again.",
            param="csrf",
        )
    return fields


async def _sign_in(services: Services, link: Link, fields: dict[str, str]) -> Link:
    return await flow.sign_in(
        services.linking, link, fields.get("email", ""), fields.get("password", "")
    )


async def _two_factor(services: Services, link: Link, fields: dict[str, str]) -> Link:
    return await flow.submit_2fa(services.linking, link, fields.get("code", ""))


async def _selfie(services: Services, link: Link, fields: dict[str, str]) -> Link:
    return await flow.submit_selfie(services.linking, link, fields.get("image", ""))


async def _cancel(services: Services, link: Link, fields: dict[str, str]) -> Link:
    return await flow.cancel(services.linking, link)


def _meta(request: Request) -> dict[str, Any]:
    return {"source": "service", "asOf": None, "requestId": request.scope["state"]["request_id"]}


def _json(request: Request, link: Link) -> Response:
    services = request.app.state.services
    body = {
        "data": link_json(
            link, services.settings.public_url, services.clock.now(), services.link_tokens
        ),
        "meta": _meta(request),
    }
    return JSONResponse(body, headers=HEADERS)


async def _error(request: Request, error: ApiError, link: Link | None) -> Response:
    services = request.app.state.services
    status = error.status(test_mode=link is not None and link.mode == "test")
    if _wants_json(request):
        body = error.body(services.settings.public_url, request.scope["state"]["request_id"])
        return JSONResponse(body, status_code=status, headers=HEADERS)
    return await _render(request, link, error=error, status=status)


async def _render(
    request: Request, link: Link | None, *, error: ApiError | None = None, status: int = 200
) -> Response:
    if link is not None and _wants_json(request) and error is None:
        return _json(request, link)
    services = request.app.state.services
    now = services.clock.now()
    view = None
    if link is not None:
        view = "expired" if steps.is_expired(link, now) else (steps.stage(link) or link.status)
    agency = account = None
    if link is not None:
        async with services.store.reading() as uow:
            agency = await uow.workspaces.get(link.workspace_id)
            if link.account_id:
                account = await uow.accounts.get(link.workspace_id, link.account_id)
    html = request.app.state.link_templates.get_template("link.html").render(
        link=link,
        view=view,
        error=error,
        now=now,
        account=account,
        token=request.path_params.get("token", ""),  # the URL's; only its hash is stored
        agency=agency.name if agency else "The agency",
        platform=services.settings.platform_name,
        creator_message=(link.state.get("creatorMessage") if link else None),
        shown=link_json(link, services.settings.public_url, now, services.link_tokens)
        if link
        else None,
        message=(link.state.get("message") if link else None),
        csrf=(link.state.get("csrf", "") if link else ""),
        attempts_left=steps.attempts_left(link) if link else 0,
        expires=(
            link.expires_at.astimezone(dt.UTC).strftime("%d %b %Y, %H:%M UTC") if link else ""
        ),
    )
    return HTMLResponse(html, status_code=status, headers=HEADERS)


# --- the dashboard's Links page -------------------------------------------------------------
@page()
async def links(p: Page) -> Response:
    services, principal = p.services, p.principal
    async with services.store.reading() as uow:
        rows = await uow.links.recent(principal.workspace_id, principal.mode)
    now, url, tokens = services.clock.now(), services.settings.public_url, services.link_tokens
    # A link that became an account outside a member's assignments is not theirs to see.
    shown = [
        link_json(link, url, now, tokens)
        for link in rows
        if link.account_id is None or principal.allows(link.account_id)
    ]
    created = next((link for link in shown if link["id"] == p.flash.get("link")), None)
    return await p.render("links.html", links=shown, created=created)


@page(Permission.LINKS_CREATE)
async def create_link(p: Page) -> Response:
    link = await link_cases.create_link(
        p.services.store,
        p.services.clock,
        p.principal,
        p.field("note") or None,
        creator_message=p.field("message") or None,
        tokens=p.services.link_tokens,
    )
    return p.redirect("/dashboard/links", link=link.id, notice="Link created.")


@page(Permission.LINKS_CREATE)
async def cancel_link(p: Page) -> Response:
    await link_cases.cancel_link(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["linkId"],
    )
    return p.redirect("/dashboard/links")


@page()
async def link_status(p: Page) -> Response:
    async with p.services.store.reading() as uow:
        link = await uow.links.get(p.principal.workspace_id, p.request.path_params["linkId"])
    if link is None or (link.account_id is not None and not p.principal.allows(link.account_id)):
        raise ApiError(ErrorCode.LINK_NOT_FOUND, param="linkId")
    return json_reply(
        p,
        link_json(
            link, p.services.settings.public_url, p.services.clock.now(), p.services.link_tokens
        ),
    )
