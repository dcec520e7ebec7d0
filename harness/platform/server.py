"""Run the fake platform on a real socket in a background thread.

Tests want real HTTP (timeouts, dropped connections and status codes behave as in
production) without a subprocess. Uvicorn binds port 0 on 127.0.0.1, so parallel test runs
never collide; `start` returns once the socket is listening (an event set from uvicorn's own
startup, no polling), and `stop` shuts it down and joins the thread.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from attrs import define, field

from .app import create_platform_app
from .state import PlatformState

START_TIMEOUT = 10.0


class _Server(uvicorn.Server):
    """A uvicorn server that tells a waiting thread when it is listening."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.listening = threading.Event()

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets)
        self.listening.set()


@define
class RunningPlatform:
    """A started fake platform: its root URL (no trailing slash) and its state."""

    base_url: str
    state: PlatformState
    _server: _Server = field(repr=False)
    _thread: threading.Thread = field(repr=False)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=START_TIMEOUT)


def start_platform_in_thread(
    state: PlatformState | None = None, *, seed: int = 1, host: str = "127.0.0.1", port: int = 0
) -> RunningPlatform:
    """Serve a fake platform over `state` (a new seeded one when None); call `.stop()` after."""
    state = state if state is not None else PlatformState(seed)
    config = uvicorn.Config(
        create_platform_app(state), host=host, port=port, loop="asyncio", lifespan="off",
        log_level="warning", access_log=False, timeout_graceful_shutdown=2,
    )
    server = _Server(config)
    failure: list[BaseException] = []

    def serve() -> None:
        try:
            server.run()
        except BaseException as error:  # noqa: BLE001 - reported to the starting thread
            failure.append(error)
        finally:
            server.listening.set()

    thread = threading.Thread(target=serve, name="fake-platform", daemon=True)
    thread.start()
    if not server.listening.wait(START_TIMEOUT) or failure or not server.started:
        server.should_exit = True
        thread.join(timeout=START_TIMEOUT)
        raise RuntimeError(f"the fake platform did not start on {host}:{port}: {failure!r}")
    bound_port = server.servers[0].sockets[0].getsockname()[1]
    return RunningPlatform(f"http://{host}:{bound_port}", state, server, thread)


@contextmanager
def run_platform_in_thread(
    state: PlatformState | None = None, *, seed: int = 1, host: str = "127.0.0.1", port: int = 0
) -> Iterator[RunningPlatform]:
    """`with run_platform_in_thread() as platform:` -> `platform.base_url`, `platform.state`."""
    running = start_platform_in_thread(state, seed=seed, host=host, port=port)
    try:
        yield running
    finally:
        running.stop()
