"""What the MCP tools declare beyond their arguments' types: enums, bounds, nullability, and the
`outputSchema` of the structured content each returns.

Each tool runs a REST operation, so its output schema is that operation's success response in
openapi.yaml (with the component schemas it reaches carried along as `$defs`): the one
contract, so a tool's declared output cannot drift from what it returns. `type` lists the
action types from their registry, so a new type shows up in the tool without an edit here.
"""

from __future__ import annotations

import copy
from typing import Any

from service.actions.transitions import STATUSES
from service.actions.types import names as action_types
from service.actions.waiting import UNTIL
from service.http.spec import OpenApiDocument
from service.synced.families import FAMILIES

TOOL_OPERATIONS = {
    "list_accounts": "listAccounts",
    "get_account": "getAccount",
    "list_fans": "listFans",
    "create_action": "createAction",
    "get_action": "getAction",
    "cancel_action": "cancelAction",
    "wait_for_action": "getAction",
    "list_actions": "listActions",
    "create_link": "createLink",
    "get_link": "getLink",
    "call_platform": "getPlatformRoute",
    "get_fan": "getFan",
    "list_chats": "listChats",
    "list_messages": "listMessages",
    "get_post": "getPost",
    "get_earnings": "getEarnings",
    "get_account_activity": "getAccountActivity",
} | {family.tool: family.operation for family in FAMILIES}
"""The REST operation each tool runs; the two MCP-only tools (search_api, describe_endpoint)
return `{data, meta}` with a free-form `data`."""

MCP_ONLY = {
    "type": "object",
    "required": ["data", "meta"],
    "properties": {"data": {"type": "object"}, "meta": {"type": "object"}},
}
_REF = "#/components/schemas/"
WAIT_MAX = 60
_outputs: dict[str, dict[str, Any]] = {}


def argument_rules() -> dict[str, dict[str, Any]]:
    """Per argument name, what its schema adds (the same rules openapi.yaml enforces)."""
    return {
        "type": {"enum": list(action_types())},
        "until": {"enum": list(UNTIL)},
        "timeoutSeconds": {"minimum": 1, "maximum": WAIT_MAX},
        "limit": {"minimum": 1, "maximum": 100},
        "status": {"enum": ["all", *STATUSES]},
    }


def tighten(parameters: dict[str, Any], required: set[str]) -> None:
    """Enums and bounds; an optional argument may be left out or sent as null (its type says
    so), a required one is its bare type; and no `default: null` (a default must be valid)."""
    rules = argument_rules()
    for name, prop in parameters.get("properties", {}).items():
        if prop.get("default", 0) is None:
            del prop["default"]
        prop.update(copy.deepcopy(rules.get(name, {})))
        kind = prop.get("type")
        if name not in required and isinstance(kind, str):
            prop["type"] = [kind, "null"]
            if "enum" in prop:
                prop["enum"] = [*prop["enum"], None]


def outputs(document: OpenApiDocument, tool: str) -> dict[str, Any]:
    """`output_schema`, built once per process (openapi.yaml does not change while it runs)."""
    if tool not in _outputs:
        _outputs[tool] = output_schema(document, tool)
    return _outputs[tool]


def output_schema(document: OpenApiDocument, tool: str) -> dict[str, Any]:
    """The success response of the tool's operation as a self-contained JSON Schema."""
    operation_id = TOOL_OPERATIONS.get(tool)
    if operation_id is None:
        return copy.deepcopy(MCP_ONLY)
    operation = _operation(document.document, operation_id)
    success = sorted(s for s in operation["responses"] if str(s).startswith("2"))
    response = document.resolve(operation["responses"][success[0]])
    schema = response["content"]["application/json"]["schema"]
    components = document.document.get("components", {}).get("schemas", {})
    defs: dict[str, Any] = {}
    pending = [schema]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(_REF):
                name = ref[len(_REF) :]
                if name not in defs and name in components:
                    defs[name] = components[name]
                    pending.append(components[name])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    rebased: dict[str, Any] = _rebased(
        {"type": "object", **schema, "$defs": dict(sorted(defs.items()))}
    )
    return rebased


def _operation(document: dict[str, Any], operation_id: str) -> dict[str, Any]:
    for item in document.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                return operation
    raise KeyError(operation_id)


def _rebased(node: Any) -> Any:
    """`#/components/schemas/X` → `#/$defs/X`, in a copy."""
    if isinstance(node, dict):
        return {
            k: ("#/$defs/" + v[len(_REF) :])
            if k == "$ref" and isinstance(v, str) and v.startswith(_REF)
            else _rebased(v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_rebased(v) for v in node]
    return node
