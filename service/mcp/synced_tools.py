"""MCP tools for the synced families (docs/synced-data.md), through the one endpoint pipeline:
each tool runs the REST operation's endpoint, so validation, errors, scopes, key limits, test
mode and the rate limit are the same as over REST."""

from __future__ import annotations

from mcp.server.mcpserver.tools import Tool

from service.api import chats, content, earnings, fan_lists, fans
from service.mcp.args import ACCOUNT, FRESH, PAGING, string
from service.mcp.declared import Arg, Declared, declared_tool
from service.services import Services

FAN = Arg("fanId", "path", string("The fan's id (also the chat's id)."), required=True)


TOOLS = (
    Declared(
        "list_fan_lists",
        fan_lists.list_fan_lists,
        "The account's fan lists (audiences for mass messages), each with its size.",
        (ACCOUNT, *PAGING, FRESH),
    ),
    Declared(
        "get_fan",
        fans.get_fan,
        "One fan: subscription, the lists they are on, their spend and their chat.",
        (ACCOUNT, FAN, FRESH),
    ),
    Declared(
        "list_chats",
        chats.list_chats,
        "The account's chats, most recent activity first, with each last message.",
        (ACCOUNT, *PAGING, FRESH),
    ),
    Declared(
        "list_messages",
        chats.list_messages,
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
        "list_posts",
        content.list_posts,
        "The account's published posts, newest first.",
        (ACCOUNT, *PAGING, FRESH),
    ),
    Declared(
        "get_post",
        content.get_post,
        "One post.",
        (ACCOUNT, Arg("postId", "path", string("The post's id."), required=True), FRESH),
    ),
    Declared(
        "list_vault_lists",
        content.list_vault_lists,
        "The vault's lists (folders of media) with their sizes.",
        (ACCOUNT, *PAGING, FRESH),
    ),
    Declared(
        "list_vault_media",
        content.list_vault_media,
        "Vault media, newest first; their ids are what message actions take as mediaIds.",
        (
            ACCOUNT,
            Arg("listId", "query", string("Only media in this vault list.")),
            *PAGING,
            FRESH,
        ),
    ),
    Declared(
        "get_earnings",
        earnings.get_earnings,
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


def synced_tools(services: Services) -> list[Tool]:
    return [declared_tool(services, declared) for declared in TOOLS]
