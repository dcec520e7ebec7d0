"""How a tool's argument is described, and the arguments many tools share.

Arguments are typed loosely (`Any`) on purpose: openapi.yaml is the one validator, so a bad
argument gets the same `invalid_parameter` over MCP as over REST. The description and the JSON
Schema carried here are what agents are shown."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from service.mcp import bounds
from service.mcp.declared import Arg


def arg(description: str, **schema: Any) -> Any:
    if schema.get("type") == "string":  # every string has a maximum (service/mcp/bounds.py)
        schema.setdefault("maxLength", bounds.STRING_MAX)
    return Field(default=None, description=description, json_schema_extra=schema or None)


def string(description: str) -> Any:
    return Annotated[Any, arg(description, type="string")]


AccountId = Annotated[Any, arg("The account's id (the creator's platform user id).", type="string")]
Cursor = Annotated[Any, arg("`nextCursor` of the previous page, unchanged.", type="string")]
Limit = Annotated[Any, arg("Page size, 1 to 100 (default 25).", type="integer")]
Fresh = Annotated[
    Any, arg("true reads live from the platform instead of synced data.", type="boolean")
]

ACCOUNT = Arg("accountId", "path", AccountId, required=True)
PAGING = (Arg("cursor", "query", Cursor), Arg("limit", "query", Limit))
FRESH = Arg("fresh", "query", Fresh)
