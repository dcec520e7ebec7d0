"""Request budgets counted in `limits` storage, so every replica spends the same budget.

`COUNTERSIGN_LIMITS_STORAGE` picks the storage: `memory://` (one process, the default; entries
expire with their window and are pruned on later hits) or `redis://host:port[/db]`, which every
replica shares. Counting is a sliding window counter: this window's hits plus the previous
window's, weighted by how much of it still overlaps, stay within `limit`. It approximates a
moving window with two counters per key; a moving window stores every hit (a list per key,
a sorted set in Redis), so its cost grew with the limit: at a limit in the thousands, half the
CPU of a read went to keeping that list (bench/hot_path.py, issue 10).

In one process the counters live in `limits`' synchronous memory storage, called inline (nothing
in it waits): its asyncio twin started a task on every hit to expire old counters, which tripled
a hit's cost on a busy loop (bench/hot_path.py, issue 10). See `LocalCounters` for its sweep.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItemPerSecond
from limits import storage as sync_storage
from limits import strategies as sync_strategies
from limits.aio.storage import RedisStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter

from service.error_codes import ErrorCode
from service.errors import ApiError
from service.settings import SettingsError

STORAGE_SCHEMES = ("memory://", "redis://", "rediss://")


class LocalCounters(sync_storage.MemoryStorage):
    """`limits`' memory storage, sweeping expired counters at most once a second.

    Upstream starts a sweeping thread whenever the previous one has finished, 10 ms after it
    started: under load about a hundred thread starts a second, each one holding up the event
    loop while the thread comes up. Counters are checked for expiry when read anyway; the sweep
    only drops those of past windows nobody reads again, and once a second is plenty for that.
    (It overrides upstream's private hook; tests/limits/test_local_counters.py notices if that
    hook changes.)"""

    SWEEP_EVERY = 1.0

    def __init__(self) -> None:
        self._next_sweep = 0.0
        super().__init__()

    def _MemoryStorage__schedule_expiry(self) -> None:
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.SWEEP_EVERY
            sync_storage.MemoryStorage._MemoryStorage__schedule_expiry(self)  # type: ignore[attr-defined]


LimitsStorage = RedisStorage | LocalCounters
"""Where counters live: Redis (through redis-py's asyncio client) or this process's memory."""


def limits_storage(url: str, prefix: str) -> LimitsStorage:
    """The counter store named by COUNTERSIGN_LIMITS_STORAGE."""
    if url.startswith("memory://"):
        return LocalCounters()
    if url.startswith(("redis://", "rediss://")):
        return RedisStorage(f"async+{url}", implementation="redispy", key_prefix=prefix)
    raise SettingsError(
        f"COUNTERSIGN_LIMITS_STORAGE must start with memory://, redis:// or rediss://, not {url!r}"
    )


async def close_storage(storage: LimitsStorage) -> None:
    """Returns Redis connections to the server; memory storage has nothing to close."""
    if isinstance(storage, RedisStorage):
        client = getattr(storage.bridge, "storage", None)  # redis-py's asyncio client
        if client is not None:
            await client.aclose()


class RateLimiter:
    """`limit` hits per `window` seconds for each key, under its own `name` in the storage."""

    def __init__(self, storage: LimitsStorage, limit: int, window: float, name: str) -> None:
        self.storage = storage
        self.item = RateLimitItemPerSecond(limit, max(1, math.ceil(window)), namespace=name)
        self._shared: SlidingWindowCounterRateLimiter | None = None
        self._local: sync_strategies.SlidingWindowCounterRateLimiter | None = None
        if isinstance(storage, RedisStorage):
            self._shared = SlidingWindowCounterRateLimiter(storage)
        else:
            self._local = sync_strategies.SlidingWindowCounterRateLimiter(storage)

    async def hit(self, key: str) -> int | None:
        """Count one hit; return the whole seconds to wait when over the limit, else None."""
        if self._local is not None:
            if self._local.hit(self.item, key):
                return None
            reset = self._local.get_window_stats(self.item, key).reset_time
        else:
            assert self._shared is not None
            if await self._shared.hit(self.item, key):
                return None
            reset = (await self._shared.get_window_stats(self.item, key)).reset_time
        return max(1, math.ceil(reset - time.time()))

    async def clear(self, key: str) -> None:
        if self._local is not None:
            self._local.clear(self.item, key)
        else:
            assert self._shared is not None
            await self._shared.clear(self.item, key)


async def spend(limiter: RateLimiter, key: str) -> None:
    """One request of a key's budget, shared by REST and MCP tool calls: over it is
    `rate_limited` with the wait in `Retry-After` and, for agents reading only the body, `hint`."""
    wait = await limiter.hit(key)
    if wait is not None:
        raise ApiError(
            ErrorCode.RATE_LIMITED,
            hint=f"Retry after {wait} seconds.",
            headers={"Retry-After": str(wait)},
        )
