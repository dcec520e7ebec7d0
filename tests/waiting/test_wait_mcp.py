"""The MCP tool `wait_for_action` through the real MCP client over real HTTP, and the agent
example of docs/waiting.md run as it is written. Both drivers."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sys
from pathlib import Path

import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from harness.threaded import serve_in_thread
from service.actions.decisions import decide_action
from service.app import create_app
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.factories import build_world
from tests.mcp.test_mcp_channel import mcp_http

DOC = Path(__file__).parents[2] / "docs" / "waiting.md"
MESSAGE = {"fanId": "123456", "text": "Thanks for subscribing!"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


@pytest.fixture
def mcp_url(database_url, world, clock):
    settings = Settings(
        database_url=database_url,
        secret_key="test-secret",
        public_url="http://countersign.test",
        run_workers=False,
        validate_responses=True,
    )
    app = create_app(settings, clock=clock)
    with serve_in_thread(app, name="mcp-wait", lifespan="on") as base:
        yield f"{base}/mcp/"


@contextlib.asynccontextmanager
async def connect(url: str, key: str):
    async with (
        mcp_http({"authorization": f"Bearer {key}"}) as http,
        streamable_http_client(url, http_client=http) as streams,
        ClientSession(streams[0], streams[1]) as session,
    ):
        await session.initialize()
        yield session


async def create(session: ClientSession, account: str, key: str) -> dict:
    made = await session.call_tool(
        "create_action",
        {"accountId": account, "type": "send_message", "params": MESSAGE, "idempotencyKey": key},
    )
    assert not made.is_error, made.content
    return made.structured_content["data"]


async def approve(database_url: str, world, clock, action_id: str) -> None:
    """A person approves in another replica: its own store, not the server's."""
    store = SqlStore.from_url(database_url)
    try:
        await decide_action(
            store,
            clock,
            world.owner,
            action_id,
            approve=True,
            note=None,
            wake_executor=lambda: None,
        )
    finally:
        await store.close()


async def test_wait_for_action_reports_progress_and_times_out_pending(mcp_url, world):
    reports: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        reports.append((progress, total, message))

    async with connect(mcp_url, world.live_key) as session:
        action = await create(session, world.live_account, "mcp-w1")
        result = await session.call_tool(
            "wait_for_action",
            {"actionId": action["id"], "timeoutSeconds": 2},
            progress_callback=on_progress,
        )
    assert not result.is_error, result.content
    assert result.structured_content["data"]["status"] == "pending"
    assert reports, "no progress notification while waiting"
    assert all(total == 2 for _, total, _ in reports)
    assert [p for p, _, _ in reports] == sorted(p for p, _, _ in reports)


async def test_wait_for_action_wakes_on_an_approval_elsewhere(mcp_url, world, clock, database_url):
    async with connect(mcp_url, world.live_key) as session:
        action = await create(session, world.live_account, "mcp-w2")
        waiting = asyncio.create_task(
            session.call_tool(
                "wait_for_action",
                {"actionId": action["id"], "until": "decided", "timeoutSeconds": 60},
            )
        )
        # The approval may land before or after the wait began: the answer is the same.
        await approve(database_url, world, clock, action["id"])
        result = await asyncio.wait_for(waiting, 30)
    assert not result.is_error, result.content
    assert result.structured_content["data"]["status"] == "approved"


async def test_wait_for_action_checks_its_arguments(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        action = await create(session, world.live_account, "mcp-w3")
        for arguments, param in (
            ({"actionId": action["id"], "timeoutSeconds": 0}, "wait"),
            ({"actionId": action["id"], "timeoutSeconds": 61}, "wait"),
            ({"actionId": action["id"], "until": "soon", "timeoutSeconds": 1}, "until"),
        ):
            result = await session.call_tool("wait_for_action", arguments)
            assert result.is_error
            error = result.structured_content["error"]
            assert (error["code"], error["param"]) == ("invalid_parameter", param)


def example_code() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)
    assert blocks, "docs/waiting.md has no python example"
    return blocks[0]


def test_the_example_is_about_ten_lines():
    lines = [line for line in example_code().splitlines() if line.strip()]
    assert len(lines) <= 14, len(lines)


async def test_the_agent_example_in_the_docs_runs(mcp_url, world, clock, database_url):
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        example_code(),
        env={
            **os.environ,
            "COUNTERSIGN_MCP_URL": mcp_url,
            "COUNTERSIGN_KEY": world.live_key,
            "ACCOUNT_ID": world.live_account,
        },
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    async with asyncio.timeout(60):
        first = (await process.stdout.readline()).decode()
        assert "/dashboard/actions/act_" in first, first
        action_id = first.strip().rsplit("/", 1)[-1]
        await approve(database_url, world, clock, action_id)
        out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    assert out.decode().strip().splitlines()[-1] == "approved"
