"""Bounds on the MCP tools' string arguments, advertised in each input schema and checked
before any work.

A tool call's arguments arrive inside a JSON body the body guard already bounds (1 MiB), but a
megabyte of search query is still a megabyte of words to rank on the event loop, and an answer
that repeats its query doubles it. Every string argument has a maximum: the few that name or
search something (`query`, `route`) a search box's length, the rest (ids, cursors, keys) one
generous bound. Nested objects (`pathParams`, `query` of call_platform) are checked the same
way, value by value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

STRING_MAX = 1000
"""Any string argument: ids, cursors, idempotency keys, filters."""
SEARCH_MAX = 200
"""`search_api`'s `query` and a `route` name: a few words, never a document."""
_LIMITS = {"query": SEARCH_MAX, "route": SEARCH_MAX}


def limit_of(name: str) -> int:
    return _LIMITS.get(name, STRING_MAX)


def check(name: str, value: Any) -> None:
    """Refuse a string argument over its bound (the message never repeats the value)."""
    if isinstance(value, str) and len(value) > limit_of(name):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"`{name}` is longer than {limit_of(name)} characters.",
            param=name,
        )
    if isinstance(value, Mapping):
        for key, item in value.items():
            check(f"{name}.{key}" if isinstance(item, Mapping) else str(key), item)


def check_all(**parts: Mapping[str, Any] | None) -> None:
    """Every string in the call's path, query and header arguments (bodies are the openapi
    validator's, within the body limit)."""
    for part in parts.values():
        for name, value in (part or {}).items():
            check(name, value)
