"""The webhooks page follows the dashboard's test-mode switch: it lists and makes endpoints of
the mode shown, so test endpoints are managed in test mode and live ones in live mode."""

from __future__ import annotations

import pytest

from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def switch(client, mode: str) -> None:
    csrf = await csrf_of(client, "/dashboard/webhooks")
    moved = await client.post(
        "/dashboard/mode", data={"csrf_token": csrf, "mode": mode, "next": "/dashboard/webhooks"}
    )
    assert moved.status_code == 303


async def test_test_mode_shows_and_makes_test_endpoints(client, world, store):
    await sign_in(client)
    await switch(client, "test")
    csrf = await csrf_of(client, "/dashboard/webhooks")
    added = await client.post(
        "/dashboard/webhooks/endpoints",
        data={"csrf_token": csrf, "url": "http://127.0.0.1:9/test-events"},
    )
    assert added.status_code == 303
    page = (await client.get("/dashboard/webhooks")).text
    assert "test-events" in page and 'id="webhooks-mode"' in page
    async with store.reading() as uow:
        [endpoint] = await uow.webhooks.list(world.workspace_id)
    assert endpoint.mode == "test"

    await switch(client, "live")
    live_page = (await client.get("/dashboard/webhooks")).text
    assert "test-events" not in live_page and 'id="webhooks-mode"' not in live_page
    csrf = await csrf_of(client, "/dashboard/webhooks")
    hidden = await client.post(
        f"/dashboard/webhooks/endpoints/{endpoint.id}/remove",
        data={"csrf_token": csrf},
        headers={"accept": "application/json"},
    )
    assert hidden.status_code == 404, "live mode cannot change a test endpoint"
