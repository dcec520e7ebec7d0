"""`search_api` and `describe_endpoint`: the platform's catalogue (and our own operations) for
agents, each entry saying how to call it through Countersign.

Platform routes come from the one table (service/platform/routes.py): reads run live through
`call_platform`, writes through `create_action` with the action type (every write has one,
from the action type registry) and the params mapping. Our own operations come from
openapi.yaml, marked `kind: "countersign"`, with the MCP tool that runs each.

Both answer `missing_permission` to a test key, or to a workspace with no linked live
account, so the catalogue is for workspaces already using the service for real.
"""

from __future__ import annotations

import re
from typing import Any

from service.actions.execution.write_routes import action_for, how_to_call
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.spec import HTTP_METHODS, OpenApiDocument
from service.platform.route_model import PlatformRoute
from service.platform.routes import ROUTES, TABLE, match
from service.ports import Store

MAX_RESULTS = 20
SCHEMA_REF = re.compile(r"^#/components/schemas/(.+)$")
TOOLS = {
    "listAccounts": "list_accounts",
    "getAccount": "get_account",
    "listFans": "list_fans",
    "createAction": "create_action",
    "getAction": "get_action",
    "listActions": "list_actions",
    "cancelAction": "cancel_action",
    "createLink": "create_link",
    "getLink": "get_link",
    "getPlatformRoute": "call_platform",
}


async def require_catalogue_access(store: Store, principal: Principal, tool: str) -> None:
    if principal.mode != "live":
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            f"`{tool}` needs a live key; test keys cannot use it.",
            permission=tool,
        )
    after = None
    async with store.reading() as uow:
        while True:
            page = await uow.accounts.list(
                principal.workspace_id, mode="live", after=after, limit=100
            )
            if any(a.linked_at is not None for a in page):
                return
            if len(page) < 100:
                break
            after = page[-1].id
    raise ApiError(
        ErrorCode.MISSING_PERMISSION,
        f"`{tool}` is available once the workspace has a linked live account.",
        permission=tool,
        hint="Link an account with a hosted link (create_link) first.",
    )


def resolve(name: str) -> tuple[PlatformRoute, dict[str, str]] | None:
    """`GET /vault/media`, `get vault/media` or a concrete `GET /users/123` → the route, and
    the `:params` a concrete path filled in (`{"id": "123"}`)."""
    method, _, path = name.strip().partition(" ")
    method, path = method.upper(), "/" + path.strip().lstrip("/")
    found = ROUTES.get(f"{method} {path}")
    if found is not None:
        return found, {}
    matched = match(method, path)
    if matched is None:
        return None
    route, params = matched
    return route, {k: v for k, v in params.items() if not v.startswith(":")}


def platform_route(name: str) -> PlatformRoute | None:
    found = resolve(name)
    return found[0] if found else None


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


class Catalogue:
    def __init__(self, document: OpenApiDocument) -> None:
        self.document = document
        doc = document.document
        self.operations: dict[str, dict[str, Any]] = {}
        for where, items in (("path", doc.get("paths", {})), ("webhook", doc.get("webhooks", {}))):
            for path, item in items.items():
                for method in HTTP_METHODS:
                    operation = item.get(method)
                    if operation and "operationId" in operation:
                        self.operations[operation["operationId"]] = {
                            "kind": where,
                            "path": path,
                            "method": method.upper(),
                            "item": item,
                            "operation": operation,
                        }
        self.schemas: dict[str, Any] = doc.get("components", {}).get("schemas", {})

    def search(self, query: str) -> dict[str, Any]:
        words = [w for w in re.split(r"\W+", query.lower()) if w]
        if not words:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "`query` needs at least one word.", param="query"
            )
        found: list[tuple[int, int, str, dict[str, Any]]] = []
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
                # Ties: reads first, then the shorter path.
                order = f"{int(route.is_write)}{len(route.template):04d}{route.name}"
                found.append((score, 0, order, entry))
        for op_id, item in self.operations.items():
            op = item["operation"]
            text = " ".join(
                [
                    op_id,
                    item["path"],
                    item["method"],
                    op.get("summary", ""),
                    " ".join(op.get("tags", [])),
                ]
            ).lower()
            score = sum(2 if w in item["path"].lower() else int(w in text) for w in words)
            if score:
                found.append((score, 1, op_id, self._operation_entry(op_id)))
        ranked = sorted(found, key=lambda r: (-r[0], r[1], r[2]))[:MAX_RESULTS]
        return {"query": query, "results": [r[3] for r in ranked]}

    def _operation_entry(self, op_id: str) -> dict[str, Any]:
        item = self.operations[op_id]
        tool = TOOLS.get(op_id)
        if tool is not None:
            how = f"MCP tool `{tool}`; REST {item['method']} {item['path']}."
        elif item["kind"] == "webhook":
            how = "An event Countersign POSTs to the workspace's webhook endpoint."
        else:
            how = f"REST {item['method']} {item['path']} (no MCP tool)."
        return {
            "kind": "countersign",
            "operationId": op_id,
            "method": item["method"],
            "path": item["path"],
            "summary": item["operation"].get("summary"),
            "howToCall": how,
        }

    def describe(self, name: str) -> dict[str, Any]:
        if name in self.operations:
            return self._describe_operation(name)
        route = platform_route(name) if " " in name.strip() else None
        if route is None:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                "No platform route or operation by that name; find one with search_api "
                "(e.g. `GET /vault/media`).",
                param="route",
            )
        return describe_route(route)

    def _describe_operation(self, operation_id: str) -> dict[str, Any]:
        entry = self.operations[operation_id]
        op, resolve = entry["operation"], self.document.resolve
        parameters = [resolve(p) for p in entry["item"].get("parameters", [])] + [
            resolve(p) for p in op.get("parameters", [])
        ]
        body = resolve(op.get("requestBody"))
        responses = {}
        for status, response in op.get("responses", {}).items():
            response = resolve(response)
            content = response.get("content", {}).get("application/json", {})
            responses[status] = {
                "description": response.get("description"),
                "schema": content.get("schema"),
            }
        described = {
            **self._operation_entry(operation_id),
            "description": op.get("description"),
            "parameters": parameters,
            "requestBody": body.get("content", {}).get("application/json", {}).get("schema")
            if body
            else None,
            "responses": responses,
        }
        described["schemas"] = self._referenced(described)
        return described

    def _referenced(self, node: Any) -> dict[str, Any]:
        """Every component schema the operation reaches, so `$ref`s resolve without the file."""
        found: dict[str, Any] = {}
        pending = [node]
        while pending:
            current = pending.pop()
            if isinstance(current, dict):
                ref = current.get("$ref")
                found_ref = SCHEMA_REF.match(ref) if isinstance(ref, str) else None
                if found_ref and found_ref.group(1) not in found:
                    name = found_ref.group(1)
                    if name in self.schemas:
                        found[name] = self.schemas[name]
                        pending.append(self.schemas[name])
                pending.extend(current.values())
            elif isinstance(current, list):
                pending.extend(current)
        return dict(sorted(found.items()))
