"""While a started app serves, what it built at start-up is skipped by the garbage collector
and young collections are rarer (service/runtime/heap.py); both are undone when it stops."""

from __future__ import annotations

import asyncio
import gc

from service.app import create_app
from service.runtime.heap import YOUNG_GENERATION


def _collected(obj: object) -> bool:
    """Whether the collector's passes visit `obj` (frozen objects are in no generation)."""
    return any(tracked is obj for tracked in gc.get_objects())


async def test_a_started_app_is_skipped_by_collections_until_it_stops(settings, store, clock):
    app = create_app(settings, store=store, clock=clock)
    services = app.state.services
    assert _collected(services)

    async with app.router.lifespan_context(app):
        assert not _collected(services)
        assert gc.get_freeze_count() > 0
        made_while_serving = {"a": [1]}
        assert _collected(made_while_serving)

    assert _collected(services)
    assert gc.get_freeze_count() == 0


async def test_young_collections_wait_longer_while_serving(settings, store, clock):
    before = gc.get_threshold()
    assert before[0] < YOUNG_GENERATION
    app = create_app(settings, store=store, clock=clock)

    async with app.router.lifespan_context(app):
        assert gc.get_threshold() == (YOUNG_GENERATION, *before[1:])

    assert gc.get_threshold() == before


class _Serving:
    """An app's lifespan in its own task (as each replica's server runs it), stopped on demand."""

    def __init__(self, app) -> None:
        self.app, self.started, self.stop = app, asyncio.Event(), asyncio.Event()
        self.task = asyncio.create_task(self._serve())

    async def _serve(self) -> None:
        async with self.app.router.lifespan_context(self.app):
            self.started.set()
            await self.stop.wait()

    async def stopped(self) -> None:
        self.stop.set()
        await self.task


async def test_apps_stopping_in_any_order_leave_the_collector_as_it_was(settings, store, clock):
    before = gc.get_threshold()
    first = _Serving(create_app(settings, store=store, clock=clock))
    await first.started.wait()
    second = _Serving(create_app(settings, store=store, clock=clock))
    await second.started.wait()

    await first.stopped()
    assert gc.get_threshold()[0] == YOUNG_GENERATION  # the second still serves
    assert not _collected(second.app.state.services)

    await second.stopped()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
