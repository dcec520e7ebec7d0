"""`call_platform`: one catalogued platform read, live, through the REST route's own pipeline.

The tool names a route of the catalogue (`GET /users/:id/stories/highlights`) with its
`pathParams` and `query`; it runs as `GET /v1/accounts/{accountId}/platform/{path}` does: the
same authentication, per-key rate limit, `read` scope, openapi.yaml query validation, the
route's own field checks, account limits, test mode, platform budget and errors. A write route
is `method_not_allowed` with the hint REST gives: which action type performs it, if any.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.api.endpoint import Call, Endpoint, Reply
from service.api.platform import method_not_allowed, read_route
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.platform.routes import resolve

OPERATION = "getPlatformRoute"


def _object(name: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ApiError(ErrorCode.INVALID_PARAMETER, f"`{name}` must be an object.", param=name)
    return dict(value)


def call_platform_step(route_name: Any, path_params: Any) -> tuple[Endpoint, str]:
    """The pipeline step for one call, and the `path` it stands for (validated like REST's)."""
    if not isinstance(route_name, str) or not route_name.strip():
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, "`route` is required, e.g. `GET /users/me`.", param="route"
        )
    found = resolve(route_name) if " " in route_name.strip() else None
    if found is None:
        raise ApiError(
            ErrorCode.ROUTE_NOT_FOUND,
            "No catalogued platform route by that name.",
            hint="search_api lists the platform routes, e.g. `GET /vault/media`.",
        )
    route, filled = found
    params = {**filled, **_object("pathParams", path_params)}
    if route.is_write:

        async def refuse(call: Call) -> Reply:
            raise method_not_allowed(route.method, route.template)

        return Endpoint(None, refuse), ""

    async def run(call: Call) -> Reply:
        return await read_route(call, route, params, prefix="pathParams.")

    return Endpoint(OPERATION, run), route.template.lstrip("/")


def query_of(value: Any) -> dict[str, Any]:
    return _object("query", value)
