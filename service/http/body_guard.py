"""One body limit and one body deadline for every route, enforced while the body is read.

uvicorn hands the app a request's body as it arrives and never limits it, and Starlette's form
parser reads whatever it is given: without this, one unauthenticated POST of a gigabyte to the
dashboard's sign-in would be held in memory, and a body sent a byte every few seconds would hold
its connection for ever. `BodyGuard` wraps `receive`: a request whose `Content-Length` is over
its path's limit is refused at its first read, a streamed (chunked) body as soon as it passes
the limit, and any body still arriving `body_timeout` seconds after the request started. The
refusal is an `ApiError` raised where the route reads its body, so each route answers in its
own form (the error envelope on `/v1` and `/mcp/`, a page on the dashboard and the hosted
link), and the answer carries `Connection: close` so the rest of the body is never read.

A route that answers without reading its body (a 401, a refused origin) has the rest of a
small body read and dropped before its answer goes out, so the connection stays open: closing
a socket the client is still writing to makes the kernel reset it, and a reset throws away the
answer the client had not read yet. A larger unread body still closes the connection, and so
does a refused one, but only once the client has gone quiet: after the answer is sent, what
still arrives is read and dropped until nothing has come for LINGER_QUIET seconds (at most
LINGER seconds and LINGER_BODY bytes), the lingering close of nginx and Apache, so the client
reads its 413 instead of a reset.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

DASHBOARD_BODY = 128 * 1024
"""The dashboard's largest form: an edited mass message (5,000 characters, each up to nine bytes
once percent-encoded) with a thousand fan ids."""
DRAIN_BODY = 64 * 1024
"""The most of an unread body read and dropped to keep its connection: a form or a JSON body."""
LINGER_QUIET = 0.25
"""Seconds without a byte after which a closing answer's client counts as having stopped (a
client busy in its own process may pause between writes)."""
LINGER = 2.0
"""The longest a closing answer waits for its client to stop sending."""
LINGER_BODY = 64 * 1024 * 1024
"""The most read and dropped while waiting: a client on loopback writes some 8 MiB in 50 ms."""
LINK_BODY = 8 * 1024 * 1024 + 64 * 1024
"""The hosted link's selfie (a phone camera's photo, up to 8 MiB) and its few fields."""


def body_limit(path: str, api_limit: int) -> int:
    """The largest body `path` accepts: its largest legitimate form, else the API's limit."""
    if path.startswith("/link/"):
        return LINK_BODY
    if path.startswith("/dashboard/") and not path.startswith("/dashboard/api/"):
        return DASHBOARD_BODY
    return api_limit


class BodyGuard:
    """Pure ASGI: counts and times the body as the app reads it."""

    def __init__(self, app: ASGIApp, api_limit: int, timeout: float) -> None:
        self.app = app
        self.api_limit = api_limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared, chunked = "", False
        for name, value in scope["headers"]:
            if name == b"content-length":
                declared = value.decode("latin-1")
            elif name == b"transfer-encoding":
                chunked = True
        if not chunked and declared in ("", "0"):
            # HTTP/1.1: a request with neither header has no body (most GETs): nothing to
            # count or time, and nothing left unread.
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope["path"], self.api_limit)
        too_large = declared.isdigit() and int(declared) > limit
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        received = 0
        # A body the app answered without reading whole could keep arriving for ever: close.
        unread = (declared.isdigit() and int(declared) > 0) or chunked
        refused = too_large
        body_done = False

        async def guarded_receive() -> Message:
            nonlocal received, refused, unread, body_done
            if too_large:
                raise _too_large(limit)
            if body_done:  # waiting for the client to leave (a long poll, a stream): no deadline
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                refused = True
                raise ApiError(
                    ErrorCode.BODY_TIMEOUT,
                    f"The body did not arrive within {self.timeout:g} seconds.",
                ) from None
            body_done = message["type"] != "http.request" or not message.get("more_body", False)
            if message["type"] == "http.request":
                unread = unread and message.get("more_body", False)
                received += len(message.get("body", b""))
                if received > limit:
                    refused = True
                    raise _too_large(limit)
            return message

        async def drain() -> bool:
            """Read and drop the rest of a small body by the deadline; whether all of it came."""
            nonlocal received
            try:
                async with asyncio.timeout_at(deadline):
                    while received <= DRAIN_BODY:
                        message = await receive()
                        if message["type"] != "http.request":
                            return False
                        received += len(message.get("body", b""))
                        if not message.get("more_body", False):
                            return received <= DRAIN_BODY
            except TimeoutError:
                pass
            return False

        async def linger() -> None:
            """Read and drop what the client still sends until it has gone quiet."""
            dropped = 0
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(LINGER):
                    while dropped <= LINGER_BODY:
                        async with asyncio.timeout(LINGER_QUIET):
                            message = await receive()
                        if message["type"] != "http.request" or not message.get("more_body"):
                            return
                        dropped += len(message.get("body", b""))

        async def closing_send(message: Message) -> None:
            nonlocal unread
            if message["type"] == "http.response.start" and unread and not refused:
                small = declared.isdigit() and int(declared) <= DRAIN_BODY
                unread = not (small and await drain())
            if (refused or unread) and message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"connection"]
                message = {**message, "headers": [*headers, (b"connection", b"close")]}
            elif (
                (refused or unread)
                and message["type"] == "http.response.body"
                and not message.get("more_body", False)
                and not body_done
            ):
                # The whole answer out first, the end of the response (and so the close) after.
                await send({**message, "more_body": True})
                await linger()
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, guarded_receive, closing_send)


def _too_large(limit: int) -> ApiError:
    return ApiError(
        ErrorCode.BODY_TOO_LARGE,
        f"The body is larger than this path accepts ({limit} bytes).",
        param="body",
    )
