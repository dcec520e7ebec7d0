"""The synced-family tools over MCP answer what REST answers (one endpoint pipeline), with a
test key on the sandbox creators, and the same errors (both drivers)."""

from __future__ import annotations

import httpx

from tests.mcp.test_mcp_channel import call, connect, mcp_url, world  # noqa: F401 (fixtures)


async def rest(mcp_url, key, path):  # noqa: F811
    base = mcp_url.removesuffix("/mcp/")
    async with httpx.AsyncClient(base_url=base) as client:
        response = await client.get(path, headers={"Authorization": f"Bearer {key}"})
    return response.json()


async def test_synced_tools_match_rest(mcp_url, world):  # noqa: F811
    sandbox, key = world.sandbox_accounts[0], world.test_key
    async with connect(mcp_url, key) as session:
        failed, chats = await call(session, "list_chats", accountId=sandbox, limit=5)
        assert not failed and chats["meta"]["source"] == "synced"
        same = await rest(mcp_url, key, f"/v1/accounts/{sandbox}/chats?limit=5")
        assert chats["data"] == same["data"]
        fan_id = chats["data"][0]["fanId"]
        failed, messages = await call(session, "list_messages", accountId=sandbox, fanId=fan_id)
        rest_messages = await rest(mcp_url, key, f"/v1/accounts/{sandbox}/chats/{fan_id}/messages")
        assert not failed and messages["data"] == rest_messages["data"]
        failed, fan = await call(session, "get_fan", accountId=sandbox, fanId=fan_id)
        assert not failed and fan["data"]["chat"]["lastMessage"] == chats["data"][0]["lastMessage"]
        failed, lists = await call(session, "list_fan_lists", accountId=sandbox)
        assert not failed and lists["data"]
        for tool in ("list_posts", "list_vault_lists", "list_vault_media", "get_earnings"):
            failed, body = await call(session, tool, accountId=sandbox)
            assert not failed and body["meta"]["source"] == "synced", tool
        failed, missing = await call(session, "get_fan", accountId=sandbox, fanId="999999999")
        assert failed and missing["error"]["code"] == "fan_not_found"
        failed, post = await call(session, "get_post", accountId=sandbox, postId="1")
        assert failed and post["error"]["code"] == "resource_not_found"
        failed, bad = await call(session, "get_earnings", accountId=sandbox, startDate="2026-02-30")
        assert failed and (bad["error"]["code"], bad["error"]["param"]) == (
            "invalid_parameter",
            "startDate",
        )
        failed, hidden = await call(session, "list_chats", accountId=world.live_account)
        assert failed and hidden["error"]["code"] == "account_not_found"
