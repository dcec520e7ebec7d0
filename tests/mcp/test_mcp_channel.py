"""The MCP channel end to end: the real `mcp` client over real HTTP against the service in
uvicorn, on SQLite and PostgreSQL. Agents create actions and read; they never approve."""

from __future__ import annotations

import contextlib
import datetime as dt
import importlib.metadata
import json
from collections.abc import Iterator

import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp_types import Implementation

from harness.threaded import serve_in_thread
from service.app import create_app
from service.domain.clock import isoformat
from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.settings import Settings
from service.workspaces.usecases import create_workspace
from tests.factories import TIGHT_WINDOW, build_world

CLIENT = "agent-test-client"
TOOLS = (
    {
        "list_accounts",
        "get_account",
        "list_fans",
        "create_action",
        "get_action",
        "cancel_action",
        "wait_for_action",
        "list_actions",
        "create_link",
        "get_link",
        "search_api",
        "describe_endpoint",
        "call_platform",
    }
    | {  # the synced families (service/synced/tools.py)
        "list_fan_lists",
        "get_fan",
        "list_chats",
        "list_messages",
        "list_posts",
        "get_post",
        "list_vault_lists",
        "list_vault_media",
        "get_earnings",
    }
    | {"get_account_activity"}
)  # what the account's actions became (service/actions/tools.py)
MESSAGE = {"fanId": "123456", "text": "Thanks for subscribing!"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


@contextlib.contextmanager
def served_mcp(database_url: str, clock, name: str, **overrides) -> Iterator[str]:
    """The whole service (owning its own store) on 127.0.0.1:0, lifespan on, in a thread."""
    settings = Settings(
        database_url=database_url,
        secret_key="test-secret",
        public_url="http://countersign.test",
        run_workers=False,
        validate_responses=True,
        **overrides,
    )
    with serve_in_thread(create_app(settings, clock=clock), name=name, lifespan="on") as base:
        yield f"{base}/mcp/"


@pytest.fixture
def mcp_url(database_url, world, clock):
    with served_mcp(database_url, clock, "mcp-service") as url:
        yield url


def mcp_http(headers: dict[str, str]) -> httpx2.AsyncClient:
    """The HTTP client the MCP transport would make itself (30 s, 300 s to read a stream)."""
    return httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0, read=300.0))


@contextlib.asynccontextmanager
async def connect(url: str, key: str, *, name: str = CLIENT, header: str = "authorization"):
    value = f"Bearer {key}" if header == "authorization" else key
    async with (
        mcp_http({header: value}) as http,
        streamable_http_client(url, http_client=http) as streams,
        ClientSession(
            streams[0], streams[1], client_info=Implementation(name=name, version="1.0")
        ) as session,
    ):
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments) -> tuple[bool, dict]:
    result = await session.call_tool(tool, arguments)
    return bool(result.is_error), json.loads(result.content[0].text)


async def test_server_info_names_the_package_version(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        info = (await session.initialize()).server_info
    assert (info.name, info.version) == ("countersign", importlib.metadata.version("countersign"))
    assert info.version


async def test_tools_are_listed_with_their_required_arguments(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    assert not {"approve_action", "reject_action"} & set(tools)
    assert set(tools["create_action"].input_schema["required"]) == {
        "accountId",
        "type",
        "params",
        "idempotencyKey",
    }


async def test_create_action_records_the_mcp_client_and_tool(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        failed, body = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
            idempotencyKey="mcp-1",
        )
        assert not failed, body
        action = body["data"]
        assert action["status"] == "pending" and action["approvalUrl"]
        assert action["requestedBy"] == {
            "kind": "api_key",
            "label": "backend",
            "client": CLIENT,
            "tool": "create_action",
        }
        failed, again = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
            idempotencyKey="mcp-1",
        )
        assert not failed and again["data"]["id"] == action["id"]
        failed, read = await call(session, "get_action", actionId=action["id"])
        assert not failed and read["data"]["requestedBy"]["tool"] == "create_action"
        failed, listed = await call(session, "list_actions", status="pending")
        assert not failed and [a["id"] for a in listed["data"]] == [action["id"]]
        failed, conflict = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params={**MESSAGE, "text": "Other"},
            idempotencyKey="mcp-1",
        )
        assert failed and conflict["error"]["code"] == "idempotency_conflict"


async def test_create_action_returns_warnings_like_rest(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        failed, body = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params={**MESSAGE, "priceCents": 100},
            idempotencyKey="mcp-warn",
        )
    assert not failed, body
    assert [(w["code"], w["param"]) for w in body["data"]["warnings"]] == [
        ("fan_not_found", "fanId"),
        ("price_below_platform_minimum", "priceCents"),
    ]


async def test_invalid_params_name_the_field(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        failed, body = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params={"fanId": "1", "text": ""},
            idempotencyKey="mcp-bad",
        )
        assert failed
        assert body["error"]["code"] == "invalid_parameter"
        assert body["error"]["param"] == "params.text"
        failed, missing = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
        )
        assert failed and missing["error"]["code"] == "idempotency_key_required"
        failed, limit = await call(session, "list_actions", limit=500)
        assert failed and limit["error"]["param"] == "limit"


async def test_a_read_key_cannot_create_and_nobody_approves(mcp_url, world):
    async with connect(mcp_url, world.read_key) as session:
        failed, body = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
            idempotencyKey="mcp-r",
        )
        assert failed and body["error"]["code"] == "missing_scope"
        result = await session.call_tool("approve_action", {"actionId": "act_x"})
        assert result.is_error


async def test_bad_key_gets_401_before_any_session(mcp_url, world):
    """The key is checked at the door, so a bad one never opens an MCP session."""
    with pytest.raises(Exception) as raised:  # initialize fails on the 401 (test_mcp_gate.py)
        async with connect(mcp_url, "sk_live_not_a_key"):
            pass
    # The SDK shows the server's own words, not "Server returned an error response".
    assert "invalid_api_key: " in repr(raised.value), repr(raised.value)


async def test_reads_through_mcp_match_rest(mcp_url, world):
    async with connect(mcp_url, world.live_key, header="x-api-key") as session:
        failed, accounts = await call(session, "list_accounts", limit=10)
        assert not failed and [a["id"] for a in accounts["data"]] == [world.live_account]
        failed, detail = await call(session, "get_account", accountId=world.live_account)
        assert not failed and detail["data"]["counts"]["posts"] == 5
        failed, missing = await call(session, "get_account", accountId="nope")
        assert failed and missing["error"]["code"] == "account_not_found"
        failed, fans = await call(session, "list_fans", accountId=world.live_account)
        assert not failed and "data" in fans
        failed, link = await call(session, "create_link", note="for maya")
        assert not failed and link["data"]["status"] == "waiting"
        failed, again = await call(session, "get_link", linkId=link["data"]["id"])
        assert not failed and again["data"]["note"] == "for maya"
        failed, long = await call(session, "create_link", note="x" * 201)
        assert failed and long["error"] == {
            **long["error"],
            "code": "invalid_parameter",
            "param": "note",
        }


async def test_catalogue_needs_a_live_key_on_a_workspace_with_a_linked_account(
    mcp_url, world, store, clock
):
    async with connect(mcp_url, world.test_key) as session:
        for tool, args in (
            ("search_api", {"query": "vault"}),
            ("describe_endpoint", {"route": "GET /vault/media"}),
        ):
            failed, body = await call(session, tool, **args)
            assert failed and body["error"]["code"] == "missing_permission", body
            assert body["error"]["permission"] == tool
    async with connect(mcp_url, world.live_key) as session:
        failed, found = await call(session, "search_api", query="vault media")
        assert not failed
        assert found["data"]["results"][0]["route"] == "GET /vault/media"
        failed, found = await call(session, "search_api", query="create action")
        assert not failed
        ours = [r for r in found["data"]["results"] if r["kind"] == "countersign"]
        assert "createAction" in [r["operationId"] for r in ours]
        failed, described = await call(session, "describe_endpoint", route="createAction")
        assert not failed
        data = described["data"]
        assert (data["method"], data["path"]) == ("POST", "/v1/accounts/{accountId}/actions")
        assert "Idempotency-Key" in [p["name"] for p in data["parameters"]]
        assert "CreateActionRequest" in data["schemas"] and "202" in data["responses"]
        failed, unknown = await call(session, "describe_endpoint", route="GET /nowhere")
        assert failed and unknown["error"]["param"] == "route"
    bare = await create_workspace(store, clock, "No accounts yet")
    _, key = await create_key(
        store,
        clock,
        Principal.operator(bare.id),
        name="fresh",
        scopes=["read", "write"],
        mode="live",
    )
    async with connect(mcp_url, key) as session:
        for tool, args in (
            ("search_api", {"query": "vault"}),
            ("describe_endpoint", {"route": "GET /vault/media"}),
        ):
            failed, body = await call(session, tool, **args)
            assert failed and body["error"]["code"] == "missing_permission", body


@pytest.fixture
def tight_mcp_url(database_url, world, clock):
    """The service with a budget of one request per key per day."""
    with served_mcp(
        database_url, clock, "mcp-tight", rate_limit=1, rate_window=TIGHT_WINDOW
    ) as url:
        yield url


async def test_every_tool_over_the_budget_says_how_long_to_wait(tight_mcp_url, world):
    """One endpoint pipeline for REST and MCP: every tool spends the key's budget and answers
    `rate_limited` with the wait in `error.hint`, as the README promises."""
    arguments = {
        "get_account": {"accountId": world.live_account},
        "list_fans": {"accountId": world.live_account},
        "create_action": {
            "accountId": world.live_account,
            "type": "send_message",
            "params": MESSAGE,
            "idempotencyKey": "mcp-limit",
        },
        "get_action": {"actionId": "act_x"},
        "get_link": {"linkId": "link_x"},
        "search_api": {"query": "action"},
        "describe_endpoint": {"route": "createAction"},
        "call_platform": {"accountId": world.live_account, "route": "GET /users/me"},
    }
    async with connect(tight_mcp_url, world.live_key) as session:
        failed, _ = await call(session, "list_accounts")
        assert not failed
        for tool in sorted(TOOLS):
            failed, body = await call(session, tool, **arguments.get(tool, {}))
            assert failed and body["error"]["code"] == "rate_limited", (tool, body)
            assert body["error"]["hint"].startswith("Retry after "), (tool, body)


async def test_cancel_action_through_mcp(mcp_url, world):
    async with connect(mcp_url, world.live_key) as session:
        failed, created = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
            idempotencyKey="mcp-cancel",
        )
        assert not failed
        action_id = created["data"]["id"]
        failed, cancelled = await call(
            session, "cancel_action", actionId=action_id, note="Sent by hand instead"
        )
        assert not failed, cancelled
        assert cancelled["data"]["status"] == "cancelled"
        assert cancelled["data"]["decisionNote"] == "Sent by hand instead"
        assert cancelled["data"]["decidedBy"]["kind"] == "api_key"
        failed, again = await call(session, "cancel_action", actionId=action_id)
        assert failed and again["error"]["code"] == "action_not_pending"
    async with connect(mcp_url, world.read_key) as session:
        failed, refused = await call(session, "cancel_action", actionId=action_id)
        assert failed and refused["error"]["code"] == "missing_scope"


async def test_create_action_takes_a_bounded_run_at(mcp_url, world, clock):
    async with connect(mcp_url, world.live_key) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        run_at = tools["create_action"].input_schema["properties"]["runAt"]
        assert run_at["format"] == "date-time" and run_at["maxLength"] == 40
        assert "runAt" not in tools["create_action"].input_schema["required"]
        when = isoformat(clock.now() + dt.timedelta(hours=2))
        failed, body = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
            idempotencyKey="mcp-later",
            runAt=when,
        )
        assert not failed, body
        assert body["data"]["runAt"] == body["data"]["expiresAt"] == when
        failed, past = await call(
            session,
            "create_action",
            accountId=world.live_account,
            type="send_message",
            params=MESSAGE,
            idempotencyKey="mcp-past",
            runAt=isoformat(clock.now() - dt.timedelta(minutes=1)),
        )
        assert failed and past["error"]["code"] == "invalid_parameter"
        assert past["error"]["param"] == "runAt"
