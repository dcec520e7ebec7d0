"""Stopping the background loops: a cancellation that lands in the same turn as a wake-up still
stops the loop. On Python 3.11 `asyncio.wait_for` returned the finished wait and swallowed such a
cancellation, so a stopping worker ran on and the process never shut down."""

from __future__ import annotations

import asyncio

import pytest

from service.runtime.runner import executor_for
from service.webhooks.deliverer import Deliverer
from service.webhooks.sender import Sender


async def stop_as_it_wakes(task: asyncio.Task[None], wakeup: asyncio.Event) -> None:
    wakeup.set()
    task.cancel()  # the same turn: the wake-up and the cancellation race
    with pytest.raises(asyncio.CancelledError):
        async with asyncio.timeout(10):  # a swallowed cancellation would wait here forever
            await task


async def test_a_deliverer_woken_as_it_is_stopped_stops(store, clock, http, box):
    deliverer = Deliverer(
        store, clock, Sender(http, box=box, public_url="http://countersign.test"), idle_seconds=3600
    )
    task = asyncio.create_task(deliverer.run_forever())
    await deliverer.idle.wait()  # set just before it waits for a wake-up, in the same step
    await stop_as_it_wakes(task, deliverer.wakeup)


async def test_an_executor_woken_as_it_is_stopped_stops(linked):
    executor = executor_for(linked.services)
    task = asyncio.create_task(executor.run_forever(poll=3600))
    await executor.idle.wait()  # set just before it waits for a wake-up, in the same step
    await stop_as_it_wakes(task, linked.services.executor_wakeup)
