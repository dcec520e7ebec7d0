"""The fast path of request validation (service/http/fast_schema.py) answers exactly as
jsonschema alone: differentially, over every request body and parameter schema of openapi.yaml.

Values come from a small generator of our own for the keywords the fast path allows (`AGREED`),
mutated in one place, and from arbitrary JSON (tests/fast_schema_values.py). Where the fast path
is used at all: tests/test_fast_schema_scope.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.errors.api_error import ApiError
from service.http.fast_schema import SchemaCheck
from service.http.validation import PATH_IDS, OperationValidator
from tests.fast_schema_cases import BODIES, FAST, PARAMETERS, SLOW
from tests.fast_schema_values import (
    ANY_CHARACTER,
    EDGE_SIZES,
    TEXT,
    anything_for,
    as_json,
    instances,
)

FAST_BODIES = [(op, c) for op, c in BODIES if FAST[op].body_checks[c].fast]
FAST_PARAMETERS = [(op, i) for op, i in PARAMETERS if FAST[op].parameters[i].check.fast]


def body_ids(cases: list[tuple[str, str]]) -> list[str]:
    return [f"{op}-{choice}" for op, choice in cases]


def parameter_ids(cases: list[tuple[str, int]]) -> list[str]:
    return [f"{op}-{FAST[op].parameters[i].name}" for op, i in cases]


EXAMPLES = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


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
