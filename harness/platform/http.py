"""How one platform route is served: faults, the session, the write log, then the handler.

Route modules declare `(pattern, handler)` pairs with the platform's patterns ("POST /chats/:id/
messages"); `build_routes` turns them into Starlette routes. Handlers are plain synchronous
functions of a `Call` that return JSON data or raise `ApiError`, so they stay short and run
under the state lock. The order of events per call mirrors a real platform behind a gateway:
an injected fault first (the platform is down before it checks anything), then the session,
then the restriction, then the handler.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .faults import Fault
from .models import CHANGES

if TYPE_CHECKING:
    from .models import Creator, Fan
    from .state import PlatformState

T = TypeVar("T")

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_TAG = re.compile(r"<[a-zA-Z][^>]*>")


class ApiError(Exception):
    """A platform error answer: `{"error": {"code", "message", ...extra}}` with a status."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra

    def response(self) -> JSONResponse:
        error = {"code": self.code, "message": self.message, **self.extra}
        return JSONResponse({"error": error}, status_code=self.status)


def not_found(kind: str, message: str | None = None) -> ApiError:
    return ApiError(404, "not_found", message or f"No such {kind.replace('_', ' ')}.", kind=kind)


def bad_request(message: str) -> ApiError:
    return ApiError(400, "bad_request", message)


@define
class Call:
    """What a handler gets: the signed-in creator and the parsed request."""

    state: PlatformState
    creator: Creator | None
    params: Mapping[str, str]
    query: Mapping[str, str]
    body: dict[str, Any]
    now: datetime

    @property
    def me(self) -> Creator:
        assert self.creator is not None, "authenticated routes only"
        return self.creator

    def fan(self, fan_id: str, kind: str = "fan") -> Fan:
        fan = self.me.fans.get(str(fan_id))
        if fan is None:
            raise not_found(kind, f"No {kind} with id {fan_id} for this creator.")
        return fan

    def int_query(self, name: str, default: int, low: int = 0, high: int = 1_000_000) -> int:
        raw = self.query.get(name)
        if raw in (None, ""):
            return default
        try:
            value = int(raw)
        except ValueError:
            raise bad_request(f"{name} must be a whole number.") from None
        if not low <= value <= high:
            raise bad_request(f"{name} must be between {low} and {high}.")
        return value

    def html(self, name: str = "text") -> str:
        text = self.body.get(name)
        if not isinstance(text, str) or not text.strip():
            raise bad_request(f"{name} is required.")
        if not _TAG.search(text):
            raise bad_request(f"{name} must be HTML, for example <p>Hello</p>.")
        return text

    def ids(self, name: str, required: bool = False) -> list[str]:
        """A body array of ids; numbers and strings both accepted, returned as strings."""
        value = self.body.get(name)
        if value is None and not required:
            return []
        if not isinstance(value, list) or not all(
            isinstance(v, (str, int)) and not isinstance(v, bool) for v in value
        ):
            raise bad_request(f"{name} must be an array of ids.")
        return [str(v) for v in value]


def page(items: Iterable[Any], call: Call, default_limit: int = 10) -> dict[str, Any]:
    """`{"list", "hasMore"}` from `limit` and `offset` query parameters. Only the page (and one
    item past it) is taken from `items`, so a generator of views renders one page, not the
    whole list, whatever the creator's size."""
    limit = call.int_query("limit", default_limit, 1, 100)
    offset = call.int_query("offset", 0)
    window = list(itertools.islice(items, offset, offset + limit + 1))
    return {"list": window[:limit], "hasMore": len(window) > limit}


def page_of(
    items: Sequence[T], call: Call, view: Callable[[T], Any], default_limit: int = 10
) -> dict[str, Any]:
    """`page` of a list already in order: the page sliced out first, then only its items
    rendered (a generator would render every item it skips to reach the offset)."""
    limit = call.int_query("limit", default_limit, 1, 100)
    offset = call.int_query("offset", 0)
    window = items[offset : offset + limit + 1]
    return {"list": [view(item) for item in window[:limit]], "hasMore": len(window) > limit}


def ordered(key: Hashable, build: Callable[[], list[T]]) -> list[T]:
    """A sorted list `build` made, kept until the fake's records change (models.CHANGES)."""
    stamp = (CHANGES[0], key)
    found = _ORDERED.get(stamp)
    if found is None:
        if len(_ORDERED) >= 64:
            _ORDERED.clear()
        found = _ORDERED[stamp] = build()
        BUILDS[0] += 1
    return found


BUILDS = [0]
"""How many orders `ordered` has built (tests check paging builds one per change)."""


_ORDERED: dict[tuple[int, Hashable], list[Any]] = {}

Handler = Callable[[Call], Any]


def build_routes(
    state: PlatformState,
    table: Iterable[tuple[str, Handler]],
    *,
    prefix: str = "/api",
    authenticated: bool = True,
) -> list[Route]:
    """Starlette routes for `(pattern, handler)` pairs, fixed paths ahead of `:param` ones."""
    routes = []
    for pattern, handler in sorted(table, key=lambda item: item[0].count(":")):
        method, path = pattern.split(" ", 1)
        endpoint = _endpoint(state, pattern, handler, authenticated)
        starlette_path = prefix + re.sub(r":(\w+)", r"{\1}", path)
        routes.append(Route(starlette_path, endpoint, methods=[method]))
    return routes


def _endpoint(
    state: PlatformState, pattern: str, handler: Handler, authenticated: bool
) -> Callable[[Request], Awaitable[Response]]:
    method = pattern.split(" ", 1)[0]

    async def endpoint(request: Request) -> Response:
        raw = await request.body()
        token = _bearer(request)
        with state.lock:
            # sign-in calls too (no creator yet): how many guesses reached the platform
            state.count_call(pattern, state.session_user(token) if authenticated else None)
            fault = state.faults.take(pattern, state.session_user(token))
            entry = None
            if authenticated and method in WRITE_METHODS:
                entry = state.log_write(
                    {
                        "method": method,
                        "path": request.url.path,
                        "route": pattern,
                        "userId": state.session_user(token),
                        "pathParams": dict(request.path_params),
                        "query": dict(request.query_params),
                        "body": _loggable(raw),
                        "at": state.now().isoformat(),
                        "fault": fault.id if fault else None,
                        "status": None,
                        "applied": False,
                    }
                )
        response = None
        if fault and not fault.processed:
            response = await _apply_fault(request, fault)
        if response is None:
            response = _handle(state, request, raw, token, handler, authenticated)
            if entry is not None:
                entry["applied"] = response.status_code < 300
            if fault and fault.processed:
                response = await _apply_fault(request, fault) or response
        if entry is not None:
            entry["status"] = response.status_code
            if entry["applied"] and state.on_change is not None:
                state.on_change()
        return response

    return endpoint


def _handle(
    state: PlatformState,
    request: Request,
    raw: bytes,
    token: str | None,
    handler: Handler,
    authenticated: bool,
) -> Response:
    try:
        with state.lock:
            creator = None
            if authenticated:
                user_id = state.session_user(token)
                if user_id is None:
                    raise ApiError(
                        401, "session_expired", "Your session has expired. Please sign in again."
                    )
                creator = state.creator(user_id)
                if creator.restricted:
                    raise ApiError(
                        403, "account_restricted", "This account is restricted. Contact support."
                    )
            body = _loads(raw)
            if body is _INVALID or (raw.strip() and not isinstance(body, dict)):
                raise bad_request("The body must be a JSON object.")
            call = Call(
                state=state,
                creator=creator,
                params=dict(request.path_params),
                query=request.query_params,
                body=body or {},
                now=state.now(),
            )
            return JSONResponse(handler(call))
    except ApiError as error:
        return error.response()


async def _apply_fault(request: Request, fault: Fault) -> Response | None:
    """Stall and/or answer as the fault says; None when the call should go on normally."""
    if fault.delay_ms and await _client_left_during(request, fault.delay_ms / 1000):
        return Response(status_code=499)  # nobody is listening; recorded in the write log
    if fault.status is not None:
        headers = {} if fault.retry_after is None else {"Retry-After": str(fault.retry_after)}
        return JSONResponse(fault.body, status_code=fault.status, headers=headers)
    return None


async def _client_left_during(request: Request, seconds: float) -> bool:
    """Sleep, but stop early when the client hangs up, so a stalled call frees the server."""

    async def disconnected() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    sleeper = asyncio.ensure_future(asyncio.sleep(seconds))
    watcher = asyncio.ensure_future(disconnected())
    done, pending = await asyncio.wait({sleeper, watcher}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return watcher in done


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


_INVALID = object()


def _loggable(raw: bytes) -> Any:
    body = _loads(raw)
    return raw.decode("utf-8", "replace") if body is _INVALID else body


def _loads(raw: bytes) -> Any:
    if not raw.strip():
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return _INVALID
