"""Each account's budget of platform calls, so no caller wears out a creator's session.

Live reads (`fresh=true`, `GET /v1/accounts/{id}/platform/{path}`, MCP's `call_platform`) and
the syncer spend one unit per platform read of the account; writes of approved actions do not
(a person approved them; they must run). The counters live in the same `limits` storage as the
per-key rate limit (`COUNTERSIGN_LIMITS_STORAGE`): `memory://` counts in this process, Redis
is shared by every replica. Counting is a sliding window counter, like the rate limit.

A live read over budget is refused before it reaches the platform (`BudgetSpent`, which the
use case turns into `429 rate_limited`). The syncer is paced instead (`pace`): it spends only
while the account's count is under its share (`COUNTERSIGN_PLATFORM_BUDGET_SYNC_SHARE`, 0.8 by
default) and fewer than the share of its own calls lie in the last window, leaving the rest to
live reads; at its share it waits until the window frees room, then goes on. It is never
refused and never stops half-way: when a wait would outrun the sync's lease it stops pacing
and its calls are only counted, as before pacing existed. A round defers an account whose
whole budget is already spent (`spent`).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from service.kit.sliding_window import SlidingWindow, Storage

from .routes import PlatformRequester, lookup

Sleep = Callable[[float], Awaitable[None]]

log = logging.getLogger("countersign.platform.budget")

PAST = 0.001
"""Seconds a paced wait adds past the computed moment, so the count is under the share then."""


class BudgetSpent(Exception):
    """The account's platform budget is spent; `wait` is the whole seconds until it frees."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"platform budget spent; retry after {wait} s")
        self.wait = wait


class PlatformBudget:
    """`calls` platform reads per `window` seconds for each account (workspace + account id),
    of which the syncer may spend `sync_calls` (`sync_share` of them, at least one). `sleep` is
    how a paced sync waits and `now` the clock of its deadline: both injectable, and `now` must
    be the storage's clock (`time.time` for Redis and the service's memory counters)."""

    def __init__(
        self,
        storage: Storage,
        calls: int,
        window: float,
        *,
        sync_share: float,
        sleep: Sleep = asyncio.sleep,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.calls, self.window = calls, window
        self.sync_calls = max(1, min(calls, math.floor(calls * sync_share + 1e-9)))
        self.sleep, self.now = sleep, now
        self.counter = SlidingWindow(storage, calls, window, "platform")
        self.item = self.counter.item

    @staticmethod
    def key(workspace_id: str, account_id: str) -> str:
        return f"{workspace_id}:{account_id}"

    async def spend(self, key: str) -> int | None:
        """Spend one call; None when it was within budget, else the seconds to wait."""
        return await self.counter.hit(key)

    async def pace(
        self,
        key: str,
        deadline: float,
        own: deque[float],
        on_wait: Callable[[], None] | None = None,
    ) -> float | None:
        """Spend one of the syncer's calls: wait until the account's count is under the
        syncer's share, then spend it. Returns the seconds waited; None when a wait would end
        after `deadline` (on the `now` clock): then the call is spent at once, counted as an
        unpaced one is (nothing refuses the syncer).

        `own` holds the times of this sync's own calls (the caller keeps it for the sync): the
        count's previous window fades out as if its calls had been spread evenly, so a burst
        at the end of a window (the memory counters' windows fall on the clock) would let the
        share through again soon after; `own` keeps the sync's calls within its share in every
        window of its length, wherever the storage's windows fall. `on_wait` is called before
        each wait (the hosted link lets a first sync that has to wait go on in the background)."""
        waited = 0.0
        while (wait := max(await self._until_room(key), self._until_own_room(own))) > 0:
            if self.now() + wait > deadline:
                await self.spend(key)
                return None
            if on_wait is not None:
                on_wait()
            await self.sleep(wait)
            waited += wait
        await self.spend(key)
        own.append(self.now())
        return waited

    def _until_own_room(self, own: deque[float]) -> float:
        """Seconds until fewer than `sync_calls` of the sync's own calls lie in the last
        window; 0 when they do now."""
        expiry = self.item.get_expiry()
        now = self.now()
        while own and own[0] <= now - expiry:
            own.popleft()
        if len(own) < self.sync_calls:
            return 0.0
        return own[-self.sync_calls] + expiry - now + PAST

    async def _until_room(self, key: str) -> float:
        """Seconds until the account's count (the sliding window counter's weighted count:
        the previous window's count fading out plus the current window's) is under
        `sync_calls`; 0 when it is now."""
        window = await self.counter.counts(key)
        return room_in(window, self.item.get_expiry(), self.sync_calls)

    async def spent(self, workspace_id: str, account_id: str) -> bool:
        """Whether the account's budget has no call left now (nothing is spent by asking)."""
        return await self.counter.full(self.key(workspace_id, account_id))


def room_in(window: tuple[int, float, int, float], expiry: int, limit: int) -> float:
    """Seconds until a sliding window counter's weighted count is under `limit`, from the
    storage's `(previous count, its seconds left, current count, its seconds left)`; the
    current window's key lives `expiry` seconds past the window's end, in both storages."""
    previous, previous_left, current, current_left = window
    if previous * previous_left / expiry + current < limit:
        return 0.0
    if current < limit:  # the previous window's share fades out within this window
        return max(PAST, previous_left - (limit - current) * expiry / previous + PAST)
    # Only the next window frees room: this window's count then fades out in turn.
    ends_in = max(0.0, current_left - expiry)
    return ends_in + expiry * (1 - limit / current) + PAST


class Metered:
    """A request function that spends the account's budget on every read it passes on.
    `enforce` (live reads) refuses a read over budget (`BudgetSpent`). `pace_until` (the
    syncer, on the budget's `now` clock) waits for room within the syncer's share until then;
    once a wait would end later, the rest of the connection's reads are only counted (logged
    once); `on_wait` is called before each such wait. With neither, a read is only counted."""

    def __init__(
        self,
        platform: PlatformRequester,
        budget: PlatformBudget,
        key: str,
        *,
        enforce: bool,
        pace_until: float | None = None,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        self.platform, self.budget, self.key, self.enforce = platform, budget, key, enforce
        self.pace_until, self.on_wait = pace_until, on_wait
        self._own: deque[float] = deque()  # the times of this connection's paced reads
        self.waited = 0.0
        """Seconds this connection's reads waited for the syncer's share."""

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
            await self._spend()
        return await self.platform.request(
            route, session=session, path_params=path_params, query=query, body=body
        )

    async def _spend(self) -> None:
        if self.pace_until is not None:
            waited = await self.budget.pace(self.key, self.pace_until, self._own, self.on_wait)
            if waited is not None:
                self.waited += waited
                return
            log.warning(
                "stopped pacing the sync of %s after waiting %.1f s: waiting for the syncer's "
                "share again would outrun its lease; its remaining reads are counted, not paced",
                self.key,
                self.waited,
            )
            self.pace_until = None
            return
        wait = await self.budget.spend(self.key)
        if wait is not None and self.enforce:
            raise BudgetSpent(wait)
