"""Run the fake platform on a real socket in a background thread.

Tests want real HTTP (timeouts, dropped connections and status codes behave as in
production) without a subprocess. Uvicorn binds port 0 on 127.0.0.1, so parallel test runs
never collide; `start` returns once the socket is listening (an event set from uvicorn's own
startup, no polling), and `stop` shuts it down and joins the thread.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from attrs import define, field

from harness.threaded import RunningServer, start_in_thread

from .app import create_platform_app
from .state import PlatformState


@define
class RunningPlatform:
    """A started fake platform: its root URL (no trailing slash) and its state."""

    base_url: str
    state: PlatformState
    _server: RunningServer = field(repr=False)

    def stop(self) -> None:
        self._server.stop()


def start_platform_in_thread(
    state: PlatformState | None = None, *, seed: int = 1, host: str = "127.0.0.1", port: int = 0
) -> RunningPlatform:
    """Serve a fake platform over `state` (a new seeded one when None); call `.stop()` after."""
    state = state if state is not None else PlatformState(seed)
    server = start_in_thread(create_platform_app(state), name="fake-platform", host=host, port=port)
    return RunningPlatform(server.base_url, state, server)


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
