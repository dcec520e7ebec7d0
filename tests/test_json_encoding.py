"""The encoder made once writes what `json.JSONEncoder` with the same options writes."""

from __future__ import annotations

import json

import pytest

from service.domain.json_encoding import compact_encoder

VALUES = [
    [],
    {},
    "plain",
    'quote " and \\ and \n',
    "é ü 中 \U0001f600",
    {"a": [1, -2, 2**70, 1.5, 1e16, 0.1, True, False, None], "b": {"c": "é"}},
    [{"nested": [[], {}, [[["deep"]]]]}],
    {1: "int key", 2.5: "float key", None: "null key", False: "bool key"},
    3,
    None,
]


@pytest.mark.parametrize("ensure_ascii", [True, False])
@pytest.mark.parametrize("allow_nan", [True, False])
def test_the_same_text_as_the_standard_encoder(ensure_ascii, allow_nan):
    encode = compact_encoder(ensure_ascii=ensure_ascii, allow_nan=allow_nan)
    reference = json.JSONEncoder(
        separators=(",", ":"), ensure_ascii=ensure_ascii, allow_nan=allow_nan
    ).encode
    for value in VALUES:
        assert encode(value) == reference(value)


def test_refusals_are_the_standard_encoders():
    with pytest.raises(ValueError, match="not JSON compliant"):
        compact_encoder(allow_nan=False)({"x": float("nan")})
    assert compact_encoder()([float("inf")]) == "[Infinity]"
    with pytest.raises(TypeError, match="not JSON serializable"):
        compact_encoder()({"x": object()})
