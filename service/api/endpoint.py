"""What every /v1 handler shares: authenticate, rate-limit, check scope, validate, respond.

A handler is `async def handler(call: Call) -> Reply` and never sees raw HTTP details it does not
need; the decorator also validates the reply against openapi.yaml when validation is switched on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from attrs import frozen
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from service.domain.principal import Principal
from service.errors import ApiError
from service.http.auth import presented_key, principal_for_key
from service.http.ratelimit import spend
from service.http.validation import ParsedRequest


@frozen
class Call:
    request: Request
    principal: Principal
    params: ParsedRequest
    services: Any
    reader: Any = None

    def reading(self):
        """The request's read-only unit of work (shared with authentication when the endpoint
        asked for it, saving a round trip), or a fresh one."""
        if self.reader is not None:
            return contextlib.nullcontext(self.reader)
        return self.services.store.reading()

    @property
    def request_id(self) -> str:
        return self.request.scope["state"]["request_id"]

    def meta(self, source: str = "service", as_of: str | None = None) -> dict[str, Any]:
        return {"source": source, "asOf": as_of, "requestId": self.request_id}


@frozen
class Reply:
    body: dict[str, Any]
    status: int = 200
    headers: dict[str, str] | None = None


Handler = Callable[[Call], Awaitable[Reply]]


async def read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError("invalid_parameter", f"The body is larger than {limit} bytes.",
                       param="body")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError("invalid_parameter", f"The body is larger than {limit} bytes.",
                           param="body")
        chunks.append(chunk)
    return b"".join(chunks)


async def authenticate(request: Request, services: Any, auth: str, reader=None) -> Principal:
    if auth == "session":
        if request.headers.get("authorization") or request.headers.get("x-api-key"):
            raise ApiError("dashboard_key_only", "Only a person signed in to the dashboard can "
                           "approve or reject an action. API keys create and read actions.")
        principal = await services.sessions.principal(request)
        if principal is None:
            raise ApiError("not_signed_in")
        return principal
    header = "x-service-api-key" if auth == "service" else None
    return await principal_for_key(services.store, services.clock,
                                   presented_key(request, header), reader, services.key_touches)


def endpoint(operation_id: str, *, scope: str = "read", auth: str = "key",
             shares_reader: bool = False):
    """`shares_reader`: plain reads keep the unit of work authentication opened, so a read
    costs one connection checkout and one transaction instead of two."""

    def wrap(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            async with contextlib.AsyncExitStack() as stack:
                return await serve(request, stack)

        async def serve(request: Request, stack: contextlib.AsyncExitStack) -> Response:
            services = request.app.state.services
            reader = None
            if auth != "session":
                reader = await stack.enter_async_context(services.store.reading())
            principal = await authenticate(request, services, auth, reader)
            if not shares_reader and reader is not None:
                await stack.aclose()
                reader = None
            request.scope["state"]["principal"] = principal
            await spend(services.limiter, principal.key_id or principal.user_id)
            if scope not in principal.scopes:
                raise ApiError("missing_scope", f"This key lacks the `{scope}` scope.",
                               permission=scope)
            body = await read_body(request, services.settings.max_body_bytes)
            parsed = services.validators[operation_id].parse(
                request.query_params, request.path_params, request.headers, body,
                request.headers.get("content-type"))
            reply = await handler(Call(request, principal, parsed, services, reader))
            if services.settings.validate_responses:
                services.check_response(operation_id, reply.status, reply.body)
            return JSONResponse(reply.body, status_code=reply.status, headers=reply.headers)

        run.operation_id = operation_id  # type: ignore[attr-defined]
        return run

    return wrap
