"""A fast verdict for request schemas: jsonschema-rs decides a valid request in about a
microsecond, where jsonschema takes tens; jsonschema words the errors and stays the authority.

A value passes on the fast path only when jsonschema-rs calls it valid. When jsonschema-rs
refuses it, or cannot take it (it raises on a lone surrogate in a string it compares),
jsonschema decides as before. So the fast path could only be wrong by accepting what jsonschema
refuses, and it is built only for schemas made of keywords on which the two agree
(`why_jsonschema_only`).
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import jsonschema_rs
from jsonschema.exceptions import ValidationError, best_match
from openapi_schema_validator import OAS31Validator

from service.http.item_errors import ItemErrors
from service.http.size_bounds import first_excess

# Keywords the two implement alike for JSON values (tests/test_fast_schema.py compares them
# on every request schema). Left out on purpose, among others: `$ref` (a recursive schema the
# inlining left as a reference), `format` (the two check different formats, and OAS's int32 and
# int64 are unknown to jsonschema-rs), `pattern` (Python's `re` against Rust's regex dialect),
# `discriminator` (openapi-schema-validator gives it meaning inside oneOf/anyOf/allOf),
# `multipleOf` (float arithmetic) and `uniqueItems` (equality of 1, 1.0 and true).
AGREED = frozenset(
    {
        *("type", "enum", "const", "required", "additionalProperties", "properties", "items"),
        *("minLength", "maxLength", "minItems", "maxItems"),
        *("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
        *("allOf", "anyOf", "oneOf", "not"),
        # Annotations: neither asserts anything with them.
        *("title", "description", "default", "examples", "example", "deprecated"),
    }
)
AGREED_PATTERNS = frozenset({r"[\x00-\x1F\x7F-\x9F\u2028\u2029\u202A-\u202E\u2066-\u2069]"})
"""Patterns the two dialects read alike: one unanchored class of hex escapes (a control,
separator or bidirectional formatting character; every platform id says `not` to it). Anchors
differ (Python's `$` also matches before a final newline), so any other `pattern` is
jsonschema's alone."""
ONE_SUBSCHEMA = ("additionalProperties", "items", "not")
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf")


def why_jsonschema_only(schema: Any) -> str | None:
    """Why `schema` (with its `$ref`s inlined) must be left to jsonschema alone, or None when
    jsonschema-rs can be trusted to call a value valid. The one place that decides."""
    if isinstance(schema, bool):
        return None
    if not isinstance(schema, dict):
        return f"a schema that is a {type(schema).__name__}"
    unknown = sorted(set(schema) - AGREED)
    if "pattern" in unknown and schema["pattern"] in AGREED_PATTERNS:
        unknown.remove("pattern")
    if unknown:
        return f"uses `{unknown[0]}`"
    subschemas = [schema[key] for key in ONE_SUBSCHEMA if key in schema]
    subschemas += [sub for key in SUBSCHEMA_LISTS for sub in schema.get(key, [])]
    subschemas += list(schema.get("properties", {}).values())
    return next(filter(None, map(why_jsonschema_only, subschemas)), None)


class SchemaCheck:
    """One request schema: jsonschema's validator, and jsonschema-rs's where it is safe.
    Values are what `json.loads` or parameter coercion make: no tuples, which jsonschema-rs
    (unlike jsonschema) would take for arrays."""

    def __init__(self, validator: OAS31Validator, *, fast: bool = True) -> None:
        self.authority = validator
        self.jsonschema_only = why_jsonschema_only(validator.schema) if fast else "turned off"
        self.fast: jsonschema_rs.Validator | None = (
            None
            if self.jsonschema_only
            else jsonschema_rs.Draft202012Validator(validator.schema, offline=True)
        )
        self.items = ItemErrors(validator, why_jsonschema_only)

    def error(self, value: Any) -> ValidationError | None:
        """None when `value` is valid, else the error jsonschema picks as the best match. A
        refused value's arrays, strings and objects are measured against their bounds before
        jsonschema reads any of their content (service/http/size_bounds.py): refusing 10^5
        items costs what refusing 51 does. (jsonschema-rs stops at the first failure, an
        array's `maxItems` before its items, so a valid value pays nothing for this.)"""
        with suppress(Exception):  # a value jsonschema-rs cannot take: jsonschema decides
            if self.fast is not None and self.fast.is_valid(value):
                return None
        excess = first_excess(self.authority.schema, value)
        if excess is not None:
            return ValidationError(
                f"over {excess.keyword} {excess.limit}",
                validator=excess.keyword,
                validator_value=excess.limit,
                path=excess.path,
                instance=None,
                schema={},
            )
        if self.fast is not None:  # a long array's first bad item, found at C speed
            found = self.items.first(value)
            if found is not None:
                return found
        # One pass: best_match is None when there is no error (an `is_valid` first walked a
        # refused value twice).
        error: ValidationError | None = best_match(self.authority.iter_errors(value))
        return error
