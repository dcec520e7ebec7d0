"""Bounded MCP tools, through the real MCP client over real HTTP on both databases: every
string argument advertises its maximum and is refused over it before any work, answers never
repeat unbounded input, and a search query of megabytes never reaches the catalogue."""

from __future__ import annotations

import asyncio
import json

import httpx

from service.mcp.bounds import SEARCH_MAX, STRING_MAX
from tests.mcp.test_mcp_channel import call, connect
from tests.mcp.test_mcp_platform import served  # noqa: F401 - the fixture
from tests.served import raw_request
from tests.test_openapi_request_bounds import unbounded_tool_schema


def _strings(schema: dict) -> dict[str, dict]:
    return {
        name: prop
        for name, prop in schema.get("properties", {}).items()
        if prop.get("type") == "string"
    }


async def test_every_string_argument_has_a_maximum(served):  # noqa: F811
    url, world, _ = served
    async with connect(url, world.live_key) as session:
        tools = (await session.list_tools()).tools
    strings = {(t.name, n): p for t in tools for n, p in _strings(t.input_schema).items()}
    assert strings and all("maxLength" in p for p in strings.values()), strings
    assert strings["search_api", "query"]["maxLength"] == SEARCH_MAX
    assert strings["describe_endpoint", "route"]["maxLength"] == SEARCH_MAX
    assert strings["get_action", "actionId"]["maxLength"] == STRING_MAX
    unbounded = [p for t in tools for p in unbounded_tool_schema(t.input_schema, t.name)]
    assert unbounded == []  # every array (create_action's params too) has its maxItems


async def test_arguments_over_their_maximum_are_refused_without_echo(served):  # noqa: F811
    url, world, creator = served
    long_query = "vault media " * 20  # 240 characters
    async with connect(url, world.live_key) as session:
        failed, fine = await call(session, "search_api", query=long_query[:SEARCH_MAX])
        assert not failed and fine["data"]["results"]
        refused = {
            "search_api": await call(session, "search_api", query=long_query),
            "describe_endpoint": await call(session, "describe_endpoint", route=long_query),
            "call_platform": await call(
                session, "call_platform", accountId=creator.user_id, route=long_query
            ),
            "get_action": await call(session, "get_action", actionId="a" * (STRING_MAX + 1)),
            "create_action with 10^5 media": await call(
                session,
                "create_action",
                accountId=creator.user_id,
                type="send_message",
                params={"fanId": "1", "text": "hi", "mediaIds": ["1"] * 100_000},
                idempotencyKey="mcp-oversized",
            ),
            "create_action with 51 media": await call(
                session,
                "create_action",
                accountId=creator.user_id,
                type="send_message",
                params={"fanId": "1", "text": "hi", "mediaIds": ["aaaa"] * 51},
                idempotencyKey="mcp-51",
            ),
            "call_platform pathParams": await call(
                session,
                "call_platform",
                accountId=creator.user_id,
                route="GET /chats/:id/messages",
                pathParams={"id": "7" * (STRING_MAX + 1)},
            ),
        }
    for name, (failed, body) in refused.items():
        assert failed, name
        assert body["error"]["code"] == "invalid_parameter", (name, body)
        assert "vault media vault" not in json.dumps(body) and "aaaa" not in json.dumps(body)


async def test_a_megabyte_query_is_refused_and_the_service_keeps_answering(served):  # noqa: F811
    """The attack that froze the service: a 4 MB search query, sent in parallel. Each is
    refused before the catalogue sees it, and /healthz answers meanwhile."""
    url, world, _ = served
    call_body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "search_api", "arguments": {"query": "media " * 700_000}},
        }
    ).encode()
    host = url.removeprefix("http://").split("/", 1)[0]
    head = (
        f"POST /mcp/ HTTP/1.1\r\nHost: {host}\r\n"
        f"Authorization: Bearer {world.live_key}\r\n"
        "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(call_body)}\r\n\r\n"
    )
    base = url.removesuffix("/mcp/")
    pieces = [call_body[i : i + 65536] for i in range(0, len(call_body), 65536)]
    async with httpx.AsyncClient(timeout=30) as http:
        *refused, health = await asyncio.gather(
            *(raw_request(base, head, pieces) for _ in range(4)),
            http.get(f"{base}/healthz"),
        )
    assert health.json()["database"] == "ok"  # answered (503 only because no worker runs here)
    for answer in refused:
        assert answer.status == 413 and answer.closed
        error = json.loads(answer.body)["error"]  # MCP's form: a JSON-RPC error, ours in data
        assert error["data"]["code"] == "body_too_large", error
        assert len(answer.body) < 2000  # the query is never repeated
