"""The door of /mcp: no key, no session; and a bounded number of sessions per key.
Channel machinery (transport sessions and authentication before any tool), so it stays here.

MCP's streamable HTTP transport opens a session (a server task and its memory, kept up to its
idle timeout) for any `initialize`; unguarded, keyless callers could open thousands. So every
request to /mcp is authenticated here first, with the REST rules (service/http/auth.py), and one
without a valid key gets `401` with `WWW-Authenticate` before the MCP server sees it, its body a
JSON-RPC error whose `data` is our error object. A key may
hold MCP_SESSIONS_PER_KEY open sessions (open: a request in flight or one within the idle
timeout); one more is refused with `rate_limited` until one ends (DELETE) or idles out. A session
answers only the key that opened it (another key sees `404`, as for an unknown session).
Tool calls still authenticate on their own, through the endpoint pipeline.

A POST's body is read here, before the MCP server sees it, so the body limit and deadline
(service/http/body_guard.py) answer in the error envelope: the server would turn them into
errors of its own.
"""

from __future__ import annotations

import time
from collections.abc import MutableMapping

from attrs import define, field
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.auth import presented_key, principal_for_key
from service.mcp.standing_streams import Completion, StandingStreams
from service.services import Services

MCP_SESSIONS_PER_KEY = 10
IDLE_SECONDS = 300.0
"""Sessions idle this long are ended by the MCP server (passed to it) and forgotten here."""
SESSION_HEADER = "mcp-session-id"
CHALLENGE = {"WWW-Authenticate": 'Bearer realm="countersign"'}
JSONRPC_UNAUTHORIZED = -32001
"""JSON-RPC's server-defined range: no valid key."""
JSONRPC_REFUSED = -32000
"""JSON-RPC's server-defined range: any other refusal at the door (too many sessions, another
key's session)."""


@define
class _Session:
    key_id: str
    in_flight: int = 0
    last_seen: float = field(factory=time.monotonic)

    def open(self, now: float) -> bool:
        return self.in_flight > 0 or now - self.last_seen < IDLE_SECONDS


class McpGate:
    def __init__(self, app: ASGIApp, services: Services) -> None:
        self.app = app
        self.services = services
        self.sessions: MutableMapping[str, _Session] = {}
        self.standing = StandingStreams()
        """Ended when a stop begins (service/app.py hands `standing.stop` to the server)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            await self._guarded(scope, receive, send)
        except ApiError as error:
            await self._refuse(error, scope, receive, send)

    async def _refuse(self, error: ApiError, scope: Scope, receive: Receive, send: Send) -> None:
        """A refusal at the door as a JSON-RPC error (what MCP clients read from a non-2xx
        answer: the official SDK shows its message instead of "Server returned an error
        response"), carrying our error object in `data` so `data.code` is branched on as over
        REST."""
        request_id = scope.get("state", {}).get("request_id", "")
        body = error.body(self.services.settings.public_url, request_id)
        status = error.status()
        rpc = {
            "jsonrpc": "2.0",
            "id": None,
            "error": {
                "code": JSONRPC_UNAUTHORIZED if status == 401 else JSONRPC_REFUSED,
                "message": f"{error.code}: {error.message}"
                + (f" {error.hint}" if error.hint else ""),
                "data": {**body["error"], "requestId": request_id},
            },
        }
        headers = {**(error.headers or {}), "Cache-Control": "no-store"}
        await JSONResponse(rpc, status_code=status, headers=headers)(scope, receive, send)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] == "GET":
            stream = Completion(send)
            await self._checked(scope, self.standing.receive(receive), stream.send)
            await stream.finish()
            return
        if scope["method"] == "POST":
            receive = await _read_first(receive)
        await self._checked(scope, receive, send)

    async def _checked(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        try:
            principal = await principal_for_key(
                self.services.store, self.services.clock, presented_key(headers)
            )
        except ApiError as exc:
            raise ApiError(exc.info.code, exc.message, hint=exc.hint, headers=CHALLENGE) from None
        key_id = principal.key_id or ""
        session_id = headers.get(SESSION_HEADER)
        now = time.monotonic()
        self._forget_idle(now)
        if session_id is None:
            self._admit(key_id, now)
            await self.app(scope, receive, self._note_new_session(send, key_id))
            return
        session = self.sessions.get(session_id)
        if session is not None and session.key_id != key_id:
            raise ApiError(ErrorCode.RESOURCE_NOT_FOUND, "No such MCP session for this key.")
        await self._within(session, scope, receive, send)
        if scope["method"] == "DELETE":
            self.sessions.pop(session_id, None)

    async def _within(
        self, session: _Session | None, scope: Scope, receive: Receive, send: Send
    ) -> None:
        if session is None:
            await self.app(scope, receive, send)
            return
        session.in_flight += 1
        try:
            await self.app(scope, receive, send)
        finally:
            session.in_flight -= 1
            session.last_seen = time.monotonic()

    def _admit(self, key_id: str, now: float) -> None:
        held = sum(1 for s in self.sessions.values() if s.key_id == key_id and s.open(now))
        if held >= MCP_SESSIONS_PER_KEY:
            raise ApiError(
                ErrorCode.RATE_LIMITED,
                f"This key holds {held} open MCP sessions, the most one key may hold.",
                hint="End a session (HTTP DELETE with its mcp-session-id) or reuse one.",
                headers={"Retry-After": str(int(IDLE_SECONDS))},
            )

    def _note_new_session(self, send: Send, key_id: str) -> Send:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                for name, value in message.get("headers", []):
                    if name.decode("latin-1").lower() == SESSION_HEADER:
                        self.sessions[value.decode("latin-1")] = _Session(key_id)
            await send(message)

        return sending

    def _forget_idle(self, now: float) -> None:
        for session_id in [sid for sid, s in self.sessions.items() if not s.open(now)]:
            del self.sessions[session_id]


async def _read_first(receive: Receive) -> Receive:
    """Read the whole body now (bounded by the body guard), then hand it over as one message."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            first: Message = message
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            first = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            break
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return first
        return await receive()

    return replay
