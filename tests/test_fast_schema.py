"""The fast path of request validation (service/http/fast_schema.py) answers exactly as
jsonschema alone: differentially, over every request body and parameter schema of openapi.yaml.

Values come from a small generator of our own for the keywords the fast path allows (`AGREED`),
mutated in one place (wrong types, strings and lists past their bounds, missing and extra
fields, lone surrogates, huge integers, integral floats, infinity), and from arbitrary JSON."""

from __future__ import annotations

import json
import re
from typing import Any, ClassVar

import jsonschema_rs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from openapi_schema_validator import OAS31Validator

from service.actions.types import names
from service.errors.api_error import ApiError
from service.http.fast_schema import AGREED, SchemaCheck, why_jsonschema_only
from service.http.spec import load_document
from service.http.validation import PATH_IDS, OperationValidator

DOCUMENT = load_document()
FAST = {op: OperationValidator(DOCUMENT, op) for op in DOCUMENT.operations}
SLOW = {op: OperationValidator(DOCUMENT, op, fast=False) for op in DOCUMENT.operations}
BODIES = [(op, choice) for op, v in FAST.items() for choice in v.body_checks]
PARAMETERS = [(op, i) for op, v in FAST.items() for i in range(len(v.parameters))]
FAST_BODIES = [(op, c) for op, c in BODIES if FAST[op].body_checks[c].fast]
FAST_PARAMETERS = [(op, i) for op, i in PARAMETERS if FAST[op].parameters[i].check.fast]


def body_ids(cases: list[tuple[str, str]]) -> list[str]:
    return [f"{op}-{choice}" for op, choice in cases]


def parameter_ids(cases: list[tuple[str, int]]) -> list[str]:
    return [f"{op}-{FAST[op].parameters[i].name}" for op, i in cases]


# Jsonschema alone, and why: the only schemas the fast path leaves out today.
# Parameters jsonschema-rs cannot decide alone (`format` and `pattern` are checked by jsonschema):
# each is on a route that calls the platform or reads a date range, never the hot path.
JSONSCHEMA_ONLY = {
    ("listRevenueTransactions", "since"): "uses `format`",
    ("getPlatformRoute", "path"): "uses `pattern`",
    ("getPlatformRoute", "startDate"): "uses `format`",
    ("getPlatformRoute", "endDate"): "uses `format`",
    ("getEarnings", "startDate"): "uses `format`",
    ("getEarnings", "endDate"): "uses `format`",
    ("getAccountActivity", "from"): "uses `format`",
    ("getAccountActivity", "to"): "uses `format`",
    ("listFans", "search"): "uses `pattern`",
    ("listMessages", "search"): "uses `pattern`",
    ("listRevenueTransactions", "cursor"): "uses `pattern`",
    # A vault list's name refuses control characters and blank names (a pattern); post view
    # events carry a timestamp (a format). Both are rare writes, off the hot path.
    ("createAction", "create_vault_list"): "uses `pattern`",
    ("createAction", "rename_vault_list"): "uses `pattern`",
    ("createAction", "report_post_views"): "uses `format`",
    # Settings writes: rare, off the hot path.
    ("createWebhookEndpoint", ""): "uses `uniqueItems`",
    ("updateWebhookEndpoint", ""): "uses `minProperties`",
    ("createApiKey", ""): "uses `uniqueItems`",
    **{
        (operation, "cursor"): "uses `pattern`"
        for operation in (
            "listAccounts",
            "listFans",
            "listFanLists",
            "listChats",
            "listMessages",
            "listPosts",
            "listVaultLists",
            "listVaultMedia",
            "listActions",
        )
    },
}

EXAMPLES = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- values -------------------------------------------------------------------

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


# --- what the two paths answer ------------------------------------------------


def required_parameters(op: str) -> dict[str, dict[str, str]]:
    """A valid value for every required parameter of `op`, by location."""
    sources: dict[str, dict[str, str]] = {"query": {}, "path": {}, "header": {}}
    for param in FAST[op].parameters:
        if param.required:
            prefix = PATH_IDS.get(param.name, ("",))[0]
            sources[param.location][param.name] = prefix + {"integer": "1"}.get(param.kind, "a1")
    return sources


def outcome(validator: OperationValidator, sources: dict[str, dict[str, str]], body: bytes) -> Any:
    """What `parse` answers: the parsed request's repr (1, 1.0 and True differ there) or the
    refusal's code, param and message."""
    try:
        parsed = validator.parse(
            sources["query"], sources["path"], sources["header"], body, "application/json"
        )
    except ApiError as refused:
        return ("refused", refused.code, refused.param, refused.message)
    return ("parsed", repr(parsed))


def assert_alike(fast: Any, slow: Any) -> None:
    """The same answer, but for which error a refusal names when a value has several: the
    fast path names the first bad item of an array (jsonschema may name a later one), and a
    value over a size bound is refused naming that bound before any item is read. Both are
    true errors, refused with the same code."""
    if fast[0] == slow[0] == "refused" and fast[1] == slow[1]:
        if re.search(r"at most \d+", fast[3]):
            return
        fast, slow = (tuple(re.sub(r"\[\d+\]", "[i]", str(x)) for x in o) for o in (fast, slow))
    assert fast == slow, (fast, slow)


def assert_fast_never_accepts_what_jsonschema_refuses(check: SchemaCheck, value: Any) -> None:
    if check.fast is None:
        return
    try:
        fast_says_valid = check.fast.is_valid(value)
    except ValueError:  # it cannot take the value (a lone surrogate it compares): no verdict
        return
    if fast_says_valid:
        assert check.authority.is_valid(value), (check.authority.schema, value)


def assert_valid_passes_fast(check: SchemaCheck, value: Any) -> None:
    """A value jsonschema accepts is decided by the fast path alone (no fallback): that is the
    point of it. Our generated valid values hold no lone surrogates, which it cannot take."""
    assume(check.authority.is_valid(value))  # too few valid values fails the health check
    if check.fast is not None:
        assert check.fast.is_valid(value), (check.authority.schema, value)


# --- the differential tests ---------------------------------------------------


@pytest.mark.parametrize("op, choice", BODIES, ids=body_ids(BODIES))
@EXAMPLES
@given(data=st.data())
def test_bodies_parse_alike_with_and_without_the_fast_path(op, choice, data):
    check = FAST[op].body_checks[choice]
    value = data.draw(anything_for(check.authority.schema))
    assert_fast_never_accepts_what_jsonschema_refuses(check, value)
    sources = required_parameters(op)
    body = as_json(value)
    assert_alike(outcome(FAST[op], sources, body), outcome(SLOW[op], sources, body))


@pytest.mark.parametrize("op, choice", FAST_BODIES, ids=body_ids(FAST_BODIES))
@EXAMPLES
@given(data=st.data())
def test_valid_bodies_are_decided_by_the_fast_path(op, choice, data):
    check = FAST[op].body_checks[choice]
    value = data.draw(instances(check.authority.schema))
    assert_valid_passes_fast(check, value)
    sources = required_parameters(op)
    assert outcome(FAST[op], sources, as_json(value)) == outcome(SLOW[op], sources, as_json(value))
    assert_alike(
        outcome(FAST[op], sources, as_json(value)), outcome(SLOW[op], sources, as_json(value))
    )


RAW_PARAMETERS = st.one_of(
    TEXT,
    st.from_regex(r"-?[0-9]{1,20}", fullmatch=True),
    st.sampled_from(["true", "false", "", "1.0", "+5", "all", "pending", "act_1", "link_1"]),
    st.tuples(st.sampled_from(EDGE_SIZES), ANY_CHARACTER).map(lambda sc: sc[1] * sc[0]),
)


@pytest.mark.parametrize("op, index", PARAMETERS, ids=parameter_ids(PARAMETERS))
@EXAMPLES
@given(data=st.data())
def test_parameters_parse_alike_with_and_without_the_fast_path(op, index, data):
    param = FAST[op].parameters[index]
    value = data.draw(anything_for(param.check.authority.schema))
    assert_fast_never_accepts_what_jsonschema_refuses(param.check, value)
    if data.draw(st.booleans()):  # as a request sends it: a string, coerced by kind
        raw = data.draw(RAW_PARAMETERS)
    else:
        raw = str(value).lower() if isinstance(value, bool) else str(value)
    sources = required_parameters(op)
    sources[param.location] = {**sources[param.location], param.name: raw}
    assert outcome(FAST[op], sources, b"") == outcome(SLOW[op], sources, b"")


@pytest.mark.parametrize("op, index", FAST_PARAMETERS, ids=parameter_ids(FAST_PARAMETERS))
@EXAMPLES
@given(data=st.data())
def test_valid_parameters_are_decided_by_the_fast_path(op, index, data):
    param = FAST[op].parameters[index]
    assert_valid_passes_fast(param.check, data.draw(instances(param.check.authority.schema)))


# --- the fast path is there, and only where it is safe ------------------------


def test_create_action_bodies_and_parameters_use_jsonschema_rs():
    validator = FAST["createAction"]
    assert set(validator.body_checks) == set(names())
    slow = {("createAction", c) for c in validator.body_checks} & set(JSONSCHEMA_ONLY)
    fast = [c for name, c in validator.body_checks.items() if ("createAction", name) not in slow]
    for check in [*fast, *(p.check for p in validator.parameters)]:
        assert isinstance(check.fast, jsonschema_rs.Validator), check.jsonschema_only


class Refuses:
    """Stands in for jsonschema: fails the test if asked anything."""

    schema: ClassVar[dict[str, Any]] = {}

    def is_valid(self, value: Any) -> bool:
        raise AssertionError(f"jsonschema was asked about {value!r}")

    iter_errors = is_valid


def test_a_valid_send_message_is_parsed_without_asking_jsonschema(monkeypatch):
    validator = OperationValidator(DOCUMENT, "createAction")
    for check in [validator.body_checks["send_message"], *(p.check for p in validator.parameters)]:
        monkeypatch.setattr(check, "authority", Refuses())
    body = {"type": "send_message", "params": {"fanId": "f1", "text": "hi", "priceCents": 500}}
    path, headers = {"accountId": "4823519"}, {"Idempotency-Key": "k"}

    parsed = validator.parse({}, path, headers, json.dumps(body).encode(), "application/json")

    assert parsed.body == body and parsed.headers == headers and parsed.path == path
    # An invalid body goes to jsonschema, which words the error.
    with pytest.raises(AssertionError, match="jsonschema was asked"):
        validator.parse({}, path, headers, b'{"type":"send_message"}', "application/json")


def test_every_request_schema_is_fast_but_those_listed():
    checks = {(op, p.name): p.check for op, v in FAST.items() for p in v.parameters}
    checks |= {(op, c): FAST[op].body_checks[c] for op, c in BODIES}
    only = {where: c.jsonschema_only for where, c in checks.items() if c.fast is None}
    assert only == JSONSCHEMA_ONLY
    assert all(c.jsonschema_only is None for c in checks.values() if c.fast is not None)


def test_turned_off_every_check_is_jsonschema_alone():
    for validator in SLOW.values():
        checks = [*validator.body_checks.values(), *(p.check for p in validator.parameters)]
        assert all(check.fast is None for check in checks)


@pytest.mark.parametrize(
    "schema, why",
    [
        ({"type": "string", "maxLength": 3}, None),
        ({"type": "string", "format": "date-time"}, "uses `format`"),
        ({"type": "integer", "format": "int64"}, "uses `format`"),
        ({"type": "string", "pattern": "^a$"}, "uses `pattern`"),
        ({"properties": {"a": {"$ref": "#/components/schemas/A"}}}, "uses `$ref`"),
        ({"items": {"allOf": [{"format": "email"}]}}, "uses `format`"),
        ({"not": {"multipleOf": 0.1}}, "uses `multipleOf`"),
        ({"additionalProperties": {"uniqueItems": True}}, "uses `uniqueItems`"),
        (
            {"oneOf": [{"type": "object"}], "discriminator": {"propertyName": "t"}},
            "uses `discriminator`",
        ),
        ({"anyOf": [True, {"properties": {"x": False}}]}, None),
    ],
)
def test_what_keeps_a_schema_to_jsonschema_alone(schema, why):
    assert why_jsonschema_only(schema) == why


def test_agreed_keywords_name_no_format_ref_or_pattern():
    assert not AGREED & {"format", "$ref", "$dynamicRef", "pattern", "patternProperties"}


@pytest.mark.parametrize(
    "schema, value, refused_by",
    [
        ({"type": "string", "maxLength": 3}, "ab\ud800", None),
        ({"type": "string", "maxLength": 3}, "abc\ud800", "maxLength"),
        ({"type": "object", "additionalProperties": False}, {"\ud800": 1}, "additionalProperties"),
        ({"type": "array", "items": {"const": "a"}}, ["\udfff"], "const"),
    ],
)
def test_a_value_jsonschema_rs_cannot_take_is_left_to_jsonschema(schema, value, refused_by):
    check = SchemaCheck(OAS31Validator(schema, format_checker=OAS31Validator.FORMAT_CHECKER))
    assert check.fast is not None
    with pytest.raises(ValueError, match="surrogates not allowed"):
        check.fast.is_valid(value)

    error = check.error(value)

    assert (error and error.validator) == refused_by
