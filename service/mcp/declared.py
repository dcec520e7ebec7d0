"""An MCP tool built from a declaration: its name, the REST operation it runs, and its
arguments in order, each a path or a query parameter. Every such tool does the same thing
(run the operation's endpoint with the arguments where REST takes them), so one function
body serves them all and each tool is a few lines of data."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, Literal

from attrs import frozen
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult, ToolAnnotations

from service.api.endpoint import endpoint_of
from service.mcp.calls import run_tool
from service.mcp.tool_defs import make_tool
from service.services import Services


@frozen
class Arg:
    name: str
    where: Literal["path", "query"]
    annotation: Any
    """`Annotated[Any, arg(...)]`: the argument's description and JSON Schema."""
    required: bool = False
    sent_as: str | None = None
    """The REST parameter's name where it cannot be the argument's (`from` is a Python
    keyword, so activity's range is `fromDate`/`toDate` over MCP)."""


@frozen
class Declared:
    name: str
    operation: Callable[..., Any]
    """The REST handler (decorated with @endpoint) the tool runs."""
    doc: str
    args: Sequence[Arg]


def declared_tool(
    services: Services, declared: Declared, annotations: ToolAnnotations | None
) -> Tool:
    """The tool, its schema built from the declaration's arguments as from a signature."""
    endpoint = endpoint_of(declared.operation)
    path = [a.name for a in declared.args if a.where == "path"]
    query = [(a.name, a.sent_as or a.name) for a in declared.args if a.where == "query"]

    async def tool(ctx: Context, **given: Any) -> CallToolResult:
        return await run_tool(
            services,
            ctx,
            declared.name,
            endpoint,
            path={name: given.get(name) for name in path},
            query={sent: given.get(name) for name, sent in query},
        )

    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter("ctx", keyword, annotation=Context)] + [
        inspect.Parameter(a.name, keyword, default=None, annotation=a.annotation)
        for a in declared.args
    ]
    tool.__name__ = tool.__qualname__ = declared.name
    tool.__doc__ = declared.doc
    tool.__signature__ = inspect.Signature(params, return_annotation=CallToolResult)  # type: ignore[attr-defined]
    tool.__annotations__ = {p.name: p.annotation for p in params} | {"return": CallToolResult}
    required = [a.name for a in declared.args if a.required]
    return make_tool(tool, annotations=annotations, required=required)
