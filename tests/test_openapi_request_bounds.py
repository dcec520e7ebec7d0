"""Every array a request can carry has a `maxItems` and every string a `maxLength` in
openapi.yaml, so service/http/size_bounds.py can refuse an oversized one before reading it.

A string bounded by `enum` or `const` needs no `maxLength` (its longest value is its bound);
`format` and `pattern` do not bound a length, so a string with either still needs one. Walked:
every operation's parameters and request body (its `$ref`s followed), every schema reachable
from them, all of `anyOf`/`oneOf`/`allOf`/`not`'s branches, `items` and properties.
"""

from __future__ import annotations

from typing import Any

from service.http.spec import load_document


def unbounded(doc: Any, node: Any, where: str, seen: set[str]) -> list[str]:
    if isinstance(node, dict) and "$ref" in node and doc is None:  # `$defs`, walked apart
        return []
    if isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        found = [] if ref in seen else unbounded(doc, doc.resolve({"$ref": ref}), ref, seen | {ref})
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        return found + (unbounded(doc, siblings, where, seen) if siblings else [])
    if not isinstance(node, dict):
        return []
    found: list[str] = []
    kinds = node.get("type")
    kinds = set(kinds) if isinstance(kinds, list) else {kinds} if kinds else set()
    if ("array" in kinds or "items" in node) and "maxItems" not in node:
        found.append(f"{where}: an array without maxItems")
    if "string" in kinds and not ({"maxLength", "enum", "const"} & set(node)):
        found.append(f"{where}: a string without maxLength")
    for key in ("anyOf", "oneOf", "allOf"):
        for i, sub in enumerate(node.get(key, [])):
            found += unbounded(doc, sub, f"{where}/{key}/{i}", seen)
    for key in ("items", "not", "additionalProperties"):
        if isinstance(node.get(key), dict):
            found += unbounded(doc, node[key], f"{where}/{key}", seen)
    for name, sub in (node.get("properties") or {}).items():
        found += unbounded(doc, sub, f"{where}/properties/{name}", seen)
    return found


def request_schemas(doc: Any) -> list[tuple[str, Any]]:
    schemas = []
    for operation_id, (path, _method, operation) in doc.operations.items():
        shared = doc.document["paths"][path].get("parameters", [])
        for param in [*shared, *operation.get("parameters", [])]:
            resolved = doc.resolve(param)
            schemas.append((f"{operation_id} {resolved['name']}", resolved.get("schema", {})))
        body = doc.resolve(operation.get("requestBody"))
        for media, content in (body or {}).get("content", {}).items():
            schemas.append((f"{operation_id} body ({media})", content.get("schema", {})))
    return schemas


def test_every_request_array_and_string_has_a_size_bound():
    doc = load_document()
    found = [
        problem
        for where, schema in request_schemas(doc)
        for problem in unbounded(doc, schema, where, set())
    ]
    assert found == [], "\n".join(sorted(set(found)))


def unbounded_tool_schema(node: Any, where: str) -> list[str]:
    """The same rule for a self-contained JSON Schema (an MCP tool's input, its `$defs` walked
    in place of references)."""
    if not isinstance(node, dict):
        return []
    found = unbounded(None, {k: v for k, v in node.items() if k != "$defs"}, where, set())
    for name, sub in (node.get("$defs") or {}).items():
        found += unbounded(None, sub, f"{where}/$defs/{name}", set())
    return found
