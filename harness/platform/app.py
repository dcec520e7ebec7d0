"""`create_platform_app`: the fake platform as one Starlette app.

Layout: the platform routes (and our list-membership routes) under `/api`, creator sign-in
under `/auth`, the control API under `/_control`. Unknown paths and wrong methods answer in
the platform's JSON error shape, so a client sees one error format everywhere.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from . import routes_auth, routes_chats, routes_content, routes_earnings, routes_fans
from .control import control_routes
from .http import build_routes
from .state import PlatformState

API_ROUTES = [
    *routes_chats.ROUTES,
    *routes_fans.ROUTES,
    *routes_earnings.ROUTES,
    *routes_content.ROUTES,
]


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
    body = {"error": {"code": code, "message": exc.detail}}
    if exc.status_code == 404:
        body["error"]["kind"] = "route"
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


def create_platform_app(state: PlatformState | None = None, seed: int = 1) -> Starlette:
    """The app over `state` (a new seeded one when not given; `seed` is used only then)."""
    state = state if state is not None else PlatformState(seed)
    routes = [
        *build_routes(state, API_ROUTES, prefix="/api"),
        *build_routes(state, routes_auth.ROUTES, prefix="", authenticated=False),
        *control_routes(state),
    ]
    app = Starlette(routes=routes, exception_handlers={404: _http_error, 405: _http_error})
    app.state.platform = state
    return app
