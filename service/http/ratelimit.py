"""Request budgets counted in `limits` storage, so every replica spends the same budget.

`COUNTERSIGN_LIMITS_STORAGE` picks the storage: `memory://` (one process, the default; entries
expire with their window and are pruned on later hits) or `redis://host:port[/db]`, which every
replica shares. Counting is a sliding window counter: this window's hits plus the previous
window's, weighted by how much of it still overlaps, stay within `limit`. It approximates a
moving window with two counters per key; a moving window stores every hit (a list per key,
a sorted set in Redis), so its cost grew with the limit: at a limit in the thousands, half the
CPU of a read went to keeping that list (bench/hot_path.py).

In one process the counters live in `LocalCounters`, a synchronous `limits` storage called inline
(nothing in it waits): the asyncio memory storage started a task on every hit to expire old
counters, which tripled a hit's cost on a busy loop (bench/hot_path.py), and the
synchronous one a thread every 10 ms. See `LocalCounters` for its sweep.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from limits.aio.storage import RedisStorage
from limits.storage import SlidingWindowCounterSupport, Storage

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.kit.sliding_window import SlidingWindow
from service.settings import SettingsError

STORAGE_SCHEMES = ("memory://", "redis://", "rediss://")


class LocalCounters(Storage, SlidingWindowCounterSupport):
    """This process's counters: a `limits` storage (its public extension point, `Storage` with
    `SlidingWindowCounterSupport`) holding a count and an expiry per window key.

    `limits`' own memory storage starts a sweeping thread whenever the previous one has finished,
    10 ms after it started: under load about a hundred thread starts a second, each one holding up
    the event loop while the thread comes up. Here expired counters are dropped when read, and
    the ones nobody reads again by a sweep inline, at most once a second. Every call runs on the
    event loop's thread (the strategies are synchronous and wait on nothing), so no locks."""

    STORAGE_SCHEME = ["countersign-memory"]  # noqa: RUF012 (typed by `limits` as it is)
    SWEEP_EVERY = 1.0

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.clock = clock
        self.storage: dict[str, int] = {}
        self.expirations: dict[str, float] = {}
        self.next_sweep = 0.0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return ValueError

    def _sweep(self, now: float) -> None:
        if now < self.next_sweep:
            return
        self.next_sweep = now + self.SWEEP_EVERY
        for key in [k for k, at in self.expirations.items() if at <= now]:
            del self.storage[key], self.expirations[key]

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        return self._add(key, expiry, amount, self.clock())

    def _add(self, key: str, expiry: float, amount: int, now: float) -> int:
        self._sweep(now)
        count = self._count(key, now) + amount
        self.storage[key] = count
        if count == amount:
            self.expirations[key] = now + expiry
        return count

    def decr(self, key: str, amount: int = 1) -> int:
        count = max(self._count(key, self.clock()) - amount, 0)
        if key in self.storage:
            self.storage[key] = count
        return count

    def get(self, key: str) -> int:
        return self._count(key, self.clock())

    def _count(self, key: str, now: float) -> int:
        """The count under `key` at `now` (the public methods, which `limits` wraps in an
        error translator per call, are not called from inside: a hit made six such calls)."""
        if self.expirations.get(key, 0) <= now:
            self.storage.pop(key, None)
            self.expirations.pop(key, None)
        return self.storage.get(key, 0)

    def get_expiry(self, key: str) -> float:
        return self.expirations.get(key, self.clock())

    def check(self) -> bool:
        return True

    def reset(self) -> int | None:
        removed = len(self.storage)
        self.storage.clear()
        self.expirations.clear()
        return removed

    def clear(self, key: str) -> None:
        self.storage.pop(key, None)
        self.expirations.pop(key, None)

    def acquire_sliding_window_entry(
        self, key: str, limit: int, expiry: int, amount: int = 1
    ) -> bool:
        """This window's hits plus the previous window's, weighted by how much of it still
        overlaps, must stay within `limit` (the algorithm of `limits`' own storages)."""
        if amount > limit:
            return False
        now = self.clock()
        previous, previous_ttl, current, _ = self._window(key, expiry, now)
        if math.floor(previous * previous_ttl / expiry + current) + amount > limit:
            return False
        _, current_key = self.sliding_window_keys(key, expiry, now)
        self._add(current_key, 2 * expiry, amount, now)
        return True

    @staticmethod
    def sliding_window_keys(key: str, expiry: int, at: float) -> tuple[str, str]:
        """The previous and the current window's keys at `at`."""
        return f"{key}/{int((at - expiry) / expiry)}", f"{key}/{int(at / expiry)}"

    def get_sliding_window(self, key: str, expiry: int) -> tuple[int, float, int, float]:
        return self._window(key, expiry, self.clock())

    def _window(self, key: str, expiry: int, now: float) -> tuple[int, float, int, float]:
        previous_key, current_key = self.sliding_window_keys(key, expiry, now)
        previous, current = self._count(previous_key, now), self._count(current_key, now)
        previous_ttl = 0.0 if previous == 0 else (1 - (((now - expiry) / expiry) % 1)) * expiry
        current_ttl = (1 - ((now / expiry) % 1)) * expiry + expiry
        return previous, previous_ttl, current, current_ttl

    def clear_sliding_window(self, key: str, expiry: int) -> None:
        for window_key in self.sliding_window_keys(key, expiry, self.clock()):
            self.clear(window_key)


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


class RateLimiter(SlidingWindow):
    """`limit` hits per `window` seconds for each key, under its own `name` in the storage."""


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
