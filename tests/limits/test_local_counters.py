"""This process's rate-limit counters (`LocalCounters`, a `limits` storage built on its public
`Storage` and `SlidingWindowCounterSupport`): the sliding window counter's answers, counters
of ended windows dropped by an inline sweep, and no thread started per hit (upstream's memory
storage starts one every 10 ms under load)."""

from __future__ import annotations

import threading
import time

from service.http.ratelimit import LocalCounters, RateLimiter


class Clock:
    def __init__(self) -> None:
        self.at = time.time()

    def __call__(self) -> float:
        return self.at


async def test_the_window_allows_the_limit_then_counts_the_previous_one_weighted():
    clock = Clock()
    clock.at = (clock.at // 10) * 10  # the start of a 10-second window
    limiter = RateLimiter(LocalCounters(clock), limit=4, window=10, name="api")
    assert [await limiter.hit("key") for _ in range(4)] == [None] * 4
    assert await limiter.hit("key") is not None
    assert await limiter.hit("other") is None, "keys count apart"
    clock.at += 15  # half of the previous window still overlaps: 4 × 0.5 = 2 hits counted
    assert [await limiter.hit("key") is None for _ in range(3)] == [True, True, False]
    clock.at += 20
    assert await limiter.hit("key") is None
    await limiter.clear("key")


async def test_counters_of_ended_windows_are_swept_without_being_read():
    clock = Clock()
    counters = LocalCounters(clock)
    limiter = RateLimiter(counters, limit=5, window=1, name="api")
    assert await limiter.hit("old") is None
    assert any("old" in key for key in counters.storage)
    clock.at += 2.5  # the window's counter lives two windows
    assert await limiter.hit("new") is None
    assert not any("old" in key for key in counters.storage)
    assert any("new" in key for key in counters.storage)


async def test_hits_start_no_thread():
    before = threading.active_count()
    limiter = RateLimiter(LocalCounters(), limit=1_000_000, window=60, name="api")
    for _ in range(1000):
        assert await limiter.hit("key") is None
    assert threading.active_count() == before


async def test_keys_count_apart_past_the_counter_keys_kept():
    """Counter keys are made once per key and kept up to a bound; past it the least recently
    used is made again, and every key still counts its own hits."""
    clock = Clock()
    clock.at = (clock.at // 10) * 10
    limiter = RateLimiter(LocalCounters(clock), limit=1, window=10, name="api", keys_kept=2)
    assert [await limiter.hit(key) for key in ("a", "b", "c")] == [None] * 3
    assert [await limiter.hit(key) is None for key in ("a", "b", "c")] == [False] * 3
    assert limiter._counter_key.cache_info().currsize <= 2
