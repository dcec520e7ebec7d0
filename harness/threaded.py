"""Serve an ASGI app on a real socket in a background thread: the fake platform, the webhook
receiver and the service itself in tests all start this way.

Tests want real HTTP (timeouts, dropped connections and status codes behave as in production)
without a subprocess. Binding port 0 on 127.0.0.1 keeps parallel runs apart; `start_in_thread`
returns once uvicorn's own startup has finished (an event, no polling).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from attrs import define, field
from starlette.types import ASGIApp
from uvicorn.config import LifespanType

START_TIMEOUT = 15.0


def bound_socket(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A socket bound before the app is built, for apps that must know their own URL."""
    sock = socket.socket()
    sock.bind((host, port))
    return sock


class _Server(uvicorn.Server):
    """A uvicorn server that tells a waiting thread when it is listening."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.listening = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        self.listening.set()


@define
class RunningServer:
    base_url: str
    _server: _Server = field(repr=False)
    _thread: threading.Thread = field(repr=False)
    _sock: socket.socket | None = field(repr=False, default=None)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=START_TIMEOUT)
        if self._sock is not None:
            self._sock.close()


def start_in_thread(
    app: ASGIApp,
    *,
    name: str,
    host: str = "127.0.0.1",
    port: int = 0,
    sock: socket.socket | None = None,
    lifespan: LifespanType = "off",
    **uvicorn_options: Any,
) -> RunningServer:
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        loop="asyncio",
        lifespan=lifespan,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=2,
        **uvicorn_options,
    )
    server = _Server(config)
    failure: list[BaseException] = []

    def serve() -> None:
        try:
            server.run(sockets=[sock] if sock is not None else None)
        except BaseException as error:  # noqa: BLE001 - reported to the starting thread
            failure.append(error)
        finally:
            server.listening.set()

    thread = threading.Thread(target=serve, name=name, daemon=True)
    thread.start()
    if not server.listening.wait(START_TIMEOUT) or failure or not server.started:
        server.should_exit = True
        thread.join(timeout=START_TIMEOUT)
        raise RuntimeError(f"{name} did not start on {host}:{port}: {failure!r}")
    bound = sock if sock is not None else server.servers[0].sockets[0]
    return RunningServer(f"http://{host}:{bound.getsockname()[1]}", server, thread, sock)


@contextmanager
def serve_in_thread(app: ASGIApp, *, name: str, **options: Any) -> Iterator[str]:
    """`start_in_thread` (same options) for a `with` block: yields the base URL."""
    running = start_in_thread(app, name=name, **options)
    try:
        yield running.base_url
    finally:
        running.stop()
