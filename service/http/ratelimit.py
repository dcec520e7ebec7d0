"""Request budgets counted in `limits` storage, so every replica spends the same budget.

`COUNTERSIGN_LIMITS_STORAGE` picks the storage: `memory://` (one process, the default; entries
expire with their window and are pruned on later hits) or `redis://host:port[/db]`, which every
replica shares. Counting is a sliding window counter: this window's hits plus the previous
window's, weighted by how much of it still overlaps, stay within `limit`. It approximates a
moving window with two counters per key; a moving window stores every hit (a list per key,
a sorted set in Redis), so its cost grew with the limit: at a limit in the thousands, half the
CPU of a read went to keeping that list (bench/hot_path.py, issue 10).
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter

from service.errors import ApiError
from service.settings import SettingsError

STORAGE_SCHEMES = ("memory://", "redis://", "rediss://")


def limits_storage(url: str, prefix: str) -> Storage:
    """The shared counter store; Redis goes through redis-py's asyncio client."""
    if url.startswith("memory://"):
        return MemoryStorage()
    if url.startswith(("redis://", "rediss://")):
        return RedisStorage(f"async+{url}", implementation="redispy", key_prefix=prefix)
    raise SettingsError(
        f"COUNTERSIGN_LIMITS_STORAGE must start with memory://, redis:// or rediss://, not {url!r}"
    )


async def close_storage(storage: Storage) -> None:
    """Returns Redis connections to the server; memory storage has nothing to close."""
    if isinstance(storage, RedisStorage):
        client = getattr(storage.bridge, "storage", None)  # redis-py's asyncio client
        if client is not None:
            await client.aclose()


class RateLimiter:
    """`limit` hits per `window` seconds for each key, under its own `name` in the storage."""

    def __init__(self, storage: Storage, limit: int, window: float, name: str) -> None:
        self.storage = storage
        self.item = RateLimitItemPerSecond(limit, max(1, math.ceil(window)), namespace=name)
        self._strategy = SlidingWindowCounterRateLimiter(storage)

    async def hit(self, key: str) -> int | None:
        """Count one hit; return the whole seconds to wait when over the limit, else None."""
        if await self._strategy.hit(self.item, key):
            return None
        stats = await self._strategy.get_window_stats(self.item, key)
        return max(1, math.ceil(stats.reset_time - time.time()))

    async def clear(self, key: str) -> None:
        await self._strategy.clear(self.item, key)


async def spend(limiter: RateLimiter, key: str) -> None:
    """One request of a key's budget, shared by REST and MCP tool calls: over it is
    `rate_limited` with the wait in `Retry-After` and, for agents reading only the body, `hint`."""
    wait = await limiter.hit(key)
    if wait is not None:
        raise ApiError(
            "rate_limited", hint=f"Retry after {wait} seconds.", headers={"Retry-After": str(wait)}
        )
