"""An MCP tool built from a declaration: its name, the REST operation it runs, and its
arguments in order, each a path, query or header parameter or a field of the JSON body. Every
such tool does the same thing (run the operation's endpoint with the arguments where REST takes
them), so one function body serves them all and each tool is a few lines of data."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Literal

from attrs import frozen
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult, ToolAnnotations

from service.api.endpoint import RestRoute, endpoint_of
from service.mcp.calls import run_tool
from service.mcp.tool_defs import make_tool
from service.services import Services

READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


@frozen
class Arg:
    name: str
    where: Literal["path", "query", "header", "body"]
    annotation: Any
    """`Annotated[Any, arg(...)]`: the argument's description and JSON Schema."""
    required: bool = False
    sent_as: str | None = None
    """The REST parameter's name where it cannot be the argument's (`from` is a Python
    keyword, so activity's range is `fromDate`/`toDate` over MCP; a header's name has a dash)."""


@frozen
class Declared:
    name: str
    operation: RestRoute
    """The REST handler (decorated with @endpoint) the tool runs."""
    doc: str
    args: Sequence[Arg]
    writes: bool = False
    """A write asks for a change, so it is not advertised as read-only."""


def declared_tool(services: Services, declared: Declared) -> Tool:
    """The tool, its schema built from the declaration's arguments as from a signature."""
    endpoint = endpoint_of(declared.operation)
    sent = {
        where: [(a.name, a.sent_as or a.name) for a in declared.args if a.where == where]
        for where in ("path", "query", "header", "body")
    }

    async def tool(ctx: Context, **given: Any) -> CallToolResult:
        parts = {where: {to: given.get(name) for name, to in args} for where, args in sent.items()}
        return await run_tool(
            services,
            ctx,
            declared.name,
            endpoint,
            path=parts["path"],
            query=parts["query"],
            # A tool without body or header arguments sends none (a body, even `{}`, is JSON).
            headers=parts["header"] if sent["header"] else None,
            body=parts["body"] if sent["body"] else None,
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
    return make_tool(tool, annotations=None if declared.writes else READ, required=required)
