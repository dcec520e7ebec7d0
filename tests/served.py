"""The whole service on a real socket in a thread, over a database the test also opens.

The attacks' tests need a real server: uvicorn's own body reading, parallel requests on real
connections, and the process's memory. The socket is bound before the app is built, so
`public_url` carries the real port; startup is awaited on uvicorn's own event, never a sleep.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from harness.threaded import bound_socket, serve_in_thread
from service.app import create_app
from service.domain.clock import Clock
from service.settings import Settings


@contextmanager
def served(
    settings: Settings, clock: Clock, database_url: str, **changes: Any
) -> Iterator[tuple[str, Any]]:
    """(base URL, the served app) for `settings` with `changes`, on `database_url`."""
    sock = bound_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    app = create_app(
        attrs.evolve(settings, database_url=database_url, public_url=base_url, **changes),
        clock=clock,
    )
    with serve_in_thread(app, name="countersign", sock=sock, lifespan="on"):
        yield base_url, app
