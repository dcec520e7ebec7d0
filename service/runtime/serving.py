"""How `serve` and `demo` run uvicorn: its timeouts and limits in one place.

uvicorn (0.54) closes an idle keep-alive connection after `timeout_keep_alive` and bounds a
request head with `h11_max_incomplete_event_size` (h11) or httptools' own limits, but it has no
deadline for *reading* a request's head: a client that connects and sends its headers a byte at
a time (slowloris) holds the connection for ever. `HeaderDeadline` adds one: from the connection
(or the first byte of the next request) to the end of the headers, HEADER_TIMEOUT seconds, then
the connection is closed. The body's pace is the app's concern (COUNTERSIGN_MAX_BODY_BYTES)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable, Sequence
from typing import Any

import uvicorn
from sse_starlette.sse import AppStatus
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.settings import Settings

HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's line and headers."""
KEEP_ALIVE_TIMEOUT = 5
"""Seconds an idle keep-alive connection stays open (uvicorn's default, stated)."""
MAX_HEAD_BYTES = 16 * 1024
"""The largest request head h11 buffers (uvicorn's default, stated; httptools has its own)."""


class HeaderDeadline(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on each request's head."""

    header_timeout = HEADER_TIMEOUT
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """On SIGTERM uvicorn stops accepting, then waits for the requests in flight: for ever
    unless told, so a long poll (`?wait=60`) or a stalled client would hold a deploy. They get
    COUNTERSIGN_STOP_GRACE seconds, then are cancelled; then the app's shutdown lets the
    workers' sends in flight finish within the same grace (docs/operations.md)."""
    return {
        "http": HeaderDeadline,
        "timeout_keep_alive": KEEP_ALIVE_TIMEOUT,
        "h11_max_incomplete_event_size": MAX_HEAD_BYTES,
        "timeout_graceful_shutdown": settings.stop_grace,
    }


class Server(uvicorn.Server):
    """uvicorn's server that, when a stop begins (SIGTERM, SIGINT), first calls `on_stop`:
    open `?wait=` requests and `wait_for_action` calls then answer at once, instead of holding
    the stop until the grace runs out and being cancelled with a 500."""

    def __init__(self, config: uvicorn.Config, on_stop: Sequence[Callable[[], None]]) -> None:
        super().__init__(config)
        self.on_stop = tuple(on_stop)
        # sse-starlette would end every MCP stream the moment SIGTERM arrives, racing the
        # answer of a `wait_for_action` the stop has just ended; the MCP gate ends the streams
        # that would otherwise stay open (service/mcp/standing_streams.py).
        AppStatus.enable_automatic_graceful_drain = False

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for hook in self.on_stop:
            hook()
        await super().shutdown(sockets)


def serve(app: Any, settings: Settings, *, host: str, port: int, **options: Any) -> None:
    """Run `app` (built by service.app.create_app) until SIGTERM or SIGINT."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info",
        proxy_headers=False,
        **options,
        **uvicorn_options(settings),
    )
    Server(config, on_stop=app.state.on_stop).run()
