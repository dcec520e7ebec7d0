"""GET /v1/action-types: every action type as the registry declares it, with its routes and
its params and result as JSON Schema (openapi.yaml's components with every `$ref` inlined), so
an agent can build any write without reading the whole contract. Made once per document: the
registry and openapi.yaml do not change while the process runs.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from service.actions.types import REGISTRY, ActionType
from service.api.endpoint import Call, Reply, endpoint
from service.http.spec import OpenApiDocument


def describe(kind: ActionType, document: OpenApiDocument) -> dict[str, Any]:
    schemas = document.document["components"]["schemas"]
    results = [document.inline(schemas[name]) for name in kind.result_schemas]
    return {
        "type": kind.name,
        "description": kind.description,
        "routes": list(kind.routes),
        "params": document.inline(schemas[kind.params_schema]),
        "result": results[0] if len(results) == 1 else {"oneOf": results},
    }


@cache
def _listed(document: OpenApiDocument, names: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    return tuple(describe(REGISTRY[name], document) for name in names)


def action_types(document: OpenApiDocument) -> list[dict[str, Any]]:
    """Every registered type, in registry order (cached per document and set of types)."""
    return list(_listed(document, tuple(REGISTRY)))


@endpoint("listActionTypes")
async def list_action_types(call: Call) -> Reply:
    return Reply(
        {
            "data": action_types(call.services.document),
            "hasMore": False,
            "nextCursor": None,
            "meta": call.meta(),
        }
    )
