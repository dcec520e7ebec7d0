"""MCP tools for the synced families (docs/synced-data.md), through the one endpoint pipeline:
each tool runs the REST operation's endpoint, so validation, errors, scopes, key limits, test
mode and the rate limit are the same as over REST."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from service.api import chats, content, earnings, fan_lists, fans
from service.api.endpoint import endpoint_of
from service.mcp import bounds
from service.mcp.calls import run_tool
from service.mcp.tool_defs import make_tool
from service.services import Services

READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def arg(description: str, **schema: Any) -> Any:
    if schema.get("type") == "string":  # every string has a maximum (service/mcp/bounds.py)
        schema.setdefault("maxLength", bounds.STRING_MAX)
    return Field(default=None, description=description, json_schema_extra=schema or None)


AccountId = Annotated[Any, arg("The account's id (the creator's platform user id).", type="string")]
FanId = Annotated[Any, arg("The fan's id (also the chat's id).", type="string")]
Cursor = Annotated[Any, arg("`nextCursor` of the previous page, unchanged.", type="string")]
Limit = Annotated[Any, arg("Page size, 1 to 100 (default 25).", type="integer")]
Fresh = Annotated[
    Any, arg("true reads live from the platform instead of synced data.", type="boolean")
]


def synced_tools(services: Services) -> list[Tool]:
    async def list_fan_lists(
        ctx: Context,
        accountId: AccountId = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """The account's fan lists (audiences for mass messages), each with its size."""
        return await run_tool(
            services,
            ctx,
            "list_fan_lists",
            endpoint_of(fan_lists.list_fan_lists),
            path={"accountId": accountId},
            query={"cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def get_fan(
        ctx: Context, accountId: AccountId = None, fanId: FanId = None, fresh: Fresh = None
    ) -> CallToolResult:
        """One fan: subscription, the lists they are on, their spend and their chat."""
        return await run_tool(
            services,
            ctx,
            "get_fan",
            endpoint_of(fans.get_fan),
            path={"accountId": accountId, "fanId": fanId},
            query={"fresh": fresh},
        )

    async def list_chats(
        ctx: Context,
        accountId: AccountId = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """The account's chats, most recent activity first, with each last message."""
        return await run_tool(
            services,
            ctx,
            "list_chats",
            endpoint_of(chats.list_chats),
            path={"accountId": accountId},
            query={"cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def list_messages(
        ctx: Context,
        accountId: AccountId = None,
        fanId: FanId = None,
        search: Annotated[Any, arg("Only messages containing this keyword.", type="string")] = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """The messages of the chat with one fan, newest first: read before drafting a reply."""
        return await run_tool(
            services,
            ctx,
            "list_messages",
            endpoint_of(chats.list_messages),
            path={"accountId": accountId, "fanId": fanId},
            query={"search": search, "cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def list_posts(
        ctx: Context,
        accountId: AccountId = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """The account's published posts, newest first."""
        return await run_tool(
            services,
            ctx,
            "list_posts",
            endpoint_of(content.list_posts),
            path={"accountId": accountId},
            query={"cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def get_post(
        ctx: Context,
        accountId: AccountId = None,
        postId: Annotated[Any, arg("The post's id.", type="string")] = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """One post."""
        return await run_tool(
            services,
            ctx,
            "get_post",
            endpoint_of(content.get_post),
            path={"accountId": accountId, "postId": postId},
            query={"fresh": fresh},
        )

    async def list_vault_lists(
        ctx: Context,
        accountId: AccountId = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """The vault's lists (folders of media) with their sizes."""
        return await run_tool(
            services,
            ctx,
            "list_vault_lists",
            endpoint_of(content.list_vault_lists),
            path={"accountId": accountId},
            query={"cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def list_vault_media(
        ctx: Context,
        accountId: AccountId = None,
        listId: Annotated[Any, arg("Only media in this vault list.", type="string")] = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """Vault media, newest first; their ids are what message actions take as mediaIds."""
        return await run_tool(
            services,
            ctx,
            "list_vault_media",
            endpoint_of(content.list_vault_media),
            path={"accountId": accountId},
            query={"listId": listId, "cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def get_earnings(
        ctx: Context,
        accountId: AccountId = None,
        startDate: Annotated[Any, arg("First day, YYYY-MM-DD (UTC).", type="string")] = None,
        endDate: Annotated[Any, arg("Last day, YYYY-MM-DD (UTC), included.", type="string")] = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """Net earnings by source (total, subscribes, tips, chat_messages), per day and for
        the range (default: the last 30 days)."""
        return await run_tool(
            services,
            ctx,
            "get_earnings",
            endpoint_of(earnings.get_earnings),
            path={"accountId": accountId},
            query={"startDate": startDate, "endDate": endDate, "fresh": fresh},
        )

    required = {
        "list_fan_lists": ["accountId"],
        "get_fan": ["accountId", "fanId"],
        "list_chats": ["accountId"],
        "list_messages": ["accountId", "fanId"],
        "list_posts": ["accountId"],
        "get_post": ["accountId", "postId"],
        "list_vault_lists": ["accountId"],
        "list_vault_media": ["accountId"],
        "get_earnings": ["accountId"],
    }
    return [
        make_tool(fn, annotations=READ, required=required[fn.__name__])
        for fn in (
            list_fan_lists,
            get_fan,
            list_chats,
            list_messages,
            list_posts,
            get_post,
            list_vault_lists,
            list_vault_media,
            get_earnings,
        )
    ]
