"""Size before content: an oversized array, string or object is refused by its bound without
any of its content being read, and only what the schema itself refuses is refused early."""

from __future__ import annotations

import json

import pytest
from openapi_schema_validator import OAS31Validator

from service.domain.json_text import UnacceptableJson, parse_json
from service.http.fast_schema import SchemaCheck
from service.http.size_bounds import Excess, first_excess
from service.http.spec import load_document


class Unread(list):
    """A list whose items must not be read: only its length may be asked."""

    def __iter__(self):
        raise AssertionError("an item was read")

    def __getitem__(self, index):
        raise AssertionError("an item was read")


def test_an_oversized_array_is_refused_by_its_length_alone():
    doc = load_document()
    check = SchemaCheck(doc.validator("components", "schemas", "SendMessageParams"))
    value = {"fanId": "1", "text": "hi", "mediaIds": Unread([None] * 100_000)}

    error = check.error(value)

    assert error is not None
    assert (error.validator, error.validator_value, list(error.absolute_path)) == (
        "maxItems",
        50,
        ["mediaIds"],
    )


def test_an_approval_edit_is_refused_by_the_loosest_option_that_fits():
    """Approve-with-edit's `params` is an anyOf of every type's params: an oversized array is
    refused only when no option takes it, named as the first option that fits says."""
    doc = load_document()
    schema = doc.validator("components", "schemas", "ApproveRequest").schema
    media = {"params": {"listId": "1", "mediaIds": Unread([None] * 101)}}
    assert first_excess(schema, media) == Excess(("params", "mediaIds"), "maxItems", 100)
    fits = {"params": {"listId": "1", "mediaIds": ["1"] * 80}}  # a vault list takes 100
    assert first_excess(schema, fits) is None


@pytest.mark.parametrize(
    "schema, value, excess",
    [
        ({"type": "string", "maxLength": 3}, "abcd", Excess((), "maxLength", 3)),
        ({"maxProperties": 1}, {"a": 1, "b": 2}, Excess((), "maxProperties", 1)),
        ({"items": {"maxLength": 1}, "maxItems": 3}, ["a", "bb"], Excess((1,), "maxLength", 1)),
        ({"allOf": [{"maxItems": 5}, {"maxItems": 1}]}, [1, 2], Excess((), "maxItems", 1)),
        ({"anyOf": [{"maxItems": 1}, {"type": "array"}]}, [1, 2], None),
        ({"anyOf": [{"maxItems": 1}, {"maxItems": 2}]}, [1, 2, 3], Excess((), "maxItems", 1)),
        # An option that cannot match for another reason (an unknown field, another tag)
        # leaves the verdict to the others, or to the full validation.
        (
            {"oneOf": [{"properties": {"t": {"const": "a"}, "x": {"maxLength": 1}}}, {}]},
            {"t": "b", "x": "long"},
            None,
        ),
        (
            {"anyOf": [{"additionalProperties": False}, {"properties": {"x": {"maxLength": 1}}}]},
            {"x": "long"},
            Excess(("x",), "maxLength", 1),
        ),
    ],
)
def test_only_what_the_schema_refuses_for_size_is_refused(schema, value, excess):
    assert first_excess(schema, value) == excess
    if excess is not None:  # jsonschema agrees it is refused
        assert not OAS31Validator(schema).is_valid(value)


@pytest.mark.parametrize(
    "text, refused",
    [
        ("[" * 32 + "]" * 32, None),
        ("[" * 33 + "]" * 33, "nested more than 32"),
        ('[{"a":' * 16 + "1" + "}]" * 16, None),
        ('[{"a":' * 17 + "1" + "}]" * 17, "nested more than 32"),
        (json.dumps(["[" * 40, '\\"[[[' * 20]), None),  # brackets in strings are text
        (json.dumps([[[1]]] * 40).encode("utf-16"), None),
        (json.dumps([1] * 20_001), "more than 20,000 values"),
        (json.dumps([1] * 20_001).encode("utf-16"), "more than 20,000 values"),
        (("[" * 33 + "]" * 33).encode("utf-32"), "nested more than 32"),
        (json.dumps([""] * 20_001), "more than 20,000 values"),
        (json.dumps([[]] * 10_001), "more than 20,000 values"),
        (json.dumps([",[" * 30_000]), None),
    ],
)
def test_parsing_refuses_depth_and_count_from_the_text(text, refused):
    if refused is None:
        assert parse_json(text, max_values=20_000) == json.loads(text)
        return
    with pytest.raises(UnacceptableJson, match=refused):
        parse_json(text, max_values=20_000)


@pytest.mark.parametrize("bad", ["\x85", ".", "", "9" * 65, 7])
def test_a_long_arrays_bad_item_is_found_by_jsonschema_rs_and_worded_by_jsonschema(bad):
    """The thousandth fan id is bad: the error is the one jsonschema alone gives, found
    without jsonschema walking the 999 good ones."""
    doc = load_document()
    fans: list = [str(n) for n in range(1000)]
    fans[-1] = bad
    value = {"type": "send_mass_message", "params": {"text": "hi", "audience": {"fanIds": fans}}}
    schema = doc.validator("components", "schemas", "SendMassMessageRequest")
    check = SchemaCheck(schema)

    found = check.items.first(value)
    alone = SchemaCheck(schema, fast=False).error(value)

    assert found is not None and alone is not None
    assert (found.validator, list(found.absolute_path)) == (
        alone.validator,
        list(alone.absolute_path),
    )
    assert list(found.absolute_path) == ["params", "audience", "fanIds", 999]
    assert check.error(value).validator == alone.validator


def test_an_option_is_entered_only_when_every_other_refuses_the_fields():
    """Approve-with-edit's params are an anyOf of every type's params: a mass message's fields
    fit one option only, so its bad fan id is the refusal; a value two options could take
    is left to the full validation."""
    doc = load_document()
    check = SchemaCheck(doc.validator("components", "schemas", "ApproveRequest"))
    fans = [str(n) for n in range(999)] + ["\x85"]
    mass = {"params": {"text": "hi", "audience": {"fanIds": fans}}}
    found = check.items.first(mass)
    assert found is not None
    assert list(found.absolute_path) == ["params", "audience", "fanIds", 999]
    media = ["1"] * 40 + ["\x85"]  # add to a vault list and remove from one take these fields
    vault = {"params": {"listId": "1", "mediaIds": media}}
    assert check.items.first(vault) is None
    assert check.error(vault) is not None
