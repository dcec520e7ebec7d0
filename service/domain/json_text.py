"""Parsing JSON from outside (request bodies, platform answers) with bounds a hostile sender
cannot push past.

`json.loads` raises `RecursionError` (not `ValueError`) on deep nesting, accepts `NaN` and
`Infinity` (which no database JSON column stores), and code that walks the result recursively
(schema validation, our own checks) can hit the recursion limit well below what the parser
accepts. One function refuses all of that up front as `UnacceptableJson`, a `ValueError`.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

MAX_DEPTH = 32  # our deepest body is 4 levels; generous, and far from the recursion limit


class UnacceptableJson(ValueError):
    """Not JSON, or JSON we refuse to handle; `reason` is a sentence safe to show."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(
    raw: bytes | str, *, max_depth: int = MAX_DEPTH, max_values: int | None = None
) -> Any:
    """The decoded value, or UnacceptableJson when it is malformed, nested too deeply or (with
    `max_values`) holds more arrays, objects and array items than that, counted in the text
    before it is parsed: parsing a megabyte of `[1,1,...]` costs more than refusing it."""
    data = _utf8(raw)
    if max_values is not None:
        # Each string has two quotes that no backslash escapes: counting them refuses a body
        # of many short strings before the (costlier) reading of its structure.
        strings = (data.count(b'"') - data.count(b'\\"')) // 2
        if strings > max_values:
            raise _too_many(max_values)
    shape = _Shape(data) if _may_exceed(data, max_depth, max_values) else None
    if shape is not None and max_values is not None and shape.values > max_values:
        raise _too_many(max_values)
    try:
        value = json.loads(data, parse_constant=_no_constants)
    except RecursionError:
        raise UnacceptableJson(f"The JSON is nested more than {max_depth} levels deep.") from None
    except (ValueError, UnicodeDecodeError):
        raise UnacceptableJson("The body is not valid JSON.") from None
    if shape is not None and not shape.within(value, max_depth):
        raise UnacceptableJson(f"The JSON is nested more than {max_depth} levels deep.")
    return value


def _utf8(raw: bytes | str) -> bytes:
    """The text as UTF-8 (JSON may come as UTF-16 or UTF-32), so its structure can be read
    from its bytes."""
    if isinstance(raw, str):
        return raw.encode("utf-8", "surrogatepass")
    encoding = json.detect_encoding(raw)
    if encoding in ("utf-8", "utf-8-sig"):
        return raw
    try:
        return raw.decode(encoding).encode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        raise UnacceptableJson("The body is not valid JSON.") from None


def _too_many(max_values: int) -> UnacceptableJson:
    return UnacceptableJson(
        f"The JSON holds more than {max_values:,} values; no request needs that many."
    )


def _may_exceed(data: bytes, max_depth: int, max_values: int | None) -> bool:
    """False when a count of the text's bytes already rules both bounds out (most bodies)."""
    opening = data.count(b"[") + data.count(b"{")
    return opening > max_depth or (
        max_values is not None and opening + data.count(b",") > max_values
    )


_STRINGS = re.compile(rb'"[^"]*+"')
_NOT_STRUCTURE = bytes(range(256)).translate(None, b"[]{},")
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")


@cache
def _balanced_within(depth: int) -> re.Pattern[bytes]:
    """Brackets balanced and at most `depth` deep; possessive, so matched in one pass."""
    pattern = b""
    for _ in range(depth):
        pattern = rb"(?:\[" + pattern + rb"\])*+"
    return re.compile(pattern)


class _Shape:
    """The structure of JSON text outside its strings, read at C speed: its brackets and
    commas. Walking the parsed value instead cost a quarter of a second per megabyte of
    `[[],[],...]`."""

    def __init__(self, data: bytes) -> None:
        # In valid JSON a backslash only starts an escape inside a string: drop escaped
        # backslashes, then escaped quotes, and every `"` left opens or closes a string.
        if b'"' in data:
            unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
            data = _STRINGS.sub(b"", unescaped)
        self.structure = data.translate(None, _NOT_STRUCTURE)
        # An array of n items has n - 1 commas and one `[`: items, arrays and objects.
        self.values = len(self.structure) - self.structure.count(b"]") - self.structure.count(b"}")

    def within(self, value: Any, max_depth: int) -> bool:
        """Whether the parsed `value` (of this text) is nested at most `max_depth` deep."""
        brackets = self.structure.translate(_SQUARE, _NOT_BRACKETS)
        return _balanced_within(max_depth).fullmatch(brackets) is not None


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
