"""The whole service on a real socket in a thread, for driving it with a real browser.

The socket is bound before the app is built, so `public_url` (and every `approvalUrl`) carries
the real port. Startup is awaited on an event set by uvicorn's own startup, never a sleep.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from attrs import define

from service.app import create_app
from service.domain.clock import Clock
from service.settings import Settings
from storage.sql.store import SqlStore
from storage.sql.tables import metadata

START_TIMEOUT = 15.0


class _Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.listening = threading.Event()

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets)
        self.listening.set()


@define
class LiveService:
    base_url: str
    settings: Settings


def run_store(database_url: str, job):
    """Run `await job(store)` on a store of our own, in its own event loop (setup and checks)."""
    async def main():
        store = SqlStore.from_url(database_url)
        try:
            return await job(store)
        finally:
            await store.close()
    # Its own thread too: Playwright's sync API keeps an event loop running in the test's.
    result: list = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(main()))
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]


async def clean(store: SqlStore) -> None:
    if store.dialect == "postgresql":  # the PostgreSQL test database is shared by the run
        async with store.engine.begin() as conn:
            for table in reversed(metadata.sorted_tables):
                await conn.execute(table.delete())


@contextmanager
def live_service(database_url: str, clock: Clock, platform_url: str) -> Iterator[LiveService]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = Settings(database_url=database_url, secret_key="browser-test-secret",
                        public_url=base_url, platform_url=platform_url, development=True,
                        validate_responses=True, run_workers=True)
    app = create_app(settings, clock=clock)
    server = _Server(uvicorn.Config(app, loop="asyncio", lifespan="on", log_level="warning",
                                    access_log=False, timeout_graceful_shutdown=2))
    failure: list[BaseException] = []

    def serve() -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as error:  # noqa: BLE001 - reported to the starting thread
            failure.append(error)
        finally:
            server.listening.set()

    thread = threading.Thread(target=serve, name="countersign", daemon=True)
    thread.start()
    try:
        if not server.listening.wait(START_TIMEOUT) or failure or not server.started:
            raise RuntimeError(f"the service did not start: {failure!r}")
        yield LiveService(base_url, settings)
    finally:
        server.should_exit = True
        thread.join(timeout=START_TIMEOUT)
        sock.close()
