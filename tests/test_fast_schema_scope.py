"""The fast path of request validation is there, and only where it is safe: every request
schema of openapi.yaml takes it but those listed (each with its reason), the hot path's
`createAction` never asks jsonschema about a valid body, and a value jsonschema-rs cannot take
is left to jsonschema."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import jsonschema_rs
import pytest
from openapi_schema_validator import OAS31Validator

from service.actions.types import names
from service.http.fast_schema import AGREED, SchemaCheck, why_jsonschema_only
from service.http.validation import OperationValidator
from tests.fast_schema_cases import BODIES, DOCUMENT, FAST, SLOW

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
