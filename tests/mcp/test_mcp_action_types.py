"""`GET /v1/action-types` is the registry, and every channel agrees with it: it covers every
write route of the catalogue; MCP's create_action offers exactly its types; describe_endpoint
and search_api name the type performing each write; and the live platform route's 405 names
the same type."""

from __future__ import annotations

import httpx

from service.platform.routes import TABLE
from tests.mcp.test_mcp_channel import call, connect
from tests.mcp.test_mcp_platform import served  # noqa: F401 (a fixture)

WRITES = [r for r in TABLE if r.is_write]


async def test_every_channel_names_the_type_the_action_types_endpoint_names(served):  # noqa: F811
    url, world, creator = served
    base = url.removesuffix("/mcp/")
    auth = {"Authorization": f"Bearer {world.live_key}"}
    async with httpx.AsyncClient(base_url=base, headers=auth) as client:
        listed = (await client.get("/v1/action-types")).json()
        performer = {route: t["type"] for t in listed["data"] for route in t["routes"]}
        assert set(performer) == {r.name for r in WRITES}
        assert listed["hasMore"] is False and listed["meta"]["source"] == "service"
        for route in WRITES:
            path = route.template.replace(":id", "1").replace(":userId", "2")
            refused = await client.request(
                route.method, f"/v1/accounts/{creator.user_id}/platform{path}", json={}
            )
            assert refused.status_code == 405, refused.text
            assert f"`{performer[route.name]}`" in refused.json()["error"]["hint"], route.name
        read_only = await client.get("/v1/action-types", headers={"Authorization": ""})
        assert read_only.status_code == 401

    names = [t["type"] for t in listed["data"]]
    async with connect(url, world.live_key) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert tools["create_action"].input_schema["properties"]["type"]["enum"] == names
        for route in WRITES:
            failed, described = await call(session, "describe_endpoint", route=route.name)
            assert not failed, described
            data = described["data"]
            assert data["available"] is True and data["actionType"] == performer[route.name]
            assert data["example"]["arguments"]["type"] == performer[route.name]
        failed, found = await call(session, "search_api", query="mark as read")
        assert not failed, found
        hit = next(
            r for r in found["data"]["results"] if r.get("route") == "POST /chats/:id/mark-as-read"
        )
        assert "`mark_chat_read`" in hit["howToCall"]
        failed, made = await call(
            session,
            "create_action",
            accountId=creator.user_id,
            type="mark_notifications_read",
            params={},
            idempotencyKey="mcp-notes",
        )
        assert not failed and made["data"]["type"] == "mark_notifications_read", made
