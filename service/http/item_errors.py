"""A refused long array's first bad item, found at C speed and worded by jsonschema.

jsonschema walks an array item by item at some 16 to 40 µs an id, so a mass message whose
thousandth fan id was bad cost 40 ms to refuse. Once jsonschema-rs has refused a value, this
walks it with its schema through the keywords that must all hold (`properties`, `items`,
`allOf`), asks jsonschema-rs about each item of a long array, and has jsonschema word the
first item jsonschema-rs refuses. A refused item refuses the whole value, so the answer is
always a true error; with several errors it may name another than jsonschema's best match.
An option (of `anyOf`, `oneOf`) is entered only when every other one refuses the value for
its fields alone (an unknown field, a missing required one, another tag): whether another
option takes the value is otherwise the full validation's to say. `not` is never entered.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import jsonschema_rs
from jsonschema.exceptions import ValidationError, best_match
from openapi_schema_validator import OAS31Validator

LONG = 32
"""Arrays at least this long are searched item by item; shorter ones are jsonschema's."""


class ItemErrors:
    """For one request schema (its `$ref`s inlined): the first bad item of a long array."""

    def __init__(self, validator: OAS31Validator, fast_enough: Any) -> None:
        self.validator = validator
        self.fast_enough = fast_enough
        """`why_jsonschema_only`: None for a schema jsonschema-rs may judge."""
        self._fast: dict[int, jsonschema_rs.Validator | None] = {}

    def first(self, value: Any) -> ValidationError | None:
        return self._walk(self.validator.schema, value, ())

    def _walk(self, schema: Any, value: Any, path: tuple[str | int, ...]) -> ValidationError | None:
        if not isinstance(schema, dict):
            return None
        for sub in schema.get("allOf", ()):
            found = self._walk(sub, value, path)
            if found is not None:
                return found
        for keyword in ("anyOf", "oneOf"):
            fitting = [o for o in schema.get(keyword, ()) if not _surely_refuses(o, value)]
            if len(fitting) == 1:  # every other option refuses it whatever its items hold
                found = self._walk(fitting[0], value, path)
                if found is not None:
                    return found
        items = schema.get("items")
        if isinstance(value, list) and isinstance(items, dict):
            if len(value) >= LONG:
                return self._first_bad(items, value, path)
            for index, item in enumerate(value):
                found = self._walk(items, item, (*path, index))
                if found is not None:
                    return found
        if isinstance(value, dict):
            for key, sub in (schema.get("properties") or {}).items():
                if key in value:
                    found = self._walk(sub, value[key], (*path, key))
                    if found is not None:
                        return found
        return None

    def _first_bad(
        self, items: dict[str, Any], value: list[Any], path: tuple[str | int, ...]
    ) -> ValidationError | None:
        fast = self._compiled(items)
        if fast is None:
            return None
        for index, item in enumerate(value):
            try:
                if fast.is_valid(item):
                    continue
            except ValueError:  # a lone surrogate jsonschema-rs cannot take: the full validation's
                return None
            error: ValidationError | None = best_match(
                self.validator.evolve(schema=items).iter_errors(item)
            )
            if error is None:  # jsonschema takes it after all: the full validation decides
                return None
            root = error
            while root.parent is not None:  # best_match may pick an error of an option
                root = root.parent
            root.relative_path.extendleft(reversed((*path, index)))  # from the item to the body
            return error
        return None

    def _compiled(self, schema: dict[str, Any]) -> jsonschema_rs.Validator | None:
        key = id(schema)
        if key not in self._fast:
            self._fast[key] = None
            if self.fast_enough(schema) is None:
                with suppress(Exception):
                    self._fast[key] = jsonschema_rs.Draft202012Validator(schema, offline=True)
        return self._fast[key]


def _surely_refuses(option: Any, value: Any) -> bool:
    """Whether `option` refuses `value` for its fields alone, whatever they hold."""
    if not isinstance(option, dict) or not isinstance(value, dict):
        return False
    known = option.get("properties") or {}
    if option.get("additionalProperties") is False and any(key not in known for key in value):
        return True
    if any(name not in value for name in option.get("required", ())):
        return True
    return any(
        isinstance(sub, dict) and "const" in sub and key in value and value[key] != sub["const"]
        for key, sub in known.items()
    )
