"""What the MCP tools declare, read through the official client: enums from the registries,
bounds, nullable optional arguments without `default: null`, and an `outputSchema` per tool
that the structured content each returns validates against. Both drivers."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from service.actions.transitions import STATUSES
from service.actions.types import names as action_types
from tests.mcp.test_mcp_channel import MESSAGE, TOOLS, connect, mcp_url, world  # noqa: F401


async def test_every_tool_declares_enums_bounds_nullability_and_an_output_schema(
    mcp_url,  # noqa: F811
    world,  # noqa: F811
):
    async with connect(mcp_url, world.live_key) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        output = tool.output_schema
        assert output is not None and output["type"] == "object", name
        Draft202012Validator.check_schema(output)
        required = set(tool.input_schema.get("required", []))
        for arg, prop in tool.input_schema["properties"].items():
            assert "default" not in prop, (name, arg)
            if arg in required:
                assert isinstance(prop["type"], str), (name, arg)
            else:
                assert "null" in prop["type"], (name, arg)
    kinds = tools["create_action"].input_schema["properties"]["type"]
    assert kinds["enum"] == list(action_types())  # the registry's, so new types flow in
    wait = tools["wait_for_action"].input_schema["properties"]
    assert wait["until"]["enum"] == ["decided", "finished", None]
    assert (wait["timeoutSeconds"]["minimum"], wait["timeoutSeconds"]["maximum"]) == (1, 60)
    status = tools["list_actions"].input_schema["properties"]["status"]
    assert status["enum"] == ["all", *STATUSES, None]
    limit = tools["list_fans"].input_schema["properties"]["limit"]
    assert (limit["minimum"], limit["maximum"]) == (1, 100)


async def test_what_each_tool_returns_validates_against_its_output_schema(
    mcp_url,  # noqa: F811
    world,  # noqa: F811
):
    account = world.live_account
    calls = [
        ("list_accounts", {"limit": 5}),
        ("get_account", {"accountId": account}),
        ("list_fans", {"accountId": account}),
        ("list_fan_lists", {"accountId": account}),
        ("list_chats", {"accountId": account}),
        ("list_posts", {"accountId": account}),
        ("list_vault_lists", {"accountId": account}),
        ("list_vault_media", {"accountId": account}),
        ("get_earnings", {"accountId": account}),
        ("list_actions", {"status": "pending"}),
        ("create_link", {"note": "schema check"}),
    ]
    async with connect(mcp_url, world.live_key) as session:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        made = await session.call_tool(
            "create_action",
            {
                "accountId": account,
                "type": "send_message",
                "params": MESSAGE,
                "idempotencyKey": "s",
            },
        )
        results = [("create_action", made)]
        action_id = made.structured_content["data"]["id"]
        calls += [
            ("get_action", {"actionId": action_id}),
            ("wait_for_action", {"actionId": action_id, "timeoutSeconds": 1}),
        ]
        for tool, arguments in calls:
            results.append((tool, await session.call_tool(tool, arguments)))
        link = next(r for t, r in results if t == "create_link").structured_content["data"]
        results.append(("get_link", await session.call_tool("get_link", {"linkId": link["id"]})))
    for tool, result in results:
        assert not result.is_error, (tool, result.content)
        errors = list(
            Draft202012Validator(tools[tool].output_schema).iter_errors(result.structured_content)
        )
        assert errors == [], (tool, [e.message for e in errors[:3]])
