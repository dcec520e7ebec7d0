"""The in-process counters sweep expired windows at most once a second, not after every 10 ms.

`LocalCounters` overrides a private hook of `limits`' memory storage; these tests fail if that
hook is renamed (the override would silently stop applying) or stops being called.
"""

from __future__ import annotations

import time

from limits.storage import MemoryStorage

from service.http.ratelimit import LocalCounters, RateLimiter


def test_upstream_still_has_the_hook_we_override():
    assert callable(getattr(MemoryStorage, "_MemoryStorage__schedule_expiry", None))


async def test_hits_start_at_most_one_sweep_a_second():
    counters = LocalCounters()
    limiter = RateLimiter(counters, limit=1_000_000, window=60, name="api")
    counters.timer.join()  # the sweep upstream starts on construction
    sweeps = set()
    started = time.monotonic()
    while time.monotonic() - started < 0.1:  # ten of upstream's 10 ms sweep periods
        assert await limiter.hit("key") is None
        sweeps.add(counters.timer)
        counters.timer.join()  # a finished sweep would let upstream start the next one
    assert len(sweeps) == 1  # upstream: one per hit here, since each one had finished


async def test_a_due_sweep_drops_expired_counters():
    counters = LocalCounters()
    limiter = RateLimiter(counters, limit=5, window=1, name="api")
    assert await limiter.hit("old") is None
    counters.timer.join()
    for key in counters.expirations:
        counters.expirations[key] = time.time() - 1  # its window ended long ago
    counters._next_sweep = 0.0  # the second since the last sweep is up
    assert await limiter.hit("new") is None
    counters.timer.join()
    assert not any("old" in key for key in counters.storage)
    assert any("new" in key for key in counters.storage)
