"""The platform's routes as an agent finds and reads them: ranked by keywords and described
field by field, each saying how to run it through Countersign: a read live (`call_platform`),
a write as an action of the type that performs it (`create_action`, with its params mapping
from write_routes.py). MCP's search_api and describe_endpoint show these beside our own
operations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.actions.execution.write_routes import action_for, how_to_call
from service.platform.route_model import PlatformRoute
from service.platform.routes import TABLE


def call_example(route: PlatformRoute) -> dict[str, Any]:
    """A `call_platform` or `create_action` call an agent can start from."""
    if not route.is_write:
        query = {
            f.name: (f.values[0] if f.values else f"<{f.type}>") for f in route.fields_in("query")
        }
        return {
            "tool": "call_platform",
            "arguments": {
                "accountId": "<accountId>",
                "route": route.name,
                "pathParams": {p: f"<{p}>" for p in route.params},
                "query": query,
            },
        }
    action = action_for(route)
    if action is None:
        return {"tool": None, "available": False}
    params: dict[str, Any] = {}
    for source in action.params:
        node = params
        *parents, leaf = source.param.split(".")
        for parent in parents:
            node = node.setdefault(parent, {})
        node[leaf] = f"<{source.source}>"
    return {
        "tool": "create_action",
        "arguments": {
            "accountId": "<accountId>",
            "type": action.type,
            "params": params,
            "idempotencyKey": "<a new unique value>",
        },
    }


def describe_route(route: PlatformRoute) -> dict[str, Any]:
    described = {"kind": "platform", **route.describe(), "howToCall": how_to_call(route)}
    action = action_for(route)
    if route.is_write:
        described["available"] = action is not None
        if action is not None:
            described["actionType"] = action.type
            described["paramsMapping"] = [
                {"param": p.param, "from": p.source, **({"note": p.note} if p.note else {})}
                for p in action.params
            ]
    described["example"] = call_example(route)
    return described


def search_routes(words: Sequence[str]) -> list[tuple[int, str, dict[str, Any]]]:
    """`(score, order among equal scores, entry)` for every route matching one of `words`
    (lower case) in its area, summary, fields, path or action type; equal scores put reads
    first, then the shorter path."""
    found: list[tuple[int, str, dict[str, Any]]] = []
    for route in TABLE:
        text = " ".join(
            [
                route.area,
                route.summary,
                " ".join(f.name for f in route.fields),
                (found_action.type if (found_action := action_for(route)) else ""),
            ]
        ).lower()
        path = route.template.lower()
        # A word in the path counts double: "vault media" finds GET /vault/media first.
        score = sum(2 if w in path else int(w in text) for w in words)
        if score:
            entry = {
                "kind": "platform",
                "route": route.name,
                "area": route.area,
                "summary": route.summary,
                "access": "write" if route.is_write else "read",
                "howToCall": how_to_call(route),
            }
            found.append(
                (score, f"{int(route.is_write)}{len(route.template):04d}{route.name}", entry)
            )
    return found
