"""The whole service on a real socket in a thread, for driving it with a real browser.

The socket is bound before the app is built, so `public_url` (and every `approvalUrl`) carries
the real port. Startup is awaited on an event set by uvicorn's own startup, never a sleep.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from attrs import define

from harness.threaded import bound_socket, serve_in_thread
from service.app import create_app
from service.domain.clock import Clock
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.factories import empty_every_table


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
    await empty_every_table(store)  # the PostgreSQL test database is shared by the run


@contextmanager
def live_service(database_url: str, clock: Clock, platform_url: str) -> Iterator[LiveService]:
    sock = bound_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = Settings(
        database_url=database_url,
        secret_key="browser-test-secret",
        public_url=base_url,
        platform_url=platform_url,
        development=True,
        validate_responses=True,
        run_workers=True,
    )
    app = create_app(settings, clock=clock)
    with serve_in_thread(app, name="countersign", sock=sock, lifespan="on"):
        yield LiveService(base_url, settings)
