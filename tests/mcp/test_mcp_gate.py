"""/mcp's door: 401 with WWW-Authenticate to any request without a valid key, before
an MCP session exists; sessions bounded per key and answering only the key that opened them."""

from __future__ import annotations

import httpx
import pytest

from service.mcp.gate import MCP_SESSIONS_PER_KEY
from tests.factories import build_world
from tests.mcp.test_mcp_channel import connect, served_mcp

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"},
    },
}
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


@pytest.fixture
def mcp_url(database_url, world, clock):
    with served_mcp(database_url, clock, "mcp-gate") as url:
        yield url


@pytest.mark.parametrize(
    "headers, code",
    [
        ({}, "missing_api_key"),
        ({"x-api-key": ""}, "missing_api_key"),
        ({"Authorization": "Bearer sk_live_bogus"}, "invalid_api_key"),
    ],
)
async def test_no_valid_key_is_401_with_a_challenge_and_no_session(mcp_url, headers, code):
    async with httpx.AsyncClient() as http:
        for method, body in (("POST", INITIALIZE), ("GET", None), ("DELETE", None)):
            response = await http.request(method, mcp_url, json=body, headers={**ACCEPT, **headers})
            assert response.status_code == 401, (method, response.text)
            assert response.headers["www-authenticate"].startswith("Bearer")
            error = response.json()["error"]  # a JSON-RPC error, our error object in `data`
            assert error["data"]["code"] == code and error["code"] == -32001
            assert error["message"].startswith(f"{code}: ")
            assert "mcp-session-id" not in response.headers


async def test_sessions_are_bounded_per_key_and_bound_to_it(mcp_url, world):
    async with httpx.AsyncClient() as http:
        opened = []
        for _ in range(MCP_SESSIONS_PER_KEY):
            response = await http.post(mcp_url, json=INITIALIZE, headers={**ACCEPT, **world.auth()})
            assert response.status_code == 200, response.text
            opened.append(response.headers["mcp-session-id"])
        refused = await http.post(mcp_url, json=INITIALIZE, headers={**ACCEPT, **world.auth()})
        assert refused.status_code == 429
        assert refused.json()["error"]["data"]["code"] == "rate_limited"
        assert "mcp-session-id" not in refused.headers
        # Another key is not held back by this one's sessions, and cannot use them.
        other = await http.post(
            mcp_url, json=INITIALIZE, headers={**ACCEPT, **world.auth(world.test_key)}
        )
        assert other.status_code == 200
        borrowed = await http.delete(
            mcp_url,
            headers={**ACCEPT, **world.auth(world.test_key), "mcp-session-id": opened[0]},
        )
        assert borrowed.status_code == 404
        # Ending one session makes room for a new one.
        ended = await http.delete(
            mcp_url, headers={**ACCEPT, **world.auth(), "mcp-session-id": opened[0]}
        )
        assert ended.status_code in (200, 204)
        again = await http.post(mcp_url, json=INITIALIZE, headers={**ACCEPT, **world.auth()})
        assert again.status_code == 200
    async with connect(mcp_url, world.test_key) as session:  # the real client still works
        assert (await session.list_tools()).tools
