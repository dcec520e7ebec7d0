"""Stopping while clients wait, a real `serve` process and a real SIGTERM: an open
`GET /v1/actions/{id}?wait=60` and an MCP `wait_for_action` (the official client) are answered
at once with the action as it stands, and the process exits within seconds with no traceback,
although the stop grace is far longer. Both drivers."""

from __future__ import annotations

import asyncio
import signal
import time

import httpx
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.execution.test_clean_stop import free_port
from tests.factories import build_world
from tests.mcp.test_mcp_channel import mcp_http
from tests.operations.test_stopping import start, until_healthy

MESSAGE = {"fanId": "123456", "text": "Thanks for subscribing!"}
TOKEN = "metrics-token"


async def waiting_requests(http: httpx.AsyncClient, base: str) -> int:
    """The replica's own count of clients waiting (`countersign_waiting_requests`)."""
    scraped = await http.get(f"{base}/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    for line in scraped.text.splitlines():
        if line.startswith("countersign_waiting_requests "):
            return int(float(line.split()[1]))
    raise AssertionError(scraped.text)


async def test_sigterm_answers_open_waits_at_once_and_exits(
    database_url, store, clock, fake_platform
):
    world = await build_world(store, clock)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = await start(
        ["serve", "--port", port],
        {
            "COUNTERSIGN_DATABASE_URL": database_url,
            "COUNTERSIGN_SECRET_KEY": "test-secret",
            "COUNTERSIGN_PLATFORM_URL": fake_platform.base_url,
            "COUNTERSIGN_RUN_WORKERS": "false",
            "COUNTERSIGN_METRICS_TOKEN": TOKEN,
            "COUNTERSIGN_STOP_GRACE": "30",
        },
    )
    await until_healthy(server, base)
    async with (
        httpx.AsyncClient(timeout=90) as http,
        mcp_http({"authorization": f"Bearer {world.live_key}"}) as mcp_client,
        streamable_http_client(f"{base}/mcp/", http_client=mcp_client) as streams,
        ClientSession(streams[0], streams[1]) as session,
    ):
        await session.initialize()
        await session.list_tools()  # the client reads it to check results: not after the stop
        made = await http.post(
            f"{base}/v1/accounts/{world.live_account}/actions",
            headers={**world.auth(), "Idempotency-Key": "stop-1"},
            json={"type": "send_message", "params": MESSAGE},
        )
        assert made.status_code == 202, made.text
        action_id = made.json()["data"]["id"]
        rest_wait = asyncio.create_task(
            http.get(f"{base}/v1/actions/{action_id}?wait=60", headers=world.auth())
        )
        mcp_wait = asyncio.create_task(
            session.call_tool("wait_for_action", {"actionId": action_id, "timeoutSeconds": 60})
        )
        while await waiting_requests(http, base) < 2:
            assert not rest_wait.done() and not mcp_wait.done()
        began = time.monotonic()
        server.send_signal(signal.SIGTERM)
        answered = await asyncio.wait_for(rest_wait, 10)
        tool_result = await asyncio.wait_for(mcp_wait, 10)
        waits_took = time.monotonic() - began
        _, stderr = await asyncio.wait_for(server.communicate(), 20)
        took = time.monotonic() - began
    log = stderr.decode()[-3000:]
    assert answered.status_code == 200, answered.text
    assert answered.headers["content-type"].startswith("application/json")
    assert answered.json()["data"]["status"] == "pending"
    assert not tool_result.is_error, tool_result.content
    assert tool_result.structured_content["data"]["status"] == "pending"
    assert waits_took < 5, f"the waits were answered {waits_took:.1f} s after SIGTERM"
    assert took < 10, f"the process took {took:.1f} s to exit"
    assert server.returncode in (0, -signal.SIGTERM), log
    assert "Traceback" not in log and "graceful shutdown exceeded" not in log, log
    assert "ERROR" not in log, log  # "ASGI callable returned without completing response"
    assert "Application shutdown complete" in log
