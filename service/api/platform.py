"""GET /v1/accounts/{accountId}/platform/{path}: every catalogued platform read, live.

The path after `/platform` is matched against the catalogue's GET routes
(service/platform/routes.py); the route's known query fields are checked and forwarded, others
ignored; the platform's answer comes back as `data` with `meta.source: "live"`. Any other
method is `405 method_not_allowed` whose hint names the action type that performs that write,
where one exists: the REST interface only reads the platform.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Match, Route, request_response
from starlette.types import ASGIApp, Receive, Scope, Send

from service.actions.execution.write_routes import write_hint
from service.actions.reach import visible_account
from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.platform.route_model import PlatformRoute
from service.platform.routes import match

ALLOW = "GET, HEAD"
ECHO_MAX = 60  # a longer path is not repeated back in an error


async def read_route(
    call: Call, route: PlatformRoute, path_params: dict[str, Any], prefix: str = ""
) -> Reply:
    """Run one catalogued read for the call's account; REST and MCP's call_platform share it."""
    params = route.check_path(path_params, prefix)
    query = route.check_query(call.params.query)
    async with call.services.store.reading() as uow:
        account = await visible_account(uow, call.principal, call.params.path["accountId"])
    data, read_at = await call.services.live.route(account, route.name, params, query)
    return Reply({"data": data, "meta": call.meta("live", isoformat(read_at))})


def no_route(path: str) -> ApiError:
    named = f"`GET /{path}`" if len(path) <= ECHO_MAX else "this path"
    return ApiError(
        ErrorCode.ROUTE_NOT_FOUND,
        f"No catalogued platform read matches {named}.",
        hint="search_api lists the platform routes; paths look like `users/me` or "
        "`chats/{fanId}/messages`.",
    )


@endpoint("getPlatformRoute")
async def read_platform(call: Call) -> Reply:
    path = call.params.path["path"]
    found = match("GET", path)
    if found is None:
        raise no_route(path)
    route, params = found
    try:
        route.check_path(params)
    except ApiError:
        # Like act_/link_ ids of the wrong shape: a path id no platform id can have names
        # nothing, so it is not found rather than a bad request.
        raise ApiError(
            ErrorCode.RESOURCE_NOT_FOUND,
            "No platform id has this shape: ids are 1 to 64 characters without control "
            "characters, and never `.` or `..`.",
        ) from None
    return await read_route(call, route, params)


def method_not_allowed(method: str, path: str) -> ApiError:
    return ApiError(
        ErrorCode.METHOD_NOT_ALLOWED,
        f"{method} is not allowed on the platform route: it only reads. Allowed: {ALLOW}.",
        hint=write_hint(method, path),
        headers={"Allow": ALLOW},
    )


async def refuse(request: Request) -> Response:
    raise method_not_allowed(request.method, request.path_params.get("path", ""))


class ReadOnlyRoute(Route):
    """A GET route whose other methods get our 405 with a hint (not Starlette's plain one)."""

    def __init__(self, path: str, endpoint: ASGIApp) -> None:
        super().__init__(path, endpoint, methods=["GET"])
        self.refusal = request_response(refuse)

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        found, child = super().matches(scope)
        return (Match.FULL if found == Match.PARTIAL else found), child

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.methods and scope["method"] not in self.methods:
            await self.refusal(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def platform_routes() -> list[Route]:
    return [ReadOnlyRoute("/v1/accounts/{accountId}/platform/{path:path}", read_platform)]
