"""get_account_activity over MCP answers what REST's activity answers (one endpoint pipeline),
names REST's parameter in its errors, and keeps another mode's account hidden (both drivers)."""

from __future__ import annotations

from tests.mcp.test_mcp_channel import call, connect, mcp_url, world  # noqa: F401 (fixtures)
from tests.mcp.test_mcp_synced import rest


async def test_activity_over_mcp_is_rests(mcp_url, world):  # noqa: F811
    sandbox, key = world.sandbox_accounts[0], world.test_key
    async with connect(mcp_url, key) as session:
        failed, days = await call(
            session,
            "get_account_activity",
            accountId=sandbox,
            fromDate="2026-11-01",
            toDate="2026-11-07",
        )
        same = await rest(
            mcp_url, key, f"/v1/accounts/{sandbox}/activity?from=2026-11-01&to=2026-11-07"
        )
        assert not failed and days["data"] == same["data"]
        failed, bad = await call(session, "get_account_activity", accountId=sandbox, fromDate="x")
        assert failed and (bad["error"]["code"], bad["error"]["param"]) == (
            "invalid_parameter",
            "from",
        )
        failed, hidden = await call(session, "get_account_activity", accountId=world.live_account)
        assert failed and hidden["error"]["code"] == "account_not_found"
