"""Fans and revenue rows cost what changed: the fake platform counts every call a sync makes,
and the stored rows prove what each pass found (both drivers)."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest

from harness.platform.models import Fan as PlatformFan
from service.app import create_app, outgoing_http
from service.synced.syncer import sync_account
from tests.factories import build_world
from tests.platform_world import Linked, link_creator
from tests.synced.conftest import synced_settings

FANS = "GET /subscriptions/subscribers"
REVENUE = "GET /payouts/transactions"
GROWN = 450  # fans added to the seeded ~40: several pages of 100 in each list
TOKEN = "metrics-token"


def grow(linked: Linked, fans: int = GROWN, transactions: int = 350) -> list[str]:
    """More fans (newest subscription first: fan 0 is the newest, a quarter expired) and
    revenue rows, spread over the past; returns the new fans' ids, newest first."""
    state = linked.platform.state
    ids = []
    with state.lock:
        creator = state.creator(linked.creator_id)
        now = state.now()
        for n in range(fans):
            fan_id = str(91_000_000 + n)
            creator.fans[fan_id] = PlatformFan(
                id=fan_id,
                username=f"grown{n}",
                name=f"Grown {n}",
                avatar="",
                subscribed_at=now - dt.timedelta(days=1, minutes=n),
                expired_at=now - dt.timedelta(hours=1) if n % 4 == 3 else None,
                price_cents=999,
            )
            ids.append(fan_id)
    for n in range(transactions):
        occurred = state.now() - dt.timedelta(days=50, minutes=n)
        state.add_transaction(linked.creator_id, {"occurredAt": occurred.isoformat()})
    return ids


def add_fan(linked: Linked, fan_id: str) -> None:
    state = linked.platform.state
    with state.lock:
        state.creator(linked.creator_id).fans[fan_id] = PlatformFan(
            id=fan_id,
            username="brand.new",
            name="Brand New",
            avatar="",
            subscribed_at=state.now(),
            expired_at=None,
            price_cents=999,
        )


async def sync(linked: Linked, **advance: float) -> dict[str, int]:
    state = linked.platform.state
    state.calls.clear()
    linked.services.clock.advance(**({"seconds": 1} | advance))
    account = await sync_account(
        linked.services.syncing, linked.world.workspace_id, linked.creator_id
    )
    assert account is not None and account.status == "healthy"
    return state.calls_by_route(linked.creator_id)


async def stored_fan(linked: Linked, fan_id: str):
    async with linked.services.store.reading() as uow:
        return await uow.fans.get(linked.world.workspace_id, linked.creator_id, fan_id)


async def stored_fan_count(linked: Linked) -> int:
    async with linked.services.store.reading() as uow:
        fans = await uow.fans.list(linked.world.workspace_id, linked.creator_id, limit=10_000)
    return len(fans)


async def continuing(linked: Linked) -> float:
    response = await linked.client.get("/metrics", headers={"authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200, response.text
    for line in response.text.splitlines():
        if line.startswith("countersign_sync_lists_continuing "):
            return float(line.split()[1])
    raise AssertionError("countersign_sync_lists_continuing is missing from /metrics")


async def linked_with(store, clock, fake_platform, tmp_path, **overrides):
    settings = synced_settings(fake_platform.base_url, tmp_path, metrics_token=TOKEN, **overrides)
    app = create_app(settings, store=store, clock=clock)
    services = app.state.services
    world = await build_world(store, clock)
    creator = await link_creator(services, fake_platform, world.workspace_id, clock)
    transport = httpx.ASGITransport(app=app)
    return app, services, world, creator, transport


@pytest.fixture
async def big(store, clock, fake_platform, tmp_path):
    app, services, world, creator, transport = await linked_with(
        store, clock, fake_platform, tmp_path
    )
    async with (
        outgoing_http(services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c,
    ):
        linked = Linked(app, c, services, fake_platform, world, creator.user_id)
        grow(linked)
        yield linked


@pytest.fixture
async def capped(store, clock, fake_platform, tmp_path):
    app, services, world, creator, transport = await linked_with(
        store, clock, fake_platform, tmp_path, sync_max_pages=2
    )
    async with (
        outgoing_http(services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c,
    ):
        linked = Linked(app, c, services, fake_platform, world, creator.user_id)
        grow(linked)
        yield linked


async def test_an_unchanged_sync_reads_no_fans_and_one_page_of_revenue(big):
    first = await sync(big)
    assert first[FANS] >= 5 and first[REVENUE] >= 4  # every page of both, once
    assert await stored_fan_count(big) == len(big.platform.state.creator(big.creator_id).fans)
    second = await sync(big)
    assert FANS not in second  # counts and list sizes unchanged: the fans are not paged
    assert second[REVENUE] == 1  # the top page holds nothing new: nothing older can be
    assert sum(second.values()) * 5 <= sum(first.values())


async def test_one_new_fan_costs_a_page_of_each_fan_list(big):
    await sync(big)
    unchanged = sum((await sync(big)).values())
    add_fan(big, "92000001")
    calls = await sync(big)
    assert calls[FANS] == 2  # the top page of the active fans (it holds the new fan and
    # already-held ones, so paging stops) and of the expired fans
    assert sum(calls.values()) - unchanged <= 3
    fan = await stored_fan(big, "92000001")
    assert fan is not None and fan.subscription_status == "active"


async def test_a_full_reconciliation_finds_an_expiry_deep_in_the_list(big):
    deep = str(
        91_000_000 + GROWN - 2
    )  # among the oldest subscriptions: the last page of the active fans
    await sync(big)
    assert (await stored_fan(big, deep)).subscription_status == "active"
    state = big.platform.state
    with state.lock:
        state.creator(big.creator_id).fans[deep].expired_at = state.now()
    quick = await sync(big)
    # The counts changed, so the quick pass reads the top of each fan list, finds nothing
    # new there and stops: the expiry is deep in the expired list, and waits.
    assert quick[FANS] == 2
    assert (await stored_fan(big, deep)).subscription_status == "active"
    full = await sync(big, seconds=big.services.settings.sync_full_interval)
    assert full[FANS] >= 5
    assert (await stored_fan(big, deep)).subscription_status == "expired"


async def test_a_list_longer_than_the_page_cap_continues_next_round_and_is_counted(capped):
    everyone = len(capped.platform.state.creator(capped.creator_id).fans)
    first = await sync(capped)
    # Two pages of each list at most: the active fans (more than 300) and the revenue rows
    # (more than 350) stop at the cap and go on next round.
    assert first[REVENUE] == 2
    assert await stored_fan_count(capped) < everyone
    assert await continuing(capped) == 2
    rounds = 1
    while await continuing(capped):
        calls = await sync(capped)
        assert calls.get(FANS, 0) <= 4 and calls[REVENUE] <= 2
        rounds += 1
        assert rounds < 5
    assert rounds >= 2
    assert await stored_fan_count(capped) == everyone
    platform_ids = list(capped.platform.state.creator(capped.creator_id).transactions)
    async with capped.services.store.reading() as uow:
        held = await uow.transactions.latest_fingerprints(
            capped.world.workspace_id, capped.creator_id, platform_ids
        )
    assert len(held) == len(platform_ids)


async def test_a_fan_the_platform_stops_listing_is_removed_by_the_reconciliation(big):
    await sync(big)
    gone = str(91_000_000 + 200)
    state = big.platform.state
    with state.lock:
        del state.creator(big.creator_id).fans[gone]
    await sync(big)  # the counts moved: a quick pass, which cannot tell
    assert await stored_fan(big, gone) is not None
    await sync(big, seconds=big.services.settings.sync_full_interval)
    assert await stored_fan(big, gone) is None
    assert await stored_fan_count(big) == len(state.creator(big.creator_id).fans)
