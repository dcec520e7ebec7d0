"""Limits shared by every replica: two app instances on one Redis spend one budget, for the API
rate limit and for the dashboard's sign-in throttle."""

from __future__ import annotations

import attrs
import pytest
import redis

from tests.conftest import redis_url
from tests.dashboard.dashboard_helpers import OWNER_EMAIL, OWNER_PASSWORD
from tests.factories import TIGHT_WINDOW, build_world
from tests.limits.conftest import replica


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def sign_in(client, password: str, forwarded_for: str | None = None):
    headers = {"x-forwarded-for": forwarded_for} if forwarded_for else {}
    return await client.post(
        "/dashboard/sign-in", headers=headers, data={"email": OWNER_EMAIL, "password": password}
    )


async def test_two_replicas_share_one_api_budget(shared_settings, store, clock, world):
    settings = attrs.evolve(shared_settings, rate_limit=3, rate_window=TIGHT_WINDOW)
    async with replica(settings, store, clock) as one, replica(settings, store, clock) as two:
        spent = [
            (await client.get("/v1/accounts", headers=world.auth())).status_code
            for client in (one, two, one)
        ]
        over = [await client.get("/v1/accounts", headers=world.auth()) for client in (two, one)]
        other_key = await two.get("/v1/accounts", headers=world.auth(world.test_key))
    assert spent == [200, 200, 200]
    for response in over:
        assert response.status_code == 429
        assert response.json()["error"]["code"] == "rate_limited"
        assert 1 <= int(response.headers["retry-after"]) <= TIGHT_WINDOW
    assert other_key.status_code == 200


async def test_counters_expire_with_their_window(
    shared_settings, redis_prefix, store, clock, world
):
    settings = attrs.evolve(shared_settings, rate_limit=3, rate_window=60)
    async with replica(settings, store, clock) as one:
        await one.get("/v1/accounts", headers=world.auth())
        await sign_in(one, "wrong")
    client = redis.Redis.from_url(redis_url())
    keys = list(client.scan_iter(f"{redis_prefix}*"))
    ttls = [client.ttl(key) for key in keys]
    client.close()
    assert len(keys) == 3  # the key's budget, the email-and-address's, the address's
    # A window's counter lives one more window: it is the weighted "previous" count until then.
    assert all(0 < ttl <= 2 * 15 * 60 for ttl in ttls)


async def test_two_replicas_share_one_sign_in_throttle(shared_settings, store, clock, world):
    async with (
        replica(shared_settings, store, clock) as one,
        replica(shared_settings, store, clock) as two,
    ):
        wrong = [
            (await sign_in(client, "nope")).status_code for client in (one, two, one, two, one)
        ]
        limited = await sign_in(two, OWNER_PASSWORD)
    assert wrong == [401] * 5
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
    assert 'data-error-code="rate_limited"' in limited.text


async def test_only_failures_count_and_a_success_clears_them(shared_settings, store, clock, world):
    async with (
        replica(shared_settings, store, clock) as one,
        replica(shared_settings, store, clock) as two,
    ):
        successes = [
            (await sign_in(client, OWNER_PASSWORD)).status_code for client in (one, two) * 4
        ]
        before = [(await sign_in(one, "nope")).status_code for _ in range(4)]
        cleared = await sign_in(two, OWNER_PASSWORD)
        after = [(await sign_in(one, "nope")).status_code for _ in range(5)]
        limited = await sign_in(two, "nope")
    assert successes == [303] * 8
    assert before == [401] * 4 and cleared.status_code == 303
    assert after == [401] * 5 and limited.status_code == 429


async def test_forwarded_for_is_ignored_from_peers_not_listed(shared_settings, store, clock, world):
    async with replica(shared_settings, store, clock) as client:
        wrong = [(await sign_in(client, "nope", f"203.0.113.{n}")).status_code for n in range(5)]
        rotated = await sign_in(client, "nope", "203.0.113.99")
    assert wrong == [401] * 5 and rotated.status_code == 429


async def test_forwarded_for_is_read_from_listed_proxies(shared_settings, store, clock, world):
    # httpx's ASGI transport connects from 127.0.0.1.
    settings = attrs.evolve(shared_settings, forwarded_allow_ips=("127.0.0.0/8",))
    async with replica(settings, store, clock) as client:
        first = [(await sign_in(client, "nope", "203.0.113.1")).status_code for _ in range(6)]
        second = await sign_in(client, "nope", "198.51.100.7, 127.0.0.1")
    assert first == [401] * 5 + [429]
    assert second.status_code == 401
