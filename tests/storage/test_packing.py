"""storage/sql/driver/packing.py: exact round trips, text kept when packing is not shorter."""

from __future__ import annotations

import json

import pytest

from storage.sql.driver.packing import DICTIONARIES, FORMAT, pack, unpack

SAMPLES = [
    "",
    "[]",
    '{"kind":"api_key","label":"backend"}',
    'Send a message from @maya.live to fan 123456: "Thanks for subscribing!".',
    json.dumps(
        [
            {
                "code": "fan_not_found",
                "message": "Fan 1 is not among @maya.live's fans in the last sync.",
                "param": "fanId",
            }
        ],
        separators=(",", ":"),
    ),
    'é ü ☂ 😀 \u0000 \\ "quoted"',
    "x" * 5000,
]


@pytest.mark.parametrize("dictionary", sorted(DICTIONARIES))
@pytest.mark.parametrize("text", SAMPLES)
def test_every_text_comes_back_exactly(dictionary, text):
    stored = pack(text, dictionary)
    assert unpack(stored, dictionary) == text
    if isinstance(stored, bytes):
        assert stored[0] == FORMAT and len(stored) < len(text.encode())
    else:
        assert stored == text


def test_the_products_words_pack_to_less_than_half():
    warnings = SAMPLES[4]
    packed = pack(warnings, "warnings")
    assert isinstance(packed, bytes) and len(packed) * 2 < len(warnings)


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown format"):
        unpack(b"\x02abc", "params")
