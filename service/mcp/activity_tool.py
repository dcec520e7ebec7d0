"""`get_account_activity`: what an account's actions became, per day, as REST's
GET /v1/accounts/{accountId}/activity answers it (one endpoint pipeline), so an agent can see
how much its allowance and limits let through without a person."""

from __future__ import annotations

from mcp.server.mcpserver.tools import Tool

from service.api import activity
from service.mcp.args import ACCOUNT, string
from service.mcp.declared import Arg, Declared, declared_tool
from service.services import Services

ACTIVITY = Declared(
    "get_account_activity",
    activity.get_account_activity,
    "Per day: actions created, approved by a person or by an allowance, rejected, expired,\n"
    "        cancelled and failed, and the median wait for a decision (default: the last 30 days;\n"
    "        at most 90). An error names REST's `from` and `to` for `fromDate` and `toDate`.",
    (
        ACCOUNT,
        Arg("fromDate", "query", string("First day, YYYY-MM-DD (UTC)."), sent_as="from"),
        Arg("toDate", "query", string("Last day, YYYY-MM-DD (UTC), included."), sent_as="to"),
    ),
)


def activity_tool(services: Services) -> Tool:
    return declared_tool(services, ACTIVITY)
