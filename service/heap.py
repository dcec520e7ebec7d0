"""What a started process built, kept out of the garbage collector's full passes.

A started service holds some 200,000 objects that live as long as it does: imported modules,
the compiled OpenAPI validators, the storage's SQL. CPython's full collection walks every one
of them, and under load one runs every second or two, because the objects of requests in
flight are promoted to the oldest generation while they wait on the database. Under load those
passes, and the caches they leave cold, cost a PostgreSQL GET about a sixth of its CPU
(docs/benchmarks.md). `gc.freeze()` moves every object
alive at that moment to a permanent generation the collector skips; reference counting still
frees them when they go.

Nothing is collected first: a full pass at every start would cost a process that starts many
apps (the tests) more than the few hundred objects of start-up garbage it would find. What is
frozen is given back to the collector when the process stops serving, so a process that starts
and stops many apps keeps none of their cycles.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def started_heap_frozen() -> Iterator[None]:
    """Inside: what exists now is skipped by every collection. After: collectable again."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
