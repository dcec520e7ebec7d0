"""The pull's rules hold in the revenue feature itself, whatever channel asks (both drivers):
where a page starts, who may read which account, and the high-water mark read with a page."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from service.errors.api_error import ApiError
from service.revenue.pull import DEFAULT_WINDOW, check_reader, read_page, since_of
from tests.factories import build_world
from tests.revenue.test_revenue_pull_api import observe, platform_row


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def refused(work) -> tuple[str, str | None]:
    with pytest.raises(ApiError) as raised:
        work()
    return raised.value.code, raised.value.param or raised.value.permission


def test_a_page_starts_at_since_a_day_back_or_at_the_cursor():
    now = dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
    assert since_of(None, False, now) == now - DEFAULT_WINDOW
    assert since_of("2026-11-01T00:00:00Z", False, now) == dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    assert since_of(None, True, now) is None
    assert refused(lambda: since_of("2026-11-01T00:00:00Z", True, now)) == (
        "invalid_parameter",
        "since",
    )
    assert refused(lambda: since_of("yesterday", False, now)) == ("invalid_parameter", "since")


async def test_who_reads_which_account(store, clock, world):
    operator = attrs.evolve(world.owner, kind="service_key", account_ids=None)
    limited = attrs.evolve(operator, account_ids=frozenset({world.live_account}))
    async with store.reading() as uow:
        await check_reader(uow, operator, None)
        await check_reader(uow, limited, world.live_account)
        with pytest.raises(ApiError) as unnamed:
            await check_reader(uow, limited, None)
        with pytest.raises(ApiError) as other_mode:
            await check_reader(uow, operator, world.sandbox_accounts[0])
    assert (unnamed.value.code, unnamed.value.param) == ("invalid_parameter", "account")
    assert (other_mode.value.code, other_mode.value.permission) == (
        "missing_permission",
        f"account:{world.sandbox_accounts[0]}",
    )


async def test_a_page_comes_with_the_high_water_mark(store, clock, world):
    await observe(store, clock, world, world.live_account, [platform_row("a"), platform_row("b")])
    async with store.reading() as uow:
        rows, high_water = await read_page(uow, world.owner, None, after_seq=0, since=None, limit=1)
        rest, _ = await read_page(
            uow, world.owner, None, after_seq=rows[0]["seq"], since=None, limit=5
        )
    assert len(rows) == 1 and [r["seq"] for r in rest] == [high_water]
