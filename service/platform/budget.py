"""Each account's budget of platform calls, so no caller wears out a creator's session.

Live reads (`fresh=true`, `GET /v1/accounts/{id}/platform/{path}`, MCP's `call_platform`) and
the syncer spend one unit per platform read of the account; writes of approved actions do not
(a person approved them; they must run). The counters live in the same `limits` storage as the
per-key rate limit (`COUNTERSIGN_LIMITS_STORAGE`): `memory://` counts in this process, Redis
is shared by every replica. Counting is a sliding window counter, like the rate limit.

A live read over budget is refused before it reaches the platform (`BudgetSpent`, which the
use case turns into `429 rate_limited`). The syncer never stops half-way: its calls are counted
but not refused, and a round defers an account whose budget is already spent (`spent`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from limits import RateLimitItemPerSecond
from limits import storage as sync_storage
from limits import strategies as sync_strategies
from limits.aio import strategies as async_strategies
from limits.aio.storage import RedisStorage

from .routes import PlatformRequester, lookup

Storage = RedisStorage | sync_storage.Storage


class BudgetSpent(Exception):
    """The account's platform budget is spent; `wait` is the whole seconds until it frees."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"platform budget spent; retry after {wait} s")
        self.wait = wait


class PlatformBudget:
    """`calls` platform reads per `window` seconds for each account (workspace + account id)."""

    def __init__(self, storage: Storage, calls: int, window: float) -> None:
        self.calls, self.window = calls, window
        self.item = RateLimitItemPerSecond(calls, max(1, math.ceil(window)), namespace="platform")
        self._shared: async_strategies.SlidingWindowCounterRateLimiter | None = None
        self._local: sync_strategies.SlidingWindowCounterRateLimiter | None = None
        if isinstance(storage, RedisStorage):
            self._shared = async_strategies.SlidingWindowCounterRateLimiter(storage)
        else:
            self._local = sync_strategies.SlidingWindowCounterRateLimiter(storage)

    @staticmethod
    def key(workspace_id: str, account_id: str) -> str:
        return f"{workspace_id}:{account_id}"

    async def spend(self, key: str) -> int | None:
        """Spend one call; None when it was within budget, else the seconds to wait."""
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

    async def spent(self, workspace_id: str, account_id: str) -> bool:
        """Whether the account's budget has no call left now (nothing is spent by asking)."""
        key = self.key(workspace_id, account_id)
        if self._local is not None:
            return not self._local.test(self.item, key)
        assert self._shared is not None
        return not await self._shared.test(self.item, key)


class Metered:
    """A request function that spends the account's budget on every read it passes on;
    `enforce` refuses a read over budget (`BudgetSpent`) instead of only counting it."""

    def __init__(
        self, platform: PlatformRequester, budget: PlatformBudget, key: str, *, enforce: bool
    ) -> None:
        self.platform, self.budget, self.key, self.enforce = platform, budget, key, enforce

    async def request(
        self,
        route: str,
        *,
        session: str,
        path_params: Mapping[str, Any] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
    ) -> Any:
        if not lookup(route).is_write:
            wait = await self.budget.spend(self.key)
            if wait is not None and self.enforce:
                raise BudgetSpent(wait)
        return await self.platform.request(
            route, session=session, path_params=path_params, query=query, body=body
        )
