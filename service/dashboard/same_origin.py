"""State-changing dashboard requests come from the dashboard's own pages, or from no browser.

Forms behind sign-in carry the session's CSRF token, but the sign-in form cannot (there is no
session yet): a page on another site could sign a victim's browser into the attacker's
workspace (login CSRF), where a hosted link the victim then creates would connect a creator to
the attacker. So every POST under /dashboard (sign-in, invitations and the approve API
included) is refused with `403 missing_permission` (permission `csrf`) when the browser says
it comes from elsewhere: `Sec-Fetch-Site` other than `same-origin` or `none`, or an `Origin`
whose scheme, host and port are neither the service's public URL's nor those the request was
sent to (`null` included). Browsers send both on every POST; a client that sends neither (curl, a script) is
not a browser a page could drive, and goes on to the checks each route makes anyway.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from service.dashboard.web import error_page
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME = frozenset({"same-origin", "none"})


DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int | None]


def origin_of(url: str) -> Origin | None:
    """(scheme, host, port) with the scheme's default port filled in; None when unreadable."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port that is not a number, or out of range
        return None
    host = (parts.hostname or "").lower()
    return (scheme, host, port) if scheme and host else None


def cross_site(headers: Headers, public_url: str, scheme: str = "http") -> bool:
    """Whether a browser says this request comes from a page of another origin. An `Origin`
    is same-origin only when scheme, host and port all match the public URL's or those the
    request was sent to (`scheme`, as the server read it, and the `Host` header)."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in SAME:
        return True
    origin = headers.get("origin")
    if origin is None:
        return False
    sent = origin_of(origin)
    if sent is None:  # `null` (a sandboxed frame, a redirect) or unreadable
        return True
    requested = origin_of(f"{scheme}://{headers.get('host', '')}")
    return sent not in (origin_of(public_url), requested)


class SameOriginPosts:
    """Pure ASGI: refuses a cross-site state-changing request under /dashboard."""

    def __init__(self, app: ASGIApp, public_url: str) -> None:
        self.app = app
        self.public_url = public_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and scope["path"].startswith("/dashboard/")
            and cross_site(Headers(scope=scope), self.public_url, scope.get("scheme", "http"))
        ):
            request = Request(scope, receive)
            error = ApiError(
                ErrorCode.MISSING_PERMISSION,
                "This form was sent from another site. Open the dashboard and send it from there.",
                permission="csrf",
            )
            await error_page(scope["app"].state.dashboard, request, error)(scope, receive, send)
            return
        await self.app(scope, receive, send)
