"""Stored JSON passed through into responses: byte for byte what encoding the value gives."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from starlette.responses import JSONResponse

from service.domain.stored_json import StoredJson, as_rendered, plain
from service.http.json_body import json_body
from storage.sql.driver.types import compact_json

text = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
    max_leaves=12,
)


def rendered(value) -> bytes:
    return JSONResponse(value).body


@given(st.dictionaries(text, values, max_size=6))
def test_stored_text_passed_through_only_when_it_is_the_rendered_form(value):
    stored = as_rendered(compact_json(value))
    if stored is not None:
        assert stored.encode() == rendered(value)
        assert stored.value() == value


@given(st.lists(st.dictionaries(text, values, max_size=4), max_size=5), st.booleans())
def test_a_body_with_stored_items_renders_as_the_decoded_body(items, stored_first):
    data = [as_rendered(compact_json(v)) or v for v in items]
    body = {"data": data, "hasMore": stored_first, "nextCursor": None, "meta": {"é": "ü"}}
    assert json_body(body) == rendered(plain(body))
    assert plain(body) == {**body, "data": items}


def test_escapes_and_old_separators_take_the_slow_way():
    assert as_rendered(compact_json({"text": "café"})) is None  # stored as caf\u00e9
    assert as_rendered(compact_json({"text": "\x7f"})) is None
    assert as_rendered(compact_json({"text": "\x01"})) is None
    assert as_rendered(json.dumps({"id": "1"})) is None  # default separators: "id": "1"
    plain_text = compact_json({"id": "1", "text": '<p>a\n"b"</p>', "price": None})
    assert as_rendered(plain_text) == plain_text
    assert isinstance(as_rendered(plain_text), StoredJson)


def test_only_a_leading_data_list_is_spliced():
    stored = StoredJson('{"id":"1"}')
    assert json_body({"data": [stored]}) == b'{"data":[{"id":"1"}]}'
    assert json_body({"data": []}) == rendered({"data": []})
