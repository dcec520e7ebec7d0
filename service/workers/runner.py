"""Starts and stops the background loops inside the app's lifespan."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from service.services import Services
from service.webhooks.pinned import PinnedClients
from service.workers.deliverer import Deliverer
from service.workers.executor import Executor
from service.workers.expirer import expire_due
from service.workers.syncer import sync_all

log = logging.getLogger("countersign.workers")


async def every(seconds: float, job: Callable[[], Awaitable[object]]) -> None:
    """Run `job` forever, logging (never swallowing silently) what goes wrong."""
    while True:
        try:
            await job()
        except Exception:
            log.exception("background job %s failed; retrying", getattr(job, "__name__", job))
        await asyncio.sleep(seconds)


@contextlib.asynccontextmanager
async def run_workers(services: Services, *, enabled: bool) -> AsyncIterator[None]:
    tasks: list[asyncio.Task[None]] = []
    # The deliverer's keep-alive connections, closed after its task (service/webhooks/pinned.py).
    clients = PinnedClients()
    if enabled:
        tasks.append(asyncio.create_task(every(60, lambda: expire_due(services))))
        tasks.append(asyncio.create_task(Executor(services).run_forever()))
        deliverer = Deliverer(
            services.store,
            services.clock,
            services.sender(clients),
            wakeup=services.deliverer_wakeup,
        )
        tasks.append(asyncio.create_task(deliverer.run_forever()))
        tasks.append(
            asyncio.create_task(every(services.settings.sync_interval, lambda: sync_all(services)))
        )
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await clients.aclose()
