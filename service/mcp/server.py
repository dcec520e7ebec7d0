"""The MCP server: tool definitions, and the ASGI app mounted at /mcp by service/app.py.

Arguments are typed loosely on purpose: openapi.yaml is the one validator, so a bad argument gets
the same `invalid_parameter` (with `error.param`) over MCP as over REST. The advertised input
schemas still carry types, descriptions and `required` for agents.
"""

from __future__ import annotations

from typing import Annotated, Any

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field
from starlette.applications import Starlette

from service.actions.types import names as action_type_names
from service.api import accounts, actions, fans, links
from service.api.endpoint import Call, Endpoint, Reply, endpoint_of
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.mcp import bounds
from service.mcp.activity_tool import activity_tool
from service.mcp.calls import run_tool
from service.mcp.catalogue import Catalogue, require_catalogue_access
from service.mcp.gate import IDLE_SECONDS
from service.mcp.platform_tool import call_platform_step, query_of
from service.mcp.schemas import outputs, params_by_type
from service.mcp.synced_tools import synced_tools
from service.mcp.tool_defs import make_tool
from service.services import Services
from service.version import package_version

READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)
WAIT_DEFAULT = 30
"""wait_for_action's default: under the 60-second request timeout common MCP clients use."""


def arg(description: str, **schema: Any) -> Any:
    if schema.get("type") == "string":  # every string has a maximum (service/mcp/bounds.py)
        schema.setdefault("maxLength", bounds.STRING_MAX)
    return Field(default=None, description=description, json_schema_extra=schema or None)


Cursor = Annotated[Any, arg("`nextCursor` of the previous page, unchanged.", type="string")]
Limit = Annotated[Any, arg("Page size, 1 to 100 (default 25).", type="integer")]
Fresh = Annotated[
    Any, arg("true reads live from the platform instead of synced data.", type="boolean")
]
AccountId = Annotated[Any, arg("The account's id (the creator's platform user id).", type="string")]


def _required(name: str, value: Any) -> str:
    if value is None or value == "":
        raise ApiError(ErrorCode.INVALID_PARAMETER, f"`{name}` is required.", param=name)
    return str(value)


def _raise(error: ApiError) -> Any:
    """A step that fails with `error` once the pipeline has authenticated the caller (so a bad
    key is still `invalid_api_key`, and the call spends the key's budget like any other)."""

    async def handler(call: Call) -> Reply:
        raise error

    return handler


def catalogue_tools(services: Services) -> tuple[Endpoint, Endpoint]:
    """search_api and describe_endpoint: MCP-only, through the same pipeline (no openapi.yaml
    operation to validate against, so they check their one argument themselves)."""
    catalogue = Catalogue(services.document)

    async def search(call: Call) -> Reply:
        await require_catalogue_access(call.services.store, call.principal, "search_api")
        query = _required("query", call.incoming.query.get("query"))
        # Bounded input keeps it to about a millisecond; a thread keeps it off the loop anyway.
        found = await anyio.to_thread.run_sync(catalogue.search, query)
        return Reply({"data": found, "meta": call.meta()})

    async def describe(call: Call) -> Reply:
        await require_catalogue_access(call.services.store, call.principal, "describe_endpoint")
        route = _required("route", call.incoming.query.get("route"))
        described = await anyio.to_thread.run_sync(catalogue.describe, route)
        return Reply({"data": described, "meta": call.meta()})

    return Endpoint(None, search), Endpoint(None, describe)


def build_tools(services: Services) -> list[Tool]:
    search_step, describe_step = catalogue_tools(services)

    async def list_accounts(
        ctx: Context, cursor: Cursor = None, limit: Limit = None
    ) -> CallToolResult:
        """List the linked accounts this key can see (sandbox creators with a test key)."""
        return await run_tool(
            services,
            ctx,
            "list_accounts",
            endpoint_of(accounts.list_accounts),
            query={"cursor": cursor, "limit": limit},
        )

    async def get_account(
        ctx: Context, accountId: AccountId = None, fresh: Fresh = None
    ) -> CallToolResult:
        """One account with counts, 30-day revenue and subscription price."""
        return await run_tool(
            services,
            ctx,
            "get_account",
            endpoint_of(accounts.get_account),
            path={"accountId": accountId},
            query={"fresh": fresh},
        )

    async def list_fans(
        ctx: Context,
        accountId: AccountId = None,
        search: Annotated[Any, arg("Filter by name or username.", type="string")] = None,
        cursor: Cursor = None,
        limit: Limit = None,
        fresh: Fresh = None,
    ) -> CallToolResult:
        """Fans of an account (synced by default)."""
        return await run_tool(
            services,
            ctx,
            "list_fans",
            endpoint_of(fans.list_fans),
            path={"accountId": accountId},
            query={"search": search, "cursor": cursor, "limit": limit, "fresh": fresh},
        )

    async def create_action(
        ctx: Context,
        accountId: AccountId = None,
        type: Annotated[
            Any,
            arg(
                "The action type. GET /v1/action-types lists each with its params schema; "
                "describe_endpoint on a platform write names the type that performs it.",
                type="string",
                enum=list(action_type_names()),
            ),
        ] = None,
        params: Annotated[
            Any,
            arg(
                "The params of the type (describe_endpoint createAction shows each shape).",
                type="object",
            ),
        ] = None,
        idempotencyKey: Annotated[
            Any, arg("A new unique value per intended action; a retry reuses it.", type="string")
        ] = None,
        runAt: Annotated[
            Any,
            arg(
                "Optional: run it at this time (RFC 3339, in the future, at most 30 days ahead) "
                "instead of once approved; it is open for approval until then.",
                type="string",
                format="date-time",
                maxLength=40,
            ),
        ] = None,
    ) -> CallToolResult:
        """Ask for a write. It is stored `pending`; a person approves or rejects it in the
        dashboard at `approvalUrl`, and only then does it run (at `runAt` when given). Agents
        never approve."""
        body: dict[str, Any] = {"type": type, "params": params}
        if runAt is not None:
            body["runAt"] = runAt
        return await run_tool(
            services,
            ctx,
            "create_action",
            endpoint_of(actions.create_action),
            path={"accountId": accountId},
            headers={"idempotency-key": idempotencyKey},
            body=body,
        )

    async def get_action(
        ctx: Context,
        actionId: Annotated[Any, arg("The action's id (act_...).", type="string")] = None,
    ) -> CallToolResult:
        """One action and its status; poll it after creating."""
        return await run_tool(
            services,
            ctx,
            "get_action",
            endpoint_of(actions.get_action),
            path={"actionId": actionId},
        )

    async def cancel_action(
        ctx: Context,
        actionId: Annotated[Any, arg("The action's id (act_...).", type="string")] = None,
        note: Annotated[
            Any,
            arg(
                "Why, kept as the action's decisionNote (up to 500 characters).",
                type="string",
                maxLength=500,
            ),
        ] = None,
    ) -> CallToolResult:
        """Stop an action you asked for so that it never runs: a pending one, or an approved
        one that has not started. Anything further along is a 409 (read it with get_action)."""
        return await run_tool(
            services,
            ctx,
            "cancel_action",
            endpoint_of(actions.cancel_action),
            path={"actionId": actionId},
            body={"note": note} if note is not None else {},
        )

    # --- wait_for_action: waiting for a person's decision ----------------------
    async def wait_for_action(
        ctx: Context,
        actionId: Annotated[Any, arg("The action's id (act_...).", type="string")] = None,
        until: Annotated[
            Any,
            arg(
                "decided (default): until it is no longer pending; finished: until it is "
                "executed, failed, rejected, expired or cancelled.",
                type="string",
            ),
        ] = None,
        timeoutSeconds: Annotated[
            Any, arg("Seconds to wait at most, 1 to 60 (default 30).", type="integer")
        ] = None,
    ) -> CallToolResult:
        """Wait for a person to decide on an action (or for it to finish running), then return
        it; after timeoutSeconds it is returned as it stands: check `status` and call again.
        Sends progress notifications while waiting when the call carries a progress token."""

        async def progress(elapsed: float, total: float) -> None:
            await ctx.report_progress(
                round(elapsed, 1), total, "Waiting for a person to decide in the dashboard."
            )

        return await run_tool(
            services,
            ctx,
            "wait_for_action",
            endpoint_of(actions.get_action),
            path={"actionId": actionId},
            query={
                "wait": WAIT_DEFAULT if timeoutSeconds is None else timeoutSeconds,
                "until": until,
            },
            progress=progress,
        )

    async def list_actions(
        ctx: Context,
        status: Annotated[
            Any,
            arg(
                "all (default), pending, approved, rejected, expired, executing, executed, "
                "failed or cancelled.",
                type="string",
            ),
        ] = None,
        accountId: AccountId = None,
        cursor: Cursor = None,
        limit: Limit = None,
    ) -> CallToolResult:
        """Actions, newest first."""
        return await run_tool(
            services,
            ctx,
            "list_actions",
            endpoint_of(actions.list_actions),
            query={"status": status, "accountId": accountId, "cursor": cursor, "limit": limit},
        )

    async def create_link(
        ctx: Context,
        note: Annotated[
            Any,
            arg("Shown in the dashboard next to the link, up to 200 characters.", type="string"),
        ] = None,
    ) -> CallToolResult:
        """A hosted link to send to a creator so they can link their account."""
        return await run_tool(
            services, ctx, "create_link", endpoint_of(links.create_link), body={"note": note}
        )

    async def get_link(
        ctx: Context, linkId: Annotated[Any, arg("The link's id (link_...).", type="string")] = None
    ) -> CallToolResult:
        """A hosted link's status; `accountId` is set once connected."""
        return await run_tool(
            services, ctx, "get_link", endpoint_of(links.get_link), path={"linkId": linkId}
        )

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

    required = {
        "get_account": ["accountId"],
        "list_fans": ["accountId"],
        "create_action": ["accountId", "type", "params", "idempotencyKey"],
        "get_action": ["actionId"],
        "cancel_action": ["actionId"],
        "wait_for_action": ["actionId"],
        "get_link": ["linkId"],
        "search_api": ["query"],
        "describe_endpoint": ["route"],
        "call_platform": ["accountId", "route"],
    }
    writes = {"create_action", "cancel_action", "create_link"}
    tools = [
        make_tool(
            fn,
            annotations=None if fn.__name__ in writes else READ,
            required=required.get(fn.__name__, ()),
        )
        for fn in (
            list_accounts,
            get_account,
            list_fans,
            create_action,
            get_action,
            cancel_action,
            wait_for_action,
            list_actions,
            create_link,
            get_link,
            search_api,
            describe_endpoint,
            call_platform,
        )
    ]
    tools.extend(synced_tools(services))
    tools.append(activity_tool(services))
    for tool in tools:
        # Shared by every app's copy of the tool, and the same for all: the one openapi.yaml.
        tool.fn_metadata.output_schema = outputs(services.document, tool.name)
        if tool.name == "create_action":
            tool.parameters["allOf"] = params_by_type(services.document)
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
