"""MCP over the platform catalogue: search_api and describe_endpoint say how to call a platform
route, and call_platform reads it live through the REST route's pipeline. The real MCP client
over real HTTP, the service in uvicorn, the fake platform behind it, on SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib

import pytest

from harness.threaded import serve_in_thread
from service.app import create_app
from service.settings import Settings
from tests.factories import TIGHT_WINDOW, add_live_account, build_world
from tests.mcp.test_mcp_channel import call, connect


@contextlib.asynccontextmanager
async def serving(database_url, store, clock, fake_platform, **overrides):
    """The service with a platform behind it and a linked creator (mia)."""
    world = await build_world(store, clock)
    settings = Settings(
        database_url=database_url,
        secret_key="test-secret",
        public_url="http://countersign.test",
        run_workers=False,
        validate_responses=True,
        platform_url=fake_platform.base_url,
        platform_timeout=2.0,
        **overrides,
    )
    app = create_app(settings, clock=clock)
    creator = fake_platform.state.creator_by_email("mia@creators.test")
    token = fake_platform.state.create_session(creator.user_id).token
    await add_live_account(
        store,
        clock,
        world.workspace_id,
        creator.user_id,
        creator.username,
        session_secret=app.state.services.secrets.seal(token),
    )
    with serve_in_thread(app, name="mcp-platform", lifespan="on") as base:
        yield f"{base}/mcp/", world, creator


@pytest.fixture
async def served(database_url, store, clock, fake_platform):
    async with serving(database_url, store, clock, fake_platform) as running:
        yield running


async def test_search_describe_and_call_a_platform_read(served, fake_platform):
    url, world, creator = served
    async with connect(url, world.live_key) as session:
        failed, found = await call(session, "search_api", query="story highlights")
        assert not failed, found
        top = found["data"]["results"][0]
        assert top["kind"] == "platform" and top["route"] == "GET /users/:id/stories/highlights"
        assert "call_platform" in top["howToCall"]

        failed, described = await call(session, "describe_endpoint", route="get /vault/media")
        assert not failed, described
        data = described["data"]
        assert (data["route"], data["access"]) == ("GET /vault/media", "read")
        assert {f["name"] for f in data["fields"]} == {"list", "limit", "offset"}
        assert data["example"]["tool"] == "call_platform"

        fan_id = next(iter(creator.chats))
        failed, messages = await call(
            session,
            "call_platform",
            accountId=creator.user_id,
            route="GET /chats/:id/messages",
            pathParams={"id": fan_id},
            query={"limit": 2, "unknown": "ignored"},
        )
        assert not failed, messages
        assert len(messages["data"]["list"]) == 2
        assert messages["meta"]["source"] == "live" and messages["meta"]["asOf"]

        failed, highlights = await call(
            session,
            "call_platform",
            accountId=creator.user_id,
            route=top["route"],
            pathParams={"id": creator.user_id},
        )
        assert not failed and len(highlights["data"]["list"]) == len(creator.highlights)
        failed, concrete = await call(
            session,
            "call_platform",
            accountId=creator.user_id,
            route=f"GET /users/{creator.user_id}/stories/highlights",
        )
        assert not failed and concrete["data"] == highlights["data"], concrete
    assert fake_platform.state.writes_for() == []


async def test_describe_says_how_each_write_is_done(served):
    url, world, _ = served
    async with connect(url, world.live_key) as session:
        failed, send = await call(session, "describe_endpoint", route="POST /chats/:id/messages")
        assert not failed, send
        data = send["data"]
        assert data["actionType"] == "send_message" and data["available"] is True
        assert {"param": "fanId", "from": "path id"} in data["paramsMapping"]
        assert data["example"]["tool"] == "create_action"
        assert data["example"]["arguments"]["type"] == "send_message"
        failed, mass = await call(session, "describe_endpoint", route="POST /messages/queue")
        assert mass["data"]["example"]["arguments"]["params"]["audience"] == {
            "listIds": "<body userLists>"
        }
        failed, vault = await call(session, "describe_endpoint", route="POST /vault/lists")
        assert not failed and vault["data"]["available"] is True
        assert vault["data"]["actionType"] == "create_vault_list"
        assert vault["data"]["example"]["arguments"]["params"] == {"name": "<body name>"}


@pytest.mark.parametrize(
    "arguments, code, param",
    [
        ({"route": "GET /chats", "query": {"limit": "abc"}}, "invalid_parameter", "limit"),
        ({"route": "GET /chats", "query": {"order": "desc"}}, "invalid_parameter", "order"),
        ({"route": "GET /chats", "query": "limit=5"}, "invalid_parameter", "query"),
        ({"route": "GET /users/:id"}, "invalid_parameter", "pathParams.id"),
        (
            {"route": "GET /users/:id", "pathParams": {"id": "a/b"}},
            "invalid_parameter",
            "pathParams.id",
        ),
        ({"route": "GET /nowhere"}, "route_not_found", None),
        ({"route": "chats"}, "route_not_found", None),
        (
            {"route": "GET /chats/:id/messages", "pathParams": {"id": "999999999"}},
            "chat_not_found",
            None,
        ),
        ({"route": "GET /posts/:id", "pathParams": {"id": "1"}}, "resource_not_found", None),
    ],
)
async def test_call_platform_errors_match_rest(served, arguments, code, param):
    url, world, creator = served
    async with connect(url, world.live_key) as session:
        failed, body = await call(session, "call_platform", accountId=creator.user_id, **arguments)
    assert failed and body["error"]["code"] == code, body
    assert body["error"].get("param") == param


async def test_a_write_route_gets_method_not_allowed_with_the_hint(served, fake_platform):
    url, world, creator = served
    async with connect(url, world.live_key) as session:
        failed, body = await call(
            session,
            "call_platform",
            accountId=creator.user_id,
            route="DELETE /messages/:id",
            pathParams={"id": "1"},
        )
        assert failed and body["error"]["code"] == "method_not_allowed", body
        assert "`unsend_message`" in body["error"]["hint"]
        failed, bad_key = await call(session, "call_platform", accountId="x", route="GET /users/me")
    assert failed and bad_key["error"]["code"] == "account_not_found"
    assert fake_platform.state.writes_for() == []


async def test_call_platform_keeps_key_limits_and_test_mode(served):
    url, world, creator = served
    async with connect(url, world.test_key) as session:
        failed, me = await call(
            session, "call_platform", accountId=world.sandbox_accounts[0], route="GET /users/me"
        )
        assert not failed and me["data"]["id"] == world.sandbox_accounts[0]
        failed, crossed = await call(
            session, "call_platform", accountId=creator.user_id, route="GET /users/me"
        )
        assert failed and crossed["error"]["code"] == "account_not_found"


async def test_call_platform_spends_the_accounts_platform_budget(
    database_url, store, clock, fake_platform
):
    async with (
        serving(
            database_url,
            store,
            clock,
            fake_platform,
            platform_budget=1,
            platform_budget_window=TIGHT_WINDOW,
        ) as (url, world, creator),
        connect(url, world.live_key) as session,
    ):
        arguments = {"accountId": creator.user_id, "route": "GET /users/me"}
        failed, first = await call(session, "call_platform", **arguments)
        assert not failed, first
        failed, over = await call(session, "call_platform", **arguments)
        failed_synced, synced = await call(session, "get_account", accountId=creator.user_id)
    assert failed and over["error"]["code"] == "rate_limited", over
    assert "Retry after" in over["error"]["hint"] and "synced data" in over["error"]["hint"]
    assert not failed_synced and synced["meta"]["source"] == "synced"
