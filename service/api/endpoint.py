"""The one endpoint pipeline: authenticate → rate limit → scope → validate → handler → render.

REST routes and every MCP tool run through `Endpoint.serve`, so both channels give the same
errors, hints and checks. A handler is `async def handler(call: Call) -> Reply` and never sees
transport details it does not need; the pipeline also validates the reply against openapi.yaml
when validation is switched on. Each channel renders the `Reply` (or the `ApiError`) its way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs
from attrs import frozen
from starlette.datastructures import Headers, QueryParams
from starlette.requests import Request
from starlette.types import Receive, Scope, Send

from service.api.handed_over import HandedOver
from service.domain.principal import Principal
from service.domain.stored_json import plain
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.auth import presented_key, principal_for_key
from service.http.json_body import ApiResponse
from service.http.ratelimit import spend
from service.http.sessions import COOKIE as SESSION_COOKIE
from service.http.validation import ParsedRequest
from service.keys.repository import ReadAlong
from service.ports import UnitOfWork
from service.services import Services

BodyReader = Callable[[int], Awaitable[bytes]]


def read_once(read: BodyReader) -> BodyReader:
    """`read`, called at most once: a later call answers what the first did, its bytes or its
    error. A creation may read its body before the key is checked (to read its fan along with
    the key); validation reads it after, and any error it meets is answered in its turn."""
    outcome: list[bytes | BaseException] = []

    async def once(limit: int) -> bytes:
        if not outcome:
            try:
                outcome.append(await read(limit))
            except Exception as exc:  # noqa: BLE001 (kept, raised again to every reader)
                outcome.append(exc)
        first = outcome[0]
        if isinstance(first, BaseException):
            raise first
        return first

    return once


@frozen
class Incoming:
    """One call as the pipeline sees it, whichever channel carried it."""

    headers: Headers
    query: Mapping[str, str]
    path: Mapping[str, str]
    read_body: BodyReader
    request_id: str
    request: Request | None = None
    """The HTTP request (REST only): dashboard sessions read their cookie from it."""
    client: str | None = None
    """MCP: the agent's `clientInfo.name`; recorded with the tool on what it creates."""
    tool: str | None = None
    progress: Callable[[float, float], Awaitable[None]] | None = None
    """MCP: reports progress of a long call (a wait) to a client that asked for it."""


@frozen
class Call:
    incoming: Incoming
    principal: Principal
    params: ParsedRequest
    services: Services
    reader: UnitOfWork | None = None
    handed: HandedOver | None = None

    def reading(self) -> contextlib.AbstractAsyncContextManager[UnitOfWork]:
        """The request's read-only unit of work: shared with authentication or handed over by
        it when the endpoint asked for that (saving a connection checkout), else a fresh one."""
        if self.reader is not None:
            return contextlib.nullcontext(self.reader)
        if self.handed is not None and (first := self.handed.take()) is not None:
            return first
        return self.services.store.reading()

    @property
    def request_id(self) -> str:
        return self.incoming.request_id

    def meta(self, source: str = "service", as_of: str | None = None) -> dict[str, Any]:
        return {"source": source, "asOf": as_of, "requestId": self.request_id}


def if_match(call: Call) -> str | None:
    """The `If-Match` a settings write is checked against (its reply's `ETag`)."""
    return call.incoming.headers.get("if-match")


@frozen
class Reply:
    body: dict[str, Any]
    """May hold `StoredJson` (stored text passed through, service/domain/stored_json.py):
    `plain(body)` is it decoded."""
    status: int = 200
    headers: dict[str, str] | None = None


Handler = Callable[[Call], Awaitable[Reply]]
AlongOf = Callable[[Incoming, int], Awaitable[ReadAlong | None]]
"""What a request reads first, worked out from the call (and its body, read within the given
limit) before the key is looked up: read in the lookup's statement (ReadAlong)."""
NO_PARAMS = ParsedRequest(query={}, path={}, headers={}, body=None)


async def read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(
            ErrorCode.BODY_TOO_LARGE, f"The body is larger than {limit} bytes.", param="body"
        )
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(
                ErrorCode.BODY_TOO_LARGE, f"The body is larger than {limit} bytes.", param="body"
            )
        chunks.append(chunk)
    return b"".join(chunks)


async def authenticate(
    incoming: Incoming,
    services: Services,
    auth: str,
    reader: UnitOfWork | None = None,
    along: ReadAlong | None = None,
) -> Principal:
    if auth == "session":
        if incoming.headers.get("authorization") or incoming.headers.get("x-api-key"):
            raise ApiError(
                ErrorCode.DASHBOARD_KEY_ONLY,
                "Only a person signed in to the dashboard can "
                "approve or reject an action. API keys create and read actions.",
            )
        principal = None
        if incoming.request is not None:
            principal = await services.sessions.principal(incoming.request)
        if principal is None:
            raise ApiError(ErrorCode.NOT_SIGNED_IN)
        return principal
    header = "x-service-api-key" if auth == "service" else None
    return await principal_for_key(
        services.store,
        services.clock,
        presented_key(incoming.headers, header),
        reader,
        services.key_touches,
        along,
    )


@frozen
class Endpoint:
    """One operation of openapi.yaml (or an MCP-only tool when `operation_id` is None)."""

    operation_id: str | None
    handler: Handler
    scope: str = "read"
    auth: str = "key"
    shares_reader: bool | Callable[[Incoming], bool] = False
    """Plain reads keep the unit of work authentication opened, so a read costs one connection
    checkout and one transaction instead of two. A callable decides per call (a read that may
    wait must not hold a connection while it waits)."""
    hands_over: bool = False
    """A handler that reads and then writes gets authentication's unit for its first read
    (`Call.reading`), closed when that read ends (service/api/handed_over.py)."""
    reads_along: AlongOf | None = None
    """For an endpoint that shares or is handed authentication's unit: the row its handler
    reads first, read in the key lookup's own statement (one round trip fewer)."""

    async def serve(
        self,
        services: Services,
        incoming: Incoming,
        on_principal: Callable[[Principal], None] | None = None,
    ) -> Reply:
        if _by_session(self.auth, incoming):
            principal = await authenticate(incoming, services, "session")
            _csrf_sent(self.auth, incoming)
            return await self._authorised(services, incoming, principal, None, on_principal)
        if self.hands_over:
            # What is read along is known before a connection is taken (it may read the body).
            along = await self._along(services, incoming)
            async with HandedOver(services.store.reading()) as handed:
                principal = await authenticate(incoming, services, self.auth, handed.uow, along)
                return await self._authorised(
                    services, incoming, principal, None, on_principal, handed
                )
        async with services.store.reading() as reader:
            shares = self.shares_reader
            if shares is True or (callable(shares) and shares(incoming)):
                along = await self._along(services, incoming)
                principal = await authenticate(incoming, services, self.auth, reader, along)
                return await self._authorised(services, incoming, principal, reader, on_principal)
            principal = await authenticate(incoming, services, self.auth, reader)
        return await self._authorised(services, incoming, principal, None, on_principal)

    async def _along(self, services: Services, incoming: Incoming) -> ReadAlong | None:
        if self.reads_along is None:
            return None
        return await self.reads_along(incoming, services.settings.max_body_bytes)

    async def _authorised(
        self,
        services: Services,
        incoming: Incoming,
        principal: Principal,
        reader: UnitOfWork | None,
        on_principal: Callable[[Principal], None] | None,
        handed: HandedOver | None = None,
    ) -> Reply:
        """Everything after authentication: rate limit, scope, validation, the handler."""
        if incoming.client is not None or incoming.tool is not None:
            principal = attrs.evolve(principal, client=incoming.client, tool=incoming.tool)
        if on_principal is not None:
            on_principal(principal)
        await spend(services.limiter, principal.key_id or principal.user_id or "")
        if self.scope not in principal.scopes:
            raise ApiError(
                ErrorCode.MISSING_SCOPE,
                f"This key lacks the `{self.scope}` scope.",
                permission=self.scope,
            )
        params = NO_PARAMS
        if self.operation_id is not None:
            validator = services.validators[self.operation_id]
            # An operation without a request body ignores one: it is never read.
            body = b""
            if validator.takes_body:
                body = await incoming.read_body(services.settings.max_body_bytes)
            params = validator.parse(
                incoming.query,
                dict(incoming.path),
                incoming.headers,
                body,
                incoming.headers.get("content-type"),
            )
        reply = await self.handler(Call(incoming, principal, params, services, reader, handed))
        if services.settings.validate_responses and self.operation_id is not None:
            services.check_response(self.operation_id, reply.status, plain(reply.body))
        return reply


def _by_session(auth: str, incoming: Incoming) -> bool:
    """`key_or_session` (cancel): the dashboard's session when the call carries its cookie and
    no key, else a key (so a script that forgot its key hears `missing_api_key`)."""
    if auth != "key_or_session":
        return auth == "session"
    request = incoming.request
    presented = incoming.headers.get("authorization") or incoming.headers.get("x-api-key")
    return not presented and request is not None and SESSION_COOKIE in request.cookies


def _csrf_sent(auth: str, incoming: Incoming) -> None:
    """A live session calling a `key_or_session` operation must send its CSRF token (for
    session-only operations the contract makes the header required)."""
    if auth == "key_or_session" and not incoming.headers.get("x-csrf-token"):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "A dashboard session sends its CSRF token in the `x-csrf-token` header.",
            param="x-csrf-token",
        )


class RestRoute:
    """A REST route: the ASGI app its Starlette `Route` calls as it is. Not a function wrapped
    by Starlette's `request_response`, whose per-request wrappers (a second exception layer,
    closures per call) cost a read about 7 µs: an `ApiError` raised here reaches the same
    exception handlers through the app's exception middleware. `endpoint` is the pipeline
    step MCP tools call."""

    __slots__ = ("__name__", "endpoint", "operation_id")

    def __init__(self, step: Endpoint, name: str) -> None:
        self.endpoint = step
        self.operation_id = step.operation_id
        self.__name__ = name

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        state = scope["state"]

        async def body(limit: int) -> bytes:
            return await read_body(request, limit)

        incoming = Incoming(
            request.headers,
            request.query_params if scope["query_string"] else NO_QUERY,
            scope["path_params"],
            read_once(body),
            state["request_id"],
            request=request,
        )
        reply = await self.endpoint.serve(
            scope["app"].state.services,
            incoming,
            on_principal=lambda p: state.__setitem__("principal", p),
        )
        response = ApiResponse(reply.body, status_code=reply.status, headers=reply.headers)
        await response(scope, receive, send)


NO_QUERY: Mapping[str, str] = QueryParams()
"""A request's query when it has none (most calls): parsed once."""


def endpoint(
    operation_id: str,
    *,
    scope: str = "read",
    auth: str = "key",
    shares_reader: bool | Callable[[Incoming], bool] = False,
    hands_over: bool = False,
    reads_along: AlongOf | None = None,
) -> Callable[[Handler], RestRoute]:
    """A REST route serving `handler` through the pipeline."""

    def wrap(handler: Handler) -> RestRoute:
        step = Endpoint(
            operation_id,
            handler,
            scope=scope,
            auth=auth,
            shares_reader=shares_reader,
            hands_over=hands_over,
            reads_along=reads_along,
        )
        return RestRoute(step, handler.__name__)

    return wrap


def endpoint_of(route: RestRoute) -> Endpoint:
    if not isinstance(route, RestRoute):
        raise TypeError(f"{route!r} is not an @endpoint route")
    return route.endpoint
