"""MCP tool calls spend the same per-key budget as REST, across replicas: REST on one instance
uses it up, and a tool call on another instance answers `rate_limited` with the wait."""

from __future__ import annotations

import attrs

from harness.threaded import serve_in_thread
from service.app import create_app
from tests.factories import TIGHT_WINDOW, build_world
from tests.limits.conftest import replica
from tests.mcp.test_mcp_channel import call, connect


async def test_tool_calls_and_rest_share_one_budget(shared_settings, database_url, store, clock):
    world = await build_world(store, clock)
    settings = attrs.evolve(
        shared_settings,
        database_url=database_url,
        rate_limit=3,
        rate_window=TIGHT_WINDOW,
        validate_responses=True,
    )
    mcp_app = create_app(settings, clock=clock)
    with serve_in_thread(mcp_app, name="mcp-replica", lifespan="on") as base_url:
        async with connect(f"{base_url}/mcp/", world.live_key) as session:
            failed, _ = await call(session, "list_accounts")
            assert not failed
            async with replica(settings, store, clock) as rest:
                statuses = [
                    (await rest.get("/v1/accounts", headers=world.auth())).status_code
                    for _ in range(3)
                ]
            failed, body = await call(session, "list_accounts")
    assert statuses == [200, 200, 429]
    assert failed and body["error"]["code"] == "rate_limited"
    assert body["error"]["hint"].startswith("Retry after ")
