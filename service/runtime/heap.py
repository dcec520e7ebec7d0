"""How the garbage collector runs while a process serves: past what start-up built, and only
when there may be something to find.

A started service holds some 200,000 objects that live as long as it does: imported modules,
the compiled OpenAPI validators, the storage's SQL. CPython's full collection walks every one
of them, and under load one ran every second or two, because the objects of requests in flight
are promoted to the oldest generation while they wait on the database. Those passes, and the
caches they leave cold, cost a PostgreSQL GET about a sixth of its CPU under load
(docs/benchmarks.md). `gc.freeze()` moves every object alive at that moment to a permanent
generation the collector skips; reference counting still frees them when they go.

Nothing is collected first: a full pass at every start would cost a process that starts many
apps (the tests) more than the few hundred objects of start-up garbage it would find. Both
settings are undone when the last app of the process stops serving, whatever order its apps
stop in, so a process that starts and stops many apps keeps none of their cycles.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

YOUNG_GENERATION = 10_000
"""New container objects (net of those freed) before a young collection. CPython's 700 is
crossed by the live objects of a few dozen requests in flight alone: under load 1 GET in 17 ran
a young collection, though GETs make no cycles for it to find (none in 3,000 kept with
`gc.DEBUG_SAVEALL`), and each moved the requests in flight on toward the full passes."""


_serving: list[tuple[int, ...]] = []
"""One entry per app of this process that is serving: the thresholds from before the first."""
_serving_lock = threading.Lock()
"""Apps of one process (the tests' replicas) may start and stop in their own threads."""


@contextlib.contextmanager
def serving_heap() -> Iterator[None]:
    """Inside: what exists now is skipped by every collection, and a young collection waits for
    YOUNG_GENERATION new objects. After the process's last serving app: as before."""
    with _serving_lock:
        _serving.append(_serving[0] if _serving else gc.get_threshold())
        gc.freeze()
        gc.set_threshold(YOUNG_GENERATION, *_serving[0][1:])
    try:
        yield
    finally:
        with _serving_lock:
            before = _serving.pop()
            if not _serving:
                gc.set_threshold(*before)
                gc.unfreeze()
