"""The MCP server: its tool list (each feature declares its own in its tools.py; the catalogue's
steps are catalogue.py's, call_platform's platform_tool.py's), and the ASGI app mounted at /mcp
by service/app.py.

Arguments are typed loosely on purpose: openapi.yaml is the one validator, so a bad argument gets
the same `invalid_parameter` (with `error.param`) over MCP as over REST. The advertised input
schemas still carry types, descriptions and `required` for agents.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult
from starlette.applications import Starlette

from service.accounts import tools as accounts
from service.actions import tools as actions
from service.api.endpoint import Call, Endpoint, Reply
from service.errors.api_error import ApiError
from service.linking import tools as links
from service.mcp import bounds
from service.mcp.args import AccountId, arg
from service.mcp.calls import run_tool
from service.mcp.catalogue import catalogue_tools
from service.mcp.declared import READ, Declared, declared_tool
from service.mcp.gate import IDLE_SECONDS
from service.mcp.platform_tool import call_platform_step, query_of
from service.mcp.schemas import outputs
from service.mcp.tool_defs import make_tool
from service.services import Services
from service.synced import tools as synced
from service.version import package_version


def _raise(error: ApiError) -> Any:
    """A step that fails with `error` once the pipeline has authenticated the caller (so a bad
    key is still `invalid_api_key`, and the call spends the key's budget like any other)."""

    async def handler(call: Call) -> Reply:
        raise error

    return handler


def build_tools(services: Services) -> list[Tool]:
    search_step, describe_step = catalogue_tools(services)

    async def search_api(
        ctx: Context,
        query: Annotated[
            Any,
            arg(
                "Keywords, e.g. `vault media` or `earnings`.",
                type="string",
                maxLength=bounds.SEARCH_MAX,
            ),
        ] = None,
    ) -> CallToolResult:
        """Search the platform's routes (and Countersign's own operations, marked
        `kind: countersign`) by keyword; each result says how to call it."""
        return await run_tool(services, ctx, "search_api", search_step, query={"query": query})

    async def describe_endpoint(
        ctx: Context,
        route: Annotated[
            Any,
            arg(
                "A platform route from search_api, e.g. `GET /vault/media`, or one of our "
                "operationIds, e.g. `createAction`.",
                type="string",
                maxLength=bounds.SEARCH_MAX,
            ),
        ] = None,
    ) -> CallToolResult:
        """A platform route's fields and how to call it: reads through call_platform, writes
        through create_action (action type and params mapping)."""
        return await run_tool(
            services, ctx, "describe_endpoint", describe_step, query={"route": route}
        )

    async def call_platform(
        ctx: Context,
        accountId: AccountId = None,
        route: Annotated[
            Any,
            arg(
                "A catalogued GET route, e.g. `GET /chats/:id/messages`.",
                type="string",
                maxLength=bounds.SEARCH_MAX,
            ),
        ] = None,
        pathParams: Annotated[
            Any, arg('The route\'s `:params`, e.g. {"id": "123"}.', type="object")
        ] = None,
        query: Annotated[
            Any, arg('The route\'s query fields, e.g. {"limit": 20}.', type="object")
        ] = None,
    ) -> CallToolResult:
        """Read the platform live through any catalogued GET route (as REST's
        /v1/accounts/{accountId}/platform/{path}). Writes are actions: create_action."""
        try:
            bounds.check_all(arguments={"route": route, "pathParams": pathParams, "query": query})
            step, path = call_platform_step(route, pathParams)
            fields = query_of(query)
        except ApiError as error:
            return await run_tool(services, ctx, "call_platform", Endpoint(None, _raise(error)))
        return await run_tool(
            services,
            ctx,
            "call_platform",
            step,
            path={"accountId": accountId, "path": path},
            query=fields,
        )

    listed: list[Declared | Tool] = [
        accounts.LIST_ACCOUNTS,
        accounts.GET_ACCOUNT,
        synced.LIST_FANS,
        actions.create_action_tool(services),
        actions.GET_ACTION,
        actions.CANCEL_ACTION,
        actions.wait_for_action_tool(services),
        actions.LIST_ACTIONS,
        links.CREATE_LINK,
        links.GET_LINK,
        make_tool(search_api, annotations=READ, required=["query"]),
        make_tool(describe_endpoint, annotations=READ, required=["route"]),
        make_tool(call_platform, annotations=READ, required=["accountId", "route"]),
    ]
    tools = [
        declared_tool(services, tool) if isinstance(tool, Declared) else tool for tool in listed
    ]
    tools.extend(synced.synced_tools(services))
    tools.append(declared_tool(services, actions.ACTIVITY))
    for tool in tools:
        # Shared by every app's copy of the tool, and the same for all: the one openapi.yaml.
        tool.fn_metadata.output_schema = outputs(services.document, tool.name)
    return tools


def build_mcp(services: Services) -> MCPServer:
    return MCPServer(
        name="countersign",
        instructions=(
            "Countersign: read creator accounts and ask for writes. Every write is an action that "
            "a person approves in the dashboard; send a new idempotencyKey per intended action "
            "and reuse it on retries."
        ),
        tools=build_tools(services),
        log_level="WARNING",
        version=package_version(),
    )


def mcp_asgi_app(mcp: MCPServer) -> Starlette:
    """Served at /mcp. DNS-rebinding checks are off: callers authenticate with an API key
    header on every call (no ambient cookie a rebinding page could ride on)."""
    return mcp.streamable_http_app(
        streamable_http_path="/",
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        session_idle_timeout=IDLE_SECONDS,  # service/mcp/gate.py counts sessions the same way
    )
