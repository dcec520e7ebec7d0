"""The one keyset pager: cursors bound to their list, positions parsed by the list's key."""

from __future__ import annotations

import datetime as dt

import pytest
from itsdangerous import URLSafeSerializer

from service.errors.api_error import ApiError
from service.http.cursors import Cursors
from service.http.paging import Pager, by_count, by_id, by_time_and_id


def test_a_page_keeps_the_limit_and_signs_the_last_rows_key():
    pager = Pager(Cursors("s"), "things", {"mode": "live"}, 2, by_id)
    page = pager.page(["a", "b", "c"], lambda row: [row])
    assert (page.items, page.more) == (["a", "b"], True)
    assert pager.start(page.cursor) == "b"
    last = pager.page(["a", "b"], lambda row: [row])
    assert (last.items, last.more, last.cursor) == (["a", "b"], False, None)
    assert pager.start(None) is None


def test_positions_parse_by_the_lists_key():
    cursors = Cursors("s")
    timed = Pager(cursors, "timed", {}, 10, by_time_and_id)
    at = dt.datetime(2026, 11, 25, 9, tzinfo=dt.UTC)
    assert timed.start(timed.cursor([at.isoformat(), "act_1"])) == (at, "act_1")


@pytest.mark.parametrize(
    ("key", "position"),
    [(by_id, [1]), (by_id, []), (by_count, [-1]), (by_count, ["3"]), (by_time_and_id, ["x", "a"])],
)
def test_a_signed_position_of_the_wrong_shape_is_invalid_cursor(key, position):
    pager = Pager(Cursors("s"), "list", {}, 10, key)
    with pytest.raises(ApiError) as raised:
        pager.start(pager.cursor(position))
    assert raised.value.code == "invalid_cursor"


def test_a_cursor_of_another_list_or_filter_is_refused():
    cursors = Cursors("s")
    token = Pager(cursors, "accounts", {"mode": "live"}, 10, by_id).cursor(["acc_1"])
    for other in (
        Pager(cursors, "fans", {"mode": "live"}, 10, by_id),
        Pager(cursors, "accounts", {"mode": "test"}, 10, by_id),
    ):
        with pytest.raises(ApiError) as raised:
            other.start(token)
        assert raised.value.code == "invalid_cursor"


@pytest.mark.parametrize(
    "position",
    [
        ["2026-11-01T03:19:00.000Z", "6000000149"],
        [0],
        ["é ✓ 日本", "x" * 300],  # non-ASCII, and long enough that itsdangerous compresses it
        [],
    ],
)
def test_a_cursor_is_signed_exactly_as_itsdangerous_signs_it(position):
    cursors = Cursors("bench-secret")
    filters = {"account": "4823519", "fresh": False, "mode": "test", "key": "key_x"}
    token = cursors.encode("messages", filters, position)
    bound = Cursors._bind("messages", filters)
    assert token == URLSafeSerializer("bench-secret", salt="countersign.cursor").dumps(
        {"b": bound, "p": position}
    )
    assert cursors.decode(token, "messages", filters) == position
    with pytest.raises(ApiError):
        Cursors("another-secret").decode(token, "messages", filters)
