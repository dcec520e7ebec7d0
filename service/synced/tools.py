"""MCP tools for the synced families (docs/synced-data.md), through the one endpoint pipeline:
each tool runs the REST operation's endpoint, so validation, errors, scopes, key limits, test
mode and the rate limit are the same as over REST. The families kept as items get theirs from
their declarations (service/synced/families.py); the others are declared here."""

from __future__ import annotations

from mcp.server.mcpserver.tools import Tool

from service.mcp.args import ACCOUNT, FRESH, PAGING, string
from service.mcp.declared import Arg, Declared, declared_tool
from service.services import Services
from service.synced import rest as synced
from service.synced.families import FAMILIES, Family

FAN = Arg("fanId", "path", string("The fan's id (also the chat's id)."), required=True)

LIST_FANS = Declared(
    "list_fans",
    synced.list_fans,
    "Fans of an account (synced by default).",
    (ACCOUNT, Arg("search", "query", string("Filter by name or username.")), *PAGING, FRESH),
)

TOOLS = (
    Declared(
        "get_fan",
        synced.get_fan,
        "One fan: subscription, the lists they are on, their spend and their chat.",
        (ACCOUNT, FAN, FRESH),
    ),
    Declared(
        "list_chats",
        synced.list_chats,
        "The account's chats, most recent activity first, with each last message.",
        (ACCOUNT, *PAGING, FRESH),
    ),
    Declared(
        "list_messages",
        synced.list_messages,
        "The messages of the chat with one fan, newest first: read before drafting a reply.",
        (
            ACCOUNT,
            FAN,
            Arg("search", "query", string("Only messages containing this keyword.")),
            *PAGING,
            FRESH,
        ),
    ),
    Declared(
        "get_post",
        synced.get_post,
        "One post.",
        (ACCOUNT, Arg("postId", "path", string("The post's id."), required=True), FRESH),
    ),
    Declared(
        "get_earnings",
        synced.get_earnings,
        "Net earnings by source (total, subscribes, tips, chat_messages), per day and for\n"
        "        the range (default: the last 30 days).",
        (
            ACCOUNT,
            Arg("startDate", "query", string("First day, YYYY-MM-DD (UTC).")),
            Arg("endDate", "query", string("Last day, YYYY-MM-DD (UTC), included.")),
            FRESH,
        ),
    ),
)


def family_tool(family: Family) -> Declared:
    """A family's list as a tool: the account, its filter if it has one, paging and `fresh`."""
    narrowed = family.filter
    by = () if narrowed is None else (Arg(narrowed.param, "query", string(narrowed.about)),)
    return Declared(
        family.tool,
        synced.LISTS[family.name],
        family.summary,
        (ACCOUNT, *by, *PAGING, FRESH),
    )


def synced_tools(services: Services) -> list[Tool]:
    declared = [*(family_tool(family) for family in FAMILIES), *TOOLS]
    return [declared_tool(services, tool) for tool in declared]
