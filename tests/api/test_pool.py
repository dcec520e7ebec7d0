"""One connection per request, and an exhausted pool answers fast instead of hanging."""

from __future__ import annotations

import asyncio
import datetime as dt

import httpx
import pytest

from service.app import create_app
from service.domain.clock import isoformat
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


async def test_a_creation_holds_one_connection_at_a_time(database_url, settings, clock):
    """A creation reads in the unit its key was read in, then writes in the next one: with a
    pool of one connection, every way through it (new, retried, a scheduled retry after its
    `runAt` passed) answers instead of waiting for a second connection."""
    tiny = SqlStore.from_url(database_url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    message = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hi there</p>"}}
    try:
        world = await build_world(tiny, clock)
        app = create_app(settings, store=tiny, clock=clock)
        path = f"/v1/accounts/{world.live_account}/actions"
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:

            async def post(body: dict, key: str) -> httpx.Response:
                headers = {**world.auth(), "Idempotency-Key": key}
                return await client.post(path, json=body, headers=headers)

            new = await post(message, "one")
            retried = await post(message, "one")
            run_at = isoformat(clock.now() + dt.timedelta(hours=1))
            scheduled = await post({**message, "runAt": run_at}, "later")
            clock.advance(hours=2)
            scheduled_again = await post({**message, "runAt": run_at}, "later")
            refused = await post({**message, "runAt": run_at}, "too-late")
    finally:
        await tiny.close()
    assert (new.status_code, retried.status_code) == (202, 202), (new.text, retried.text)
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert retried.json()["data"]["id"] == new.json()["data"]["id"]
    assert scheduled.status_code == 202 and scheduled_again.status_code == 202
    assert scheduled_again.json()["data"]["id"] == scheduled.json()["data"]["id"]
    assert (refused.status_code, refused.json()["error"]["param"]) == (400, "runAt")
