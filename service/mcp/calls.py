"""One tool call through the endpoint pipeline REST uses, answered in our envelope.

The tool's arguments become an `Incoming` (the agent's own key headers, query, path and body),
so authentication, the per-key rate limit, scopes, openapi.yaml validation and rendering are one
code path for both channels. Tool failures are MCP tool errors (`isError`) whose text is the API's
error body, so agents branch on `error.code` exactly as REST clients do; nothing escapes as a
transport-level 500.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, TextContent
from starlette.datastructures import Headers, QueryParams
from starlette.requests import Request

from service.api.endpoint import Endpoint, Incoming
from service.domain.ids import new_id
from service.domain.stored_json import plain
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.mcp import bounds
from service.services import Services

log = logging.getLogger("countersign.mcp")
KEY_HEADERS = ("authorization", "x-api-key")


def client_name(ctx: Context) -> str | None:
    """The `clientInfo.name` the agent sent at initialisation (None when it sent none)."""
    try:
        params = ctx.session.client_params
    except (AttributeError, ValueError):
        return None
    info = getattr(params, "client_info", None)
    name = getattr(info, "name", None)
    return str(name) if name else None


def http_request(ctx: Context) -> Request | None:
    """The Starlette request that carried this tool call (None off HTTP, e.g. stdio)."""
    try:
        request = ctx.request_context.request
    except (AttributeError, ValueError):
        return None
    return request if isinstance(request, Request) else None


def ok(body: dict[str, Any]) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(body))], structured_content=body
    )


def failed(error: ApiError, public_url: str, request_id: str) -> CallToolResult:
    body = error.body(public_url, request_id)
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(body))],
        structured_content=body,
        is_error=True,
    )


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def incoming(
    ctx: Context,
    tool: str,
    request_id: str,
    *,
    path: Mapping[str, Any] | None = None,
    query: Mapping[str, Any] | None = None,
    body: Mapping[str, Any] | None = None,
    headers: Mapping[str, Any] | None = None,
    progress: Callable[[float, float], Awaitable[None]] | None = None,
) -> Incoming:
    """The tool call as the pipeline sees it; arguments left out (None) are not sent."""
    request = http_request(ctx)
    if request is None:
        raise ApiError(
            ErrorCode.MISSING_API_KEY,
            hint="Connect over HTTP with `Authorization: Bearer <API_KEY>`.",
        )
    sent = {name: request.headers[name] for name in KEY_HEADERS if name in request.headers}
    sent.update({k: _text(v) for k, v in (headers or {}).items() if v is not None})
    raw = b""
    if body is not None:
        raw = json.dumps({k: v for k, v in body.items() if v is not None}).encode()
        sent["content-type"] = "application/json"

    async def read_body(limit: int) -> bytes:
        if len(raw) > limit:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, f"The body is larger than {limit} bytes.", param="body"
            )
        return raw

    return Incoming(
        headers=Headers(sent),
        query=QueryParams({k: _text(v) for k, v in (query or {}).items() if v is not None}),
        path={k: _text(v) for k, v in (path or {}).items() if v is not None and v != ""},
        read_body=read_body,
        request_id=request_id,
        client=client_name(ctx),
        tool=tool,
        progress=progress,
    )


async def run_tool(
    services: Services, ctx: Context, tool: str, step: Endpoint, **arguments: Any
) -> CallToolResult:
    """Serve one tool call through `step` (a REST endpoint's pipeline step, or a tool's own);
    every failure becomes an enveloped tool error."""
    request_id = new_id("req_", 24)
    public_url = services.settings.public_url
    try:
        bounds.check_all(
            path=arguments.get("path"),
            query=arguments.get("query"),
            headers=arguments.get("headers"),
        )
        reply = await step.serve(services, incoming(ctx, tool, request_id, **arguments))
    except ApiError as error:
        return failed(error, public_url, request_id)
    except Exception:
        log.exception("MCP tool %s failed (%s)", tool, request_id)
        return failed(ApiError(ErrorCode.INTERNAL_ERROR), public_url, request_id)
    return ok(plain(reply.body))
