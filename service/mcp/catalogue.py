"""`search_api` and `describe_endpoint`: openapi.yaml as a catalogue an agent can query.

SPEC 5.9: both answer `missing_permission` to a test key, or to a workspace with no linked
live account, so the catalogue is for workspaces already using the service for real.
"""

from __future__ import annotations

import re
from typing import Any

from service.domain.principal import Principal
from service.errors import ApiError
from service.http.spec import HTTP_METHODS, OpenApiDocument

MAX_RESULTS = 20
SCHEMA_REF = re.compile(r"^#/components/schemas/(.+)$")


async def require_catalogue_access(store: Any, principal: Principal, tool: str) -> None:
    if principal.mode != "live":
        raise ApiError(
            "missing_permission",
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
        "missing_permission",
        f"`{tool}` is available once the workspace has a linked live account.",
        permission=tool,
        hint="Link an account with a hosted link (create_link) first.",
    )


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
            raise ApiError("invalid_parameter", "`query` needs at least one word.", param="query")
        operations = []
        for op_id, entry in self.operations.items():
            op = entry["operation"]
            text = " ".join(
                [
                    op_id,
                    entry["path"],
                    entry["method"],
                    op.get("summary", ""),
                    op.get("description", ""),
                    " ".join(op.get("tags", [])),
                ]
            ).lower()
            score = sum(w in text for w in words)
            if score:
                operations.append(
                    (
                        score,
                        op_id,
                        {
                            "operationId": op_id,
                            "method": entry["method"],
                            "path": entry["path"],
                            "kind": entry["kind"],
                            "summary": op.get("summary"),
                        },
                    )
                )
        schemas = []
        for name, schema in self.schemas.items():
            text = " ".join(
                [name, str(schema.get("description", "")), " ".join(schema.get("properties", {}))]
            ).lower()
            score = sum(w in text for w in words)
            if score:
                schemas.append(
                    (score, name, {"name": name, "description": schema.get("description")})
                )
        return {"query": query, "operations": _best(operations), "schemas": _best(schemas)}

    def describe(self, operation_id: str) -> dict[str, Any]:
        entry = self.operations.get(operation_id)
        if entry is None:
            raise ApiError(
                "invalid_parameter",
                f"No operation `{operation_id}`; find one with search_api.",
                param="operationId",
            )
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
            "operationId": operation_id,
            "method": entry["method"],
            "path": entry["path"],
            "kind": entry["kind"],
            "summary": op.get("summary"),
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
                match = SCHEMA_REF.match(ref) if isinstance(ref, str) else None
                if match and match.group(1) not in found and match.group(1) in self.schemas:
                    found[match.group(1)] = self.schemas[match.group(1)]
                    pending.append(self.schemas[match.group(1)])
                pending.extend(current.values())
            elif isinstance(current, list):
                pending.extend(current)
        return dict(sorted(found.items()))


def _best(rows: list[tuple[int, str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The highest scores first, ties by name, at most MAX_RESULTS."""
    return [row[2] for row in sorted(rows, key=lambda r: (-r[0], r[1]))][:MAX_RESULTS]
