"""Each account's budget of platform calls, shared by live reads, call_platform and the syncer,
and by every replica through real Redis; over it live reads are `429 rate_limited` (synced data
keeps answering) and sync rounds defer the account; a sync whose pacing (test_sync_pacing.py)
would outrun its lease is counted, not stopped. Real HTTP to the fake platform, both drivers."""

from __future__ import annotations

import contextlib
import logging

import httpx

from service.app import create_app, outgoing_http
from service.http.ratelimit import close_storage
from service.settings import Settings
from service.synced.syncer import sync_account, sync_all
from tests.conftest import redis_url
from tests.factories import TIGHT_WINDOW, build_world
from tests.platform_world import link_creator


def budget_settings(tmp_path, platform, calls: int, **overrides) -> Settings:
    return Settings(
        database_url=f"sqlite:///{tmp_path}/unused.db",
        secret_key="test-secret",
        public_url="http://countersign.test",
        validate_responses=True,
        run_workers=False,
        development=True,
        password_hashing="cheapest",
        platform_url=platform.base_url,
        platform_timeout=2.0,
        platform_budget=calls,
        platform_budget_window=TIGHT_WINDOW,
        **overrides,
    )


@contextlib.asynccontextmanager
async def instance(settings, store, clock):
    """One instance of the service (a replica) with its outgoing HTTP client open."""
    app = create_app(settings, store=store, clock=clock)
    services = app.state.services
    transport = httpx.ASGITransport(app=app)
    async with (
        outgoing_http(services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as client,
    ):
        yield client, services
    await close_storage(services.limits)


def assert_over_budget(response) -> None:
    assert response.status_code == 429, response.text
    error = response.json()["error"]
    assert error["code"] == "rate_limited"
    assert "synced data" in error["hint"]
    assert 1 <= int(response.headers["retry-after"]) <= TIGHT_WINDOW


async def test_two_replicas_share_one_platform_budget_in_redis(
    tmp_path, fake_platform, store, clock, redis_prefix
):
    world = await build_world(store, clock)
    settings = budget_settings(
        tmp_path, fake_platform, 3, limits_storage=redis_url(), limits_prefix=redis_prefix
    )
    async with (
        instance(settings, store, clock) as (one, services),
        instance(settings, store, clock) as (two, _),
    ):
        creator = await link_creator(services, fake_platform, world.workspace_id, clock)
        base = f"/v1/accounts/{creator.user_id}"
        me = await one.get(f"{base}/platform/users/me", headers=world.auth())
        fresh = await two.get(f"{base}?fresh=true", headers=world.auth())  # two calls
        assert (me.status_code, fresh.status_code) == (200, 200)
        assert_over_budget(await one.get(f"{base}/platform/chats", headers=world.auth()))
        assert_over_budget(await two.get(f"{base}/fans?fresh=true", headers=world.auth()))
        synced = await two.get(base, headers=world.auth())
        assert synced.status_code == 200 and synced.json()["meta"]["source"] == "synced"
        # Another account's budget is its own (a sandbox creator, through the sandbox).
        sandbox = world.sandbox_accounts[0]
        other = await one.get(
            f"/v1/accounts/{sandbox}/platform/users/me", headers=world.auth(world.test_key)
        )
        assert other.status_code == 200


async def test_the_syncer_is_counted_never_stopped_and_defers_a_spent_account(
    tmp_path, fake_platform, store, clock, caplog
):
    world = await build_world(store, clock)
    settings = budget_settings(tmp_path, fake_platform, 4)
    async with instance(settings, store, clock) as (client, services):
        creator = await link_creator(services, fake_platform, world.workspace_id, clock)
        before = clock.now()
        clock.advance(seconds=1)
        with caplog.at_level(logging.WARNING, "countersign.platform.budget"):
            synced = await sync_account(services.syncing, world.workspace_id, creator.user_id)
        # A sync needs far more than 4 reads; it ran to the end all the same. At its share
        # (3) the window (a day) frees no room within its lease, so it stopped pacing at once.
        assert synced.status == "healthy" and synced.last_synced_at > before
        assert fake_platform.state.calls_made(creator.user_id) > 4
        assert any("stopped pacing" in r.getMessage() for r in caplog.records)
        url = f"/v1/accounts/{creator.user_id}/platform/users/me"
        assert_over_budget(await client.get(url, headers=world.auth()))
        tally = await sync_all(services.syncing)
    assert tally["deferred"] == 1 and tally["synced"] == 0, tally
    async with store.reading() as uow:
        account = await uow.accounts.get(world.workspace_id, creator.user_id)
    assert account.last_synced_at == synced.last_synced_at


async def test_a_fresh_budget_syncs_and_reads(tmp_path, fake_platform, store, clock):
    world = await build_world(store, clock)
    settings = budget_settings(tmp_path, fake_platform, 1000)
    async with instance(settings, store, clock) as (client, services):
        creator = await link_creator(services, fake_platform, world.workspace_id, clock)
        tally = await sync_all(services.syncing)
        response = await client.get(
            f"/v1/accounts/{creator.user_id}/platform/users/me", headers=world.auth()
        )
    assert "deferred" not in tally, tally
    assert response.status_code == 200


async def test_test_mode_spends_the_budget_like_live(tmp_path, fake_platform, store, clock):
    world = await build_world(store, clock)
    settings = budget_settings(tmp_path, fake_platform, 2)
    async with instance(settings, store, clock) as (client, _):
        sandbox = world.sandbox_accounts[0]
        url = f"/v1/accounts/{sandbox}/platform/lists"
        statuses = [
            (await client.get(url, headers=world.auth(world.test_key))).status_code
            for _ in range(2)
        ]
        assert statuses == [200, 200]
        assert_over_budget(await client.get(url, headers=world.auth(world.test_key)))
