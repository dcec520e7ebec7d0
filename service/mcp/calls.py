"""One tool call: authenticate the HTTP request's API key, rate-limit, and answer in our envelope.

Tool failures are MCP tool errors (`isError`) whose text is SPEC 7's error body, so agents branch
on `error.code` exactly as REST clients do; nothing escapes as a transport-level 500.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import attrs
from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, TextContent

from service.domain.ids import new_id
from service.domain.principal import Principal
from service.errors import ApiError
from service.http.auth import presented_key, principal_for_key
from service.http.ratelimit import spend

log = logging.getLogger("countersign.mcp")


def client_name(ctx: Context) -> str | None:
    """The `clientInfo.name` the agent sent at initialisation (None when it sent none)."""
    try:
        params = ctx.session.client_params
    except (AttributeError, ValueError):
        return None
    info = getattr(params, "client_info", None)
    return getattr(info, "name", None) or None


def http_request(ctx: Context) -> Any:
    """The Starlette request that carried this tool call (None off HTTP, e.g. stdio)."""
    try:
        return ctx.request_context.request
    except (AttributeError, ValueError):
        return None


def ok(body: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body))],
                          structured_content=body)


def failed(error: ApiError, public_url: str, request_id: str) -> CallToolResult:
    body = error.body(public_url, request_id)
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(body))],
                          structured_content=body, is_error=True)


async def authenticate(services: Any, ctx: Context, tool: str, *,
                       scope: str = "read") -> Principal:
    """SPEC 5 for MCP: the same key headers as REST, checked per call, then the per-key rate
    limit and scope; the principal records which MCP client and tool asked (SPEC 2.3)."""
    request = http_request(ctx)
    if request is None:
        raise ApiError("missing_api_key", hint="Connect over HTTP with "
                       "`Authorization: Bearer <API_KEY>`.")
    async with services.store.reading() as reader:
        principal = await principal_for_key(services.store, services.clock,
                                            presented_key(request), reader,
                                            services.key_touches)
    await spend(services.limiter, principal.key_id or principal.user_id)
    if scope not in principal.scopes:
        raise ApiError("missing_scope", f"This key lacks the `{scope}` scope.", permission=scope)
    return attrs.evolve(principal, client=client_name(ctx), tool=tool)


async def answer(services: Any, work: Callable[[str], Awaitable[dict[str, Any]]]
                 ) -> CallToolResult:
    """Run one tool body with a fresh request id; every failure becomes an enveloped tool error."""
    request_id = new_id("req_", 24)
    public_url = services.settings.public_url
    try:
        return ok(await work(request_id))
    except ApiError as error:
        return failed(error, public_url, request_id)
    except Exception:
        log.exception("MCP tool failed (%s)", request_id)
        return failed(ApiError("internal_error"), public_url, request_id)
