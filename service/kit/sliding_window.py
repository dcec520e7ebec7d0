"""One sliding-window counter over `limits`, in Redis (shared by every replica) or in this
process's memory: the REST and MCP rate limit and the platform budget both count with it."""

from __future__ import annotations

import functools
import math
import time

from limits import RateLimitItemPerSecond
from limits import storage as sync_storage
from limits import strategies as sync_strategies
from limits.aio import strategies as async_strategies
from limits.aio.storage import RedisStorage
from limits.storage.base import SlidingWindowCounterSupport

Storage = RedisStorage | sync_storage.Storage
KEYS_KEPT = 10_000
"""Counter keys kept (one per API key, session or address counted); past this, the least
recently used is made again."""


class SlidingWindow:
    """`limit` hits per `window` seconds (whole seconds, at least one) for each key, under
    `name` in the storage. Memory storage is `limits`' synchronous kind, Redis its
    asyncio kind: one strategy of the matching kind does the counting."""

    def __init__(
        self, storage: Storage, limit: int, window: float, name: str, *, keys_kept: int = KEYS_KEPT
    ) -> None:
        self.storage = storage
        self.item = RateLimitItemPerSecond(limit, max(1, math.ceil(window)), namespace=name)
        self._shared: async_strategies.SlidingWindowCounterRateLimiter | None = None
        self._local: sync_strategies.SlidingWindowCounterRateLimiter | None = None
        self._counters: SlidingWindowCounterSupport | None = None
        self._counter_key = functools.lru_cache(maxsize=keys_kept)(self.item.key_for)
        """`item.key_for(key)`, made once per key (every request of a key makes the same)."""
        if isinstance(storage, RedisStorage):
            self._shared = async_strategies.SlidingWindowCounterRateLimiter(storage)
        else:
            self._local = sync_strategies.SlidingWindowCounterRateLimiter(storage)
            if isinstance(storage, SlidingWindowCounterSupport):
                self._counters = storage

    async def hit(self, key: str) -> int | None:
        """Count one hit; None when it was within the limit, else the whole seconds to wait."""
        if self._local is not None:
            # In memory, the strategy's `hit` is this one call, its key made once per key: the
            # rate limit is paid on every request.
            counters, item = self._counters, self.item
            if counters is not None:
                counted = counters.acquire_sliding_window_entry(
                    self._counter_key(key), item.amount, item.get_expiry()
                )
            else:
                counted = self._local.hit(item, key)
            if counted:
                return None
            reset = self._local.get_window_stats(self.item, key).reset_time
        else:
            assert self._shared is not None
            if await self._shared.hit(self.item, key):
                return None
            reset = (await self._shared.get_window_stats(self.item, key)).reset_time
        return max(1, math.ceil(reset - time.time()))  # `limits` dates it by time.time()

    async def full(self, key: str) -> bool:
        """Whether one more hit would be over the limit now (nothing is counted by asking)."""
        if self._local is not None:
            return not self._local.test(self.item, key)
        assert self._shared is not None
        return not await self._shared.test(self.item, key)

    async def counts(self, key: str) -> tuple[int, float, int, float]:
        """The previous window's count and seconds to live, then the current window's."""
        expiry = self.item.get_expiry()
        counter_key = self.item.key_for(key)
        if isinstance(self.storage, RedisStorage):
            return await self.storage.get_sliding_window(counter_key, expiry)
        assert isinstance(self.storage, SlidingWindowCounterSupport)
        return self.storage.get_sliding_window(counter_key, expiry)

    async def clear(self, key: str) -> None:
        if self._local is not None:
            self._local.clear(self.item, key)
        else:
            assert self._shared is not None
            await self._shared.clear(self.item, key)
