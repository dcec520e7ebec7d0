"""Parsing JSON from outside (request bodies, platform answers) with bounds a hostile sender
cannot push past.

`json.loads` raises `RecursionError` (not `ValueError`) on deep nesting, accepts `NaN` and
`Infinity` (which no database JSON column stores), and code that walks the result recursively
(schema validation, our own checks) can hit the recursion limit well below what the parser
accepts. One function refuses all of that up front as `UnacceptableJson`, a `ValueError`.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32  # our deepest body is 4 levels; generous, and far from the recursion limit


class UnacceptableJson(ValueError):
    """Not JSON, or JSON we refuse to handle; `reason` is a sentence safe to show."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: bytes | str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The decoded value, or UnacceptableJson when it is malformed or nested too deeply."""
    try:
        value = json.loads(raw, parse_constant=_no_constants)
    except RecursionError:
        raise UnacceptableJson(f"The JSON is nested more than {max_depth} levels deep.") from None
    except (ValueError, UnicodeDecodeError):
        raise UnacceptableJson("The body is not valid JSON.") from None
    if nesting_depth(value, stop_after=max_depth) > max_depth:
        raise UnacceptableJson(f"The JSON is nested more than {max_depth} levels deep.")
    return value


def nesting_depth(value: Any, *, stop_after: int | None = None) -> int:
    """How many arrays/objects deep `value` goes (a scalar is 0), without recursion; stops
    counting once past `stop_after`."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, (dict, list)) else []
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        deepest = max(deepest, level)
        if stop_after is not None and deepest > stop_after:
            return deepest
        stack.extend((child, level + 1) for child in children if isinstance(child, (dict, list)))
    return deepest
