"""Starts and stops the background loops inside the app's lifespan."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

from service.actions.execution.escalation import SWEEP_SECONDS, escalate_due
from service.actions.execution.executor import Executor
from service.actions.execution.expirer import expire_due
from service.actions.execution.retries import RetryPolicy
from service.actions.policies.pausing import latest_pause
from service.chat.outbox import queue_chat
from service.chat.poster import Poster
from service.mail.mailer import Mailer
from service.mail.notifications import queue_mails
from service.operations.model import HEARTBEAT_SECONDS, Heartbeat, Retention
from service.operations.pruner import prune
from service.people.routing import route_created
from service.services import Services
from service.synced.chats import record_write
from service.synced.syncer import sync_all
from service.webhooks.deliverer import Deliverer
from service.webhooks.pinned import PinnedClients

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
        tasks.append(
            asyncio.create_task(
                every(
                    60, lambda: expire_due(services.store, services.clock, services.wake_deliverer)
                )
            )
        )
        tasks.append(asyncio.create_task(every(SWEEP_SECONDS, lambda: escalate(services))))
        executor = executor_for(services)
        executing = asyncio.create_task(executor.run_forever())
        tasks.append(executing)
        # Who each new action is announced to; mail rows for them, only when there is a server
        # to send them to; chat rows for the workspaces that connected a chat (a cheap read for
        # the others).
        also = [route_created, *([queue_mails] if services.settings.smtp_url else [])]
        deliverer = Deliverer(
            services.store,
            services.clock,
            services.sender(clients),
            wakeup=services.deliverer_wakeup,
            disable_after=dt.timedelta(days=services.settings.webhook_disable_after_days),
            also=[*also, queue_chat] if services.settings.chat_enabled else also,
            after=[services.wake_poster],
        )
        tasks.append(asyncio.create_task(deliverer.run_forever()))
        if services.settings.chat_enabled:
            poster = Poster(
                services.store,
                services.clock,
                services.chats,
                services.settings.public_url,
                latest_pause=latest_pause,
                wakeup=services.chat_wakeup,
            )
            tasks.append(asyncio.create_task(poster.run_forever()))
        if services.settings.smtp_url:
            mailer = Mailer(services.store, services.clock, services.settings)
            tasks.append(asyncio.create_task(mailer.run_forever()))
        tasks.append(
            asyncio.create_task(
                every(services.settings.sync_interval, lambda: sync_all(services.syncing))
            )
        )
        settings = services.settings
        retention = Retention(settings.retention_deliveries_days, settings.retention_events_days)
        tasks.append(
            asyncio.create_task(
                every(
                    settings.prune_interval,
                    lambda: prune(services.store, services.clock, retention),
                )
            )
        )
        beat = _first_beat(services)
        await _beat(services, beat)  # alive before the app answers its first /healthz
        tasks.append(asyncio.create_task(_heartbeat(services, beat, list(tasks))))
    try:
        yield
    finally:
        if enabled:
            await _let_sends_finish(executor, executing, services.settings.stop_grace)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await clients.aclose()
        if enabled:
            with contextlib.suppress(Exception):  # a stop must not fail on a lost database
                async with services.store.transaction() as uow:
                    await uow.heartbeats.remove(beat.id)


def executor_for(
    services: Services, name: str | None = None, retry: RetryPolicy | None = None
) -> Executor:
    """The executor with what it uses of the container."""
    return Executor(
        services.store,
        services.clock,
        services.platforms.connect,
        record_write=record_write,
        wakeup=services.executor_wakeup,
        wake_deliverer=services.wake_deliverer,
        patience=dt.timedelta(seconds=services.settings.execution_patience),
        name=name,
        retry=retry,
    )


async def escalate(services: Services) -> None:
    """One sweep of the escalator; their `action.escalated` events go out at once."""
    if await escalate_due(services.store, services.clock.now()):
        services.wake_deliverer()


async def _let_sends_finish(executor: Executor, task: asyncio.Task[None], grace: float) -> None:
    """A clean stop: claim nothing more and give the send in flight up to `grace` seconds to
    finish and be recorded (an action cut off mid-send would end `failed`, "may have been
    received"); past the grace it is cancelled like the other loops."""
    executor.stop()
    try:
        async with asyncio.timeout(grace):
            await asyncio.shield(task)
    except TimeoutError:
        log.warning("a send was still in flight after %.0f s; stopping anyway", grace)
    except Exception:
        log.exception("the executor failed while stopping")


def _first_beat(services: Services) -> Heartbeat:
    now = services.clock.now()
    host = socket.gethostname()[:120]
    return Heartbeat(
        id=f"{host}:{os.getpid()}:{secrets.token_hex(4)}",
        host=host,
        pid=os.getpid(),
        started_at=now,
        beat_at=now,
    )


async def _beat(services: Services, beat: Heartbeat) -> None:
    from attrs import evolve

    async with services.store.transaction() as uow:
        await uow.heartbeats.beat(evolve(beat, beat_at=services.clock.now()))


async def _heartbeat(
    services: Services, beat: Heartbeat, loops: Sequence[asyncio.Task[None]]
) -> None:
    """Beat while every loop of this process runs: a loop that ended (it never should) stops
    the beats, so /healthz on every replica sees this worker as stopped. The first beat was
    written before the loops started, so the next is a full period later: a beat that
    queued behind the loops' first writes would be stamped late."""
    while True:
        await asyncio.sleep(HEARTBEAT_SECONDS)
        stopped = [task for task in loops if task.done()]
        if stopped:
            log.error("%d background loop(s) stopped: no more heartbeats", len(stopped))
            return
        try:
            await _beat(services, beat)
        except Exception:
            log.exception("heartbeat failed; retrying")
