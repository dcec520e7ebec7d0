"""The outermost ASGI layer: a request id on every response, and no exception escapes as a bare 500.

Pure ASGI (not BaseHTTPMiddleware), so streaming and contextvars behave.
"""

from __future__ import annotations

import logging

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.domain.ids import new_id
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.responses import error_response

log = logging.getLogger("countersign.edge")


class Edge:
    def __init__(self, app: ASGIApp, public_url: str) -> None:
        self.app = app
        self.public_url = public_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = new_id("req_", 24)
        scope.setdefault("state", {})["request_id"] = request_id
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"x-request-id"
                ]
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except ClientDisconnect:
            return  # the client left mid-request: nobody to answer, nothing went wrong here
        except Exception:
            log.exception(
                "unhandled error in %s %s (%s)", scope.get("method"), scope.get("path"), request_id
            )
            if started:
                raise
            principal = scope["state"].get("principal")
            test_mode = principal is not None and principal.mode == "test"
            response = error_response(
                ApiError(ErrorCode.INTERNAL_ERROR), self.public_url, request_id, test_mode=test_mode
            )
            await response(scope, receive, send_with_id)
