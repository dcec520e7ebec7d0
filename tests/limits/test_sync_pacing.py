"""The syncer paces itself within its share of each account's platform budget
(service/platform/budget.py): at its share a sync waits for the window to free room instead of
bursting past it, has no more than its share counted in the window, still writes everything,
and a live read made while it waits gets through from the reserve; a wait that would outrun the
sync's lease is not made (the read is counted, as before pacing).

The budget's own arithmetic runs on the service's memory counters with a hand-moved clock (its
`now` and `sleep` are injectable). A whole sync is measured in real time (`limits` dates Redis
counts by time.time()) on a real, small window: 40 calls per second, 32 of them the syncer's
(a sync of the seeded creator makes 47); memory and real Redis storage, both drivers, the fake
platform over HTTP."""

from __future__ import annotations

import asyncio
import bisect
import logging
import time
from collections import deque

import attrs
import pytest
from limits import strategies as sync_strategies
from limits.aio import strategies as async_strategies
from limits.aio.storage import RedisStorage

from service.http.ratelimit import LocalCounters
from service.platform.budget import Metered, PlatformBudget
from service.settings import Settings, SettingsError
from service.synced import syncer
from service.synced.syncer import sync_account, sync_all
from tests.conftest import redis_url
from tests.factories import build_world
from tests.limits.test_platform_budget import budget_settings, instance
from tests.platform_world import link_creator

KEY = "ws:acct"


class HandClock:
    """Seconds since the epoch, moved only by the budget's waits."""

    def __init__(self) -> None:
        self.at = 1_000_000.0  # a window boundary for windows of 10 s
        self.waits: list[float] = []

    def __call__(self) -> float:
        return self.at

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.at += seconds


def hand_budget(calls: int = 5, window: float = 10.0, share: float = 0.8):
    clock = HandClock()
    budget = PlatformBudget(
        LocalCounters(clock=clock), calls, window, sync_share=share, sleep=clock.sleep, now=clock
    )
    return budget, clock


def used(budget: PlatformBudget, key: str = KEY) -> int:
    """The account's count as `limits` itself reports it (memory counters)."""
    stats = sync_strategies.SlidingWindowCounterRateLimiter(
        budget.counter.storage
    ).get_window_stats(budget.item, key)
    return budget.calls - stats.remaining


def most_in_a_window(times: list[float], window: float) -> int:
    """The most of `times` (sorted) within any `window` seconds."""
    return max(bisect.bisect_left(times, at + window) - n for n, at in enumerate(times))


async def paced_calls(budget, clock, count: int, own: deque[float]) -> list[float]:
    """`count` paced sync calls; when each was spent."""
    at = []
    for _ in range(count):
        await budget.pace(KEY, clock() + 60, own)
        at.append(clock())
    return at


async def test_the_syncer_waits_at_its_share_and_leaves_the_reserve_to_live_reads():
    budget, clock = hand_budget()  # 5 calls per 10 s, 4 of them the syncer's
    own: deque[float] = deque()
    assert budget.sync_calls == 4
    at = await paced_calls(budget, clock, 4, own)
    assert clock.waits == [] and used(budget) == 4
    # The reserve: a live read still gets through; one more is over the whole budget.
    assert await budget.spend(KEY) is None
    assert await budget.spend(KEY) is not None
    # The next sync call waits for the next window, and then until this window's 5 calls,
    # fading out over it, weigh less than 4: a fifth of it.
    assert await budget.pace(KEY, clock() + 60, own) == pytest.approx(12.0, abs=0.01)
    at.append(clock())
    # From then on it goes at its share's pace: never more than 4 counted (after each call,
    # as `limits` reports the count), nor 4 of its calls in any 10 s.
    counts = []
    for _ in range(8):
        at += await paced_calls(budget, clock, 1, own)
        counts.append(used(budget))
    assert max(counts) == 4
    assert most_in_a_window(at, 10) == 4
    assert 14 <= at[-1] - at[4] <= 21, at


async def test_a_burst_at_a_windows_end_is_not_repeated_as_the_next_one_starts():
    budget, clock = hand_budget()
    clock.at += 8  # 2 s before the memory counters' window ends
    at = await paced_calls(budget, clock, 12, deque())
    # The count alone would let the sync go on from the window's end, as if the 4 calls had
    # been spread over the window; the sync's own calls keep it to 4 in any 10 s.
    assert at[:4] == [1_000_008.0] * 4
    assert most_in_a_window(at, 10) == 4
    assert at[4] >= 1_000_018


async def test_a_wait_past_the_deadline_is_not_made_and_the_call_is_counted():
    budget, clock = hand_budget()
    own: deque[float] = deque()
    for _ in range(4):
        await budget.pace(KEY, clock() + 60, own)
    assert await budget.pace(KEY, clock() + 5, own) is None  # it would wait 10 s
    assert clock.waits == [] and used(budget) == 5


class Platform:
    async def request(self, route, *, session, path_params=None, query=None, body=None):
        return {"route": route}


async def test_a_paced_connection_stops_pacing_once_a_wait_would_outrun_its_lease(caplog):
    budget, clock = hand_budget(calls=10)  # 8 of them the syncer's
    metered = Metered(Platform(), budget, KEY, enforce=False, pace_until=clock() + 15)
    with caplog.at_level(logging.WARNING, "countersign.platform.budget"):
        for _ in range(8 + 8):  # a window's share, then paced calls until the lease nears
            await metered.request("GET /users/me", session="s")
    # One wait for the next window, then one per call as the last window's count fades out
    # (8 calls over 10 s): 10 + 3 x 1.25 s; a fourth would end past the 15 s.
    assert clock.waits == pytest.approx([10.0, 1.25, 1.25, 1.25], abs=0.01)
    assert metered.pace_until is None and metered.waited == pytest.approx(13.75, abs=0.01)
    # The rest of the connection's reads are counted, never waited for.
    assert used(budget) == 10
    await metered.request("GET /users/me", session="s")
    assert len(clock.waits) == 4
    stopped = [r for r in caplog.records if "stopped pacing" in r.getMessage()]
    assert len(stopped) == 1 and KEY in stopped[0].getMessage()


async def test_the_sync_share_is_at_least_one_call_and_at_most_the_budget():
    assert hand_budget(calls=1, share=0.5)[0].sync_calls == 1
    assert hand_budget(calls=600, share=0.8)[0].sync_calls == 480
    assert hand_budget(calls=7, share=1.0)[0].sync_calls == 7
    assert Settings.from_env({}).platform_budget_sync_share == 0.8
    shares = Settings.from_env({"COUNTERSIGN_PLATFORM_BUDGET_SYNC_SHARE": "0.5"})
    assert shares.platform_budget_sync_share == 0.5
    for wrong in ("0", "1.5", "-0.2", "nan"):
        with pytest.raises(SettingsError, match="PLATFORM_BUDGET_SYNC_SHARE"):
            Settings.from_env({"COUNTERSIGN_PLATFORM_BUDGET_SYNC_SHARE": wrong})


# -- a whole sync, in real time -------------------------------------------------------------


BUDGET, SHARE, SYNC_CALLS = 40, 0.8, 32


@pytest.fixture(params=["memory", "redis"])
def storage(request, redis_prefix) -> dict:
    if request.param == "memory":
        return {}
    return {"limits_storage": redis_url(), "limits_prefix": redis_prefix}


async def window_count(services, key: str) -> int:
    """The account's count in the budget's window, as `limits` reports it."""
    budget = services.platforms.budget
    if isinstance(services.limits, RedisStorage):
        stats = await async_strategies.SlidingWindowCounterRateLimiter(
            services.limits
        ).get_window_stats(budget.item, key)
    else:
        stats = sync_strategies.SlidingWindowCounterRateLimiter(services.limits).get_window_stats(
            budget.item, key
        )
    return budget.calls - stats.remaining


async def test_a_sync_over_its_share_is_paced_completes_and_leaves_room_for_live_reads(
    tmp_path, fake_platform, store, clock, storage
):
    world = await build_world(store, clock)
    settings = attrs.evolve(
        budget_settings(tmp_path, fake_platform, BUDGET, **storage),
        platform_budget_window=1.0,
        platform_budget_sync_share=SHARE,
        platform_timeout=15.0,
    )
    async with instance(settings, store, clock) as (client, services):
        creator = await link_creator(services, fake_platform, world.workspace_id, clock)
        budget = services.platforms.budget
        key = budget.key(world.workspace_id, creator.user_id)
        assert budget.sync_calls == SYNC_CALLS
        live, waits = [], []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)
            if not live:  # the sync is at its share: a live read now takes the reserve
                url = f"/v1/accounts/{creator.user_id}/platform/users/me"
                live.append(await client.get(url, headers=world.auth()))
            await asyncio.sleep(seconds)

        budget.sleep = sleep
        peak = 0
        syncing = asyncio.create_task(
            sync_account(services.syncing, world.workspace_id, creator.user_id)
        )
        started = time.monotonic()
        while not syncing.done():  # sampling the count the whole time the sync runs
            peak = max(peak, await window_count(services, key))
            await asyncio.sleep(0.002)
        synced = syncing.result()
        took = time.monotonic() - started
        async with store.reading() as uow:
            fans = await uow.fans.list(world.workspace_id, creator.user_id, limit=1000)
            chats = await uow.synced.count_chats(world.workspace_id, creator.user_id)
    calls = fake_platform.state.calls_made(creator.user_id) - 1  # less the live read
    platform = fake_platform.state.creator(creator.user_id)
    # More than the whole budget: unpaced, the count would reach it.
    assert calls > BUDGET, calls
    assert waits and took > sum(waits), (waits, took)
    assert len(live) == 1 and live[0].status_code == 200, live[0].text
    assert peak <= SYNC_CALLS + 1, peak  # the syncer's share, plus the live read
    # Nothing was cut short: the account is synced, with every fan and chat.
    assert synced.status == "healthy" and synced.last_synced_at is not None
    assert sorted(f.id for f in fans) == sorted(platform.fans)
    assert chats == len([fid for fid, msgs in platform.chats.items() if msgs])


async def test_a_round_goes_on_with_other_accounts_while_one_sync_waits_for_its_budget(
    tmp_path, fake_platform, store, clock, monkeypatch
):
    """Two accounts due; the first in the round's order finds its count at the syncer's share
    and waits. The round syncs the second meanwhile (it did not before: one account after
    another, so this test's wait would never end)."""
    world = await build_world(store, clock)
    settings = attrs.evolve(
        budget_settings(tmp_path, fake_platform, 100),
        platform_budget_window=1.0,
        platform_timeout=15.0,
    )
    async with instance(settings, store, clock) as (_, services):
        ws = world.workspace_id
        creators = [
            await link_creator(services, fake_platform, ws, clock, email=email)
            for email in ("mia@creators.test", "luna@creators.test")
        ]
        waiting, other = sorted(creators, key=lambda c: c.user_id)  # the round's order
        budget = services.platforms.budget
        for _ in range(budget.sync_calls):
            await budget.spend(budget.key(ws, waiting.user_id))

        other_stored, store_synced = asyncio.Event(), syncer._store

        async def stored(services, account, *args):  # the sync's one write, then a signal
            written = await store_synced(services, account, *args)
            if account.id == other.user_id:
                other_stored.set()
            return written

        monkeypatch.setattr(syncer, "_store", stored)

        async def held(seconds: float) -> None:  # the first sync waits till the other is in
            async with asyncio.timeout(30):
                await other_stored.wait()
            await asyncio.sleep(seconds)

        budget.sleep = held
        clock.advance(minutes=5)
        tally = await sync_all(services.syncing)
        assert tally == {"synced": 2, "failed": 0, "skipped": 0}, tally
        async with store.reading() as uow:
            for creator in creators:
                fans = await uow.fans.list(ws, creator.user_id, limit=1000)
                assert sorted(f.id for f in fans) == sorted(creator.fans)


def test_sync_concurrency_is_at_least_one():
    assert Settings.from_env({"COUNTERSIGN_SYNC_CONCURRENCY": "2"}).sync_concurrency == 2
    with pytest.raises(SettingsError, match="SYNC_CONCURRENCY"):
        Settings.from_env({"COUNTERSIGN_SYNC_CONCURRENCY": "0"})
