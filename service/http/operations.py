"""openapi.yaml's operations (and webhook events) as a catalogue: found by keywords, and each
described whole, with every component schema it reaches so its `$ref`s resolve without the
file. MCP's search_api and describe_endpoint show these beside the platform's routes; which
tool runs an operation is the caller's to say (`tools`), so this knows no channel."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from service.http.spec import HTTP_METHODS, OpenApiDocument

SCHEMA_REF = re.compile(r"^#/components/schemas/(.+)$")


class Operations:
    def __init__(self, document: OpenApiDocument, tools: Mapping[str, str]) -> None:
        self.document = document
        self.tools = tools
        doc = document.document
        self.found: dict[str, dict[str, Any]] = {}
        for where, items in (("path", doc.get("paths", {})), ("webhook", doc.get("webhooks", {}))):
            for path, item in items.items():
                for method in HTTP_METHODS:
                    operation = item.get(method)
                    if operation and "operationId" in operation:
                        self.found[operation["operationId"]] = {
                            "kind": where,
                            "path": path,
                            "method": method.upper(),
                            "item": item,
                            "operation": operation,
                        }
        self.schemas: dict[str, Any] = doc.get("components", {}).get("schemas", {})

    def __contains__(self, operation_id: str) -> bool:
        return operation_id in self.found

    def search(self, words: Sequence[str]) -> list[tuple[int, str, dict[str, Any]]]:
        """`(score, order among equal scores, entry)` for every operation matching one of
        `words` (lower case); a word in the path counts double."""
        hits: list[tuple[int, str, dict[str, Any]]] = []
        for op_id, item in self.found.items():
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
                hits.append((score, op_id, self.entry(op_id)))
        return hits

    def entry(self, op_id: str) -> dict[str, Any]:
        item = self.found[op_id]
        tool = self.tools.get(op_id)
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

    def describe(self, operation_id: str) -> dict[str, Any]:
        entry = self.found[operation_id]
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
            **self.entry(operation_id),
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
