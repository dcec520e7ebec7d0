"""Values for the fast path's differential tests (tests/test_fast_schema.py): a small generator
of our own for the keywords the fast path allows (`AGREED`), mutated in one place (wrong types,
strings and lists past their bounds, missing and extra fields, lone surrogates, huge integers,
integral floats, infinity), and arbitrary JSON."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st
from openapi_schema_validator import OAS31Validator

ANY_CHARACTER = st.characters(codec=None, exclude_categories=())  # surrogates too
SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, exclude_categories=())
# Any text, lone surrogates far more often than among all characters.
TEXT = st.one_of(
    st.text(max_size=20),
    st.text(ANY_CHARACTER, max_size=20),
    st.tuples(st.text(max_size=8), SURROGATES).map("".join),
)
EDGE_NUMBERS = [0, -1, 1.0, 0.5, -0.0, 25.0, 100.0, 101, 1001, 2000000, 2000000.0, 2000001]
EDGE_NUMBERS += [2000000.5, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**40, 1e308]
EDGE_NUMBERS += [float("inf"), float("-inf")]
# Lengths and sizes at and past every bound in openapi.yaml's request schemas.
EDGE_SIZES = [0, 1, 2, 49, 50, 51, 63, 64, 65, 100, 101, 200, 201, 255, 256, 500, 501]
EDGE_SIZES += [1000, 1001, 1024, 1025, 4999, 5000, 5001]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.sampled_from(EDGE_NUMBERS),
    TEXT,
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


def merged(schema: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """Both schemas' keywords at once (close enough to `allOf` for generating values)."""
    out = {**schema, **other}
    out["required"] = [*schema.get("required", []), *other.get("required", [])]
    names = {*schema.get("properties", {}), *other.get("properties", {})}
    out["properties"] = {
        name: merged(schema.get("properties", {}).get(name, {}), other["properties"][name])
        if name in other.get("properties", {})
        else schema["properties"][name]
        for name in names
    }
    return out


def instances(schema: Any) -> st.SearchStrategy[Any]:
    """Values shaped like `schema` (an `AGREED` one), valid for the most part."""
    if schema is True or schema == {}:
        return JSON_VALUES
    if schema is False:
        return st.nothing()
    if "not" in schema:  # what is left after the exclusions below is rare (`.`, `..`)
        excluded = OAS31Validator(schema["not"])
        rest = {k: v for k, v in schema.items() if k != "not"}
        return instances(rest).filter(lambda value: not excluded.is_valid(value))
    if "allOf" in schema:
        base = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            base = merged(base, part)
        return instances(base)
    if "anyOf" in schema or "oneOf" in schema:
        base = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}
        options = schema.get("anyOf", []) + schema.get("oneOf", [])
        return st.sampled_from(options).flatmap(lambda option: instances(merged(base, option)))
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([instances({**schema, "type": k}) for k in kind])
    low, high = schema.get("minimum"), schema.get("maximum")
    if kind == "string":
        # No control characters: ids refuse them, and a hundred ids drawn from any text would
        # almost never all be valid (hypothesis then gives up on finding valid bodies).
        # `anything_for` still sends them, to the differential test.
        return st.text(
            alphabet=st.characters(blacklist_categories=("Cc", "Cs")),
            min_size=schema.get("minLength", 0),
            max_size=schema.get("maxLength"),
        )
    if kind == "integer":
        return st.integers(min_value=low, max_value=high)
    if kind == "number":
        return st.floats(min_value=low, max_value=high, allow_nan=False, allow_infinity=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        items = instances(schema.get("items", {}))
        return st.lists(items, min_size=schema.get("minItems", 0), max_size=schema.get("maxItems"))
    if kind == "object":
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        return st.fixed_dictionaries(
            {name: instances(properties.get(name, {})) for name in required},
            optional={n: instances(s) for n, s in properties.items() if n not in required},
        )
    return JSON_VALUES


def changes(value: Any) -> st.SearchStrategy[Any]:
    """`value` replaced, or changed where bounds and types are checked."""
    options = [JSON_VALUES, st.sampled_from(EDGE_NUMBERS)]
    if isinstance(value, dict):
        keys = sorted(value)
        options.append(
            st.tuples(TEXT, JSON_VALUES).map(lambda extra: {**value, extra[0]: extra[1]})
        )
        if keys:
            options.append(
                st.sampled_from(keys).map(
                    lambda drop: {k: v for k, v in value.items() if k != drop}
                )
            )
    elif isinstance(value, list):
        filler = value[0] if value else "x"
        options.append(st.sampled_from(EDGE_SIZES).map(lambda n: [filler] * n))
    elif isinstance(value, str):
        options.append(
            st.tuples(st.sampled_from(EDGE_SIZES), ANY_CHARACTER).map(
                lambda size_char: size_char[1] * size_char[0]
            )
        )
        options.append(SURROGATES.map(lambda lone: value + lone))
    elif isinstance(value, int) and not isinstance(value, bool):
        options.append(st.sampled_from([float(value), value + 2**64, -value - 1, str(value)]))
    return st.one_of(options)


@st.composite
def mutation_of(draw: st.DrawFn, value: Any) -> Any:
    """`value` changed in one place, at any depth."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(mutation_of(value[key]))}
    if isinstance(value, list) and value and draw(st.booleans()):
        index = draw(st.integers(0, len(value) - 1))
        return [*value[:index], draw(mutation_of(value[index])), *value[index + 1 :]]
    return draw(changes(value))


def anything_for(schema: Any) -> st.SearchStrategy[Any]:
    shaped = instances(schema)
    return st.one_of(shaped, shaped.flatmap(mutation_of), JSON_VALUES)


def as_json(value: Any) -> bytes:
    # JSON has no infinity, but a number too large for a float decodes to one.
    text = json.dumps(value).replace("-Infinity", "-1e400").replace("Infinity", "1e400")
    return text.encode()
