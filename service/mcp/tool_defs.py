"""Tool definitions built once per process, bound to each app's own functions.

`Tool.from_function` builds a pydantic model and its JSON schema from the function's signature:
about 3 ms a tool, some 40 ms for an app's 21 tools, which was nine tenths of `create_app`.
What it builds depends only on the function's code (its signature, annotations and docstring,
the same for every app) and on the name, annotations and required arguments given here; the
services a tool's function closes over are not part of it. So the definition is made the first
time a definition site is seen, and every app gets a copy whose `fn` is its own function.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from types import CodeType
from typing import Any

from mcp.server.mcpserver.tools import Tool
from mcp_types import ToolAnnotations

from service.mcp.schemas import tighten

_Key = tuple[CodeType, str, str, tuple[str, ...]]
_definitions: dict[_Key, Tool] = {}


def make_tool(
    fn: Callable[..., Any],
    *,
    annotations: ToolAnnotations | None,
    required: Sequence[str] = (),
) -> Tool:
    """`Tool.from_function(fn, ...)` with `required` arguments marked so, enums, bounds and
    nullability added (service/mcp/schemas.py), its definition built once per process for
    `fn`'s code."""
    key = (fn.__code__, fn.__name__, repr(annotations), tuple(required))
    definition = _definitions.get(key)
    if definition is None:
        definition = Tool.from_function(
            fn, name=fn.__name__, annotations=annotations, structured_output=False
        )
        if required:
            definition.parameters["required"] = list(required)
        tighten(definition.parameters, set(required))
        _definitions[key] = definition
    # The schema is copied: each app's tool owns its own, as when it was built per app.
    return definition.model_copy(
        update={"fn": fn, "parameters": copy.deepcopy(definition.parameters)}
    )
