"""What a started app built is kept out of the garbage collector's full passes while it serves
(service/heap.py), and handed back to the collector when it stops."""

from __future__ import annotations

import gc

from service.app import create_app


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
