"""State-changing dashboard requests come from the dashboard's own pages, or from no browser.

Forms behind sign-in carry the session's CSRF token, but the sign-in form cannot (there is no
session yet): a page on another site could sign a victim's browser into the attacker's
workspace (login CSRF), where a hosted link the victim then creates would connect a creator to
the attacker. So every POST under /dashboard (sign-in, invitations and the approve API
included) is refused with `403 missing_permission` (permission `csrf`) when the browser says
it comes from elsewhere: `Sec-Fetch-Site` other than `same-origin` or `none`, or an `Origin`
that is neither the service's public URL nor the host the request was sent to (`null`
included). Browsers send both on every POST; a client that sends neither (curl, a script) is
not a browser a page could drive, and goes on to the checks each route makes anyway.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from service.dashboard.web import error_page
from service.error_codes import ErrorCode
from service.errors import ApiError

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME = frozenset({"same-origin", "none"})


def cross_site(headers: Headers, public_url: str) -> bool:
    """Whether a browser says this request comes from a page of another origin."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in SAME:
        return True
    origin = headers.get("origin")
    if origin is None:
        return False
    public = urlsplit(public_url)
    sent = urlsplit(origin)
    if (sent.scheme, sent.netloc) == (public.scheme, public.netloc):
        return False
    return not sent.netloc or sent.netloc != headers.get("host")


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
            and cross_site(Headers(scope=scope), self.public_url)
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
