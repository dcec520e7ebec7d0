"""One connection per request, and an exhausted pool answers fast instead of hanging."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from service.app import create_app
from service.domain.principal import Principal
from service.keys.usecases import create_key
from storage.sql.store import SqlStore
from tests.factories import build_world


async def test_64_concurrent_requests_with_a_never_used_key_all_answer(client, app, store, clock):
    world = await build_world(store, clock)
    key, secret = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="fresh",
        scopes=["read"],
        mode="live",
    )
    assert key.last_used_at is None
    responses = await asyncio.gather(
        *[
            client.get(f"/v1/accounts/{world.live_account}", headers=world.auth(secret))
            for _ in range(64)
        ]
    )
    assert [r.status_code for r in responses] == [200] * 64
    # The use is recorded after the requests, in one write.
    await app.state.services.key_touches.flush()
    async with store.reading() as uow:
        touched = await uow.keys.get(world.workspace_id, key.id)
    assert touched.last_used_at == clock.now()


async def test_an_exhausted_pool_answers_503_with_retry_after(database_url, settings, clock):
    tiny = SqlStore.from_url(database_url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    try:
        world = await build_world(tiny, clock)
        app = create_app(settings, store=tiny, clock=clock)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            async with tiny.reading():  # the only connection is taken
                held = await client.get("/v1/accounts", headers=world.auth())
            after = await client.get("/v1/accounts", headers=world.auth())
    finally:
        await tiny.close()
    assert held.status_code == 503
    body = held.json()
    assert body["error"]["code"] == "internal_error"
    assert int(held.headers["Retry-After"]) >= 1
    assert after.status_code == 200


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_cli_style_lookup_without_a_reader_still_touches(store, clock):
    from service.http.auth import principal_for_key

    world = await build_world(store, clock)
    principal = await principal_for_key(store, clock, world.read_key)
    async with store.reading() as uow:
        key = await uow.keys.get(world.workspace_id, principal.key_id)
    assert key.last_used_at == clock.now()


async def test_a_dashboard_address_that_is_no_page_answers_while_the_pool_is_exhausted(
    database_url, settings, clock
):
    """Telling a person the page does not exist looks their session up (for the menu); with no
    connection to be had it still answers, as the page without the menu, never a 500."""
    tiny = SqlStore.from_url(database_url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    try:
        await build_world(tiny, clock)
        app = create_app(settings, store=tiny, clock=clock)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            client.cookies.set("cs_session", "a-session-the-lookup-cannot-check")
            async with tiny.reading():  # the only connection is taken
                page = await client.get("/dashboard/login")
    finally:
        await tiny.close()
    assert page.status_code == 404 and 'data-error-code="route_not_found"' in page.text
    assert '<nav aria-label="Main">' not in page.text
