"""Size before content: a request value's arrays, strings and objects measured against their
schema's `maxItems`, `maxLength` and `maxProperties` before any item is validated.

jsonschema checks an array's items even when the array is already too long, so a request
with 10^5 ids cost seconds of event loop before its `maxItems` refused it. `first_excess` walks
the value with the schema and looks at a node's size before its content, so refusing an
oversized array costs `len()`, whatever its length. It only refuses what the schema refuses
(in an `anyOf`/`oneOf`, only what every option refuses), and says so as jsonschema would
(`must be at most 50 items`); anything else it leaves to the full validation.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

BOUNDS = (("maxLength", str), ("maxItems", list), ("maxProperties", dict))


@frozen
class Excess:
    """Where the value is too large, which bound it breaks and that bound's value."""

    path: tuple[str | int, ...]
    keyword: str
    limit: int


class _Mismatch(Exception):
    """The value cannot match this (sub)schema for a reason other than size: an option of an
    `anyOf` that does not apply, which must not count as that option's size verdict."""


def first_excess(schema: Any, value: Any) -> Excess | None:
    """The first size bound `value` breaks that makes `schema` refuse it, or None."""
    try:
        return _walk(schema, value, ())
    except _Mismatch:
        return None


def _walk(schema: Any, value: Any, path: tuple[str | int, ...]) -> Excess | None:
    if not isinstance(schema, dict):
        return None
    for keyword, kind in BOUNDS:
        limit = schema.get(keyword)
        if isinstance(limit, int) and isinstance(value, kind) and len(value) > limit:
            return Excess(path, keyword, limit)
    for sub in schema.get("allOf", ()):
        found = _walk(sub, value, path)
        if found is not None:
            return found
    for keyword in ("anyOf", "oneOf"):
        if keyword in schema:
            found = _every_option(schema[keyword], value, path)
            if found is not None:
                return found
    if isinstance(value, list):
        return _items(schema, value, path)
    if isinstance(value, dict):
        return _properties(schema, value, path)
    return None


def _every_option(options: list[Any], value: Any, path: tuple[str | int, ...]) -> Excess | None:
    """An excess only when no option takes the value: the first option's size verdict (an
    option that cannot match for another reason does not count, and leaves none)."""
    first: Excess | None = None
    for option in options:
        try:
            found = _walk(option, value, path)
        except _Mismatch:
            continue
        if found is None:
            return None
        first = first or found
    if first is None:
        raise _Mismatch
    return first


def _items(schema: dict[str, Any], value: list[Any], path: tuple[str | int, ...]) -> Excess | None:
    items = schema.get("items")
    if not isinstance(items, dict):
        return None
    for index, item in enumerate(value):
        found = _walk(items, item, (*path, index))
        if found is not None:
            return found
    return None


def _properties(
    schema: dict[str, Any], value: dict[str, Any], path: tuple[str | int, ...]
) -> Excess | None:
    known: dict[str, Any] = schema.get("properties") or {}
    for key, sub in known.items():
        if isinstance(sub, dict) and "const" in sub and key in value and value[key] != sub["const"]:
            raise _Mismatch  # another option's tag (a `type` of another action type)
    extra = schema.get("additionalProperties")
    if extra is False and any(key not in known for key in value):
        raise _Mismatch  # an unknown field: jsonschema names it (with a hint for a typo)
    for key, item in value.items():
        sub = known.get(key, extra if isinstance(extra, dict) else None)
        found = _walk(sub, item, (*path, key))
        if found is not None:
            return found
    return None
