"""Our column readers (storage/sql/driver/types.py) fuse SQLAlchemy's chain of result processors into
one call per value, and rows become models positionally (storage/sql/driver/rows.py): both must answer
exactly what the slower way answered, errors included."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import attrs
import pytest
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import asyncpg as sa_asyncpg
from sqlalchemy.dialects.sqlite import pysqlite

from storage.sql.driver.packing import pack
from storage.sql.driver.result import make_rows
from storage.sql.driver.rows import to_model
from storage.sql.driver.types import (
    REQUESTED_BY_KEYS,
    HexDigest,
    Json,
    PackedJson,
    PackedText,
    RequestedBy,
    UtcDateTime,
    compact_json,
    json_text_value,
)

SQLITE = pysqlite.dialect(json_serializer=compact_json)
POSTGRES = sa_asyncpg.dialect(json_serializer=compact_json)  # type: ignore[no-untyped-call]


def readers(type_: sa.types.TypeDecorator[Any], dialect: sa.Dialect) -> tuple[Any, Any]:
    """(ours, SQLAlchemy's own chain) for one column type on one dialect."""
    adapted = type_.dialect_impl(dialect)
    assert isinstance(adapted, sa.types.TypeDecorator)
    ours = type_._cached_result_processor(dialect, None)  # what the plans use
    theirs = sa.types.TypeDecorator.result_processor(adapted, dialect, None)
    return ours, theirs


def same_answer(ours: Any, theirs: Any, value: Any) -> None:
    try:
        expected = theirs(value) if theirs is not None else value
    except (ValueError, TypeError) as exc:
        with pytest.raises(type(exc)):
            ours(value)
        return
    got = ours(value)
    assert repr(got) == repr(expected) and type(got) is type(expected)  # repr: NaN is not NaN
    if isinstance(expected, dt.datetime):
        assert got.tzinfo == expected.tzinfo
    if isinstance(expected, dict):
        assert list(got) == list(expected)


@pytest.mark.parametrize(
    "value",
    [
        None,
        "2026-11-25 14:52:37.123456",
        "2026-11-25 14:52:37",
        "2026-11-25 14:52",
        "2026-11-25",
        "2026-11-25T14:52:37.123+02:00",
        "2026-11-25 14:52:37.12",
        "not a time",
        "",
        12,
    ],
)
def test_sqlite_times_read_as_sqlalchemy_reads_them(value: Any) -> None:
    same_answer(*readers(UtcDateTime(), SQLITE), value)


@pytest.mark.parametrize(
    "value",
    [
        None,
        dt.datetime(2026, 11, 25, 14, 52, 37, 123456),
        dt.datetime(2026, 11, 25, 14, 52, 37, tzinfo=dt.UTC),
        dt.datetime(2026, 11, 25, 16, 52, 37, tzinfo=dt.timezone(dt.timedelta(hours=2))),
    ],
)
def test_postgres_times_read_as_sqlalchemy_reads_them(value: Any) -> None:
    same_answer(*readers(UtcDateTime(), POSTGRES), value)


JSON_TEXTS = [
    None,
    '{"fanId":"f1","text":"<p>1</p>"}',
    '{"a": 1, "b": [1, 2.5, null, true]}',
    ' {"a":1} ',
    "[]",
    "[1,2]",
    '"text"',
    "1",
    "-2.5e3",
    "null",
    "NaN",
    "\ufeff{}",
    '{"a":1}x',
    "{",
    "",
    '{"é":"\\u00e9\\ud83d\\ude00"}',
    b'{"a":1}',
    5,
    2.5,
]


@pytest.mark.parametrize("value", JSON_TEXTS)
def test_sqlite_json_reads_as_sqlalchemy_reads_it(value: Any) -> None:
    same_answer(*readers(Json(), SQLITE), value)


@pytest.mark.parametrize("value", [v for v in JSON_TEXTS if isinstance(v, str)])
def test_json_text_value_is_json_loads(value: str) -> None:
    same_answer(json_text_value, json.loads, value)


def former_requested_by(value: Any) -> Any:
    """RequestedBy's reader as revision 0016 wrote it (the reference)."""
    if not isinstance(value, dict):
        return value
    ordered = {k: value.get(k) for k in REQUESTED_BY_KEYS if k in value or k in ("client", "tool")}
    return ordered | {k: v for k, v in value.items() if k not in REQUESTED_BY_KEYS}


REQUESTED = [
    {"kind": "api_key", "label": "ci"},
    {"kind": "api_key", "label": "ci", "client": None, "tool": None},
    {"label": "ci", "kind": "mcp", "tool": "create_action", "client": "claude"},
    {"kind": "user", "label": "Ann", "extra": 1},
    {"extra": 1, "tool": "t", "kind": "user"},
    {"client": "c"},
    {},
    [1, 2],
    "text",
    None,
]


def by_process_result_value(type_: sa.types.TypeDecorator[Any], dialect: sa.Dialect) -> Any:
    """(ours, the type's own process_result_value alone): for the packed types SQLAlchemy's
    chain does not apply (their stored form is not JSON text)."""
    adapted = type_.dialect_impl(dialect)
    assert isinstance(adapted, sa.types.TypeDecorator)
    ours = type_._cached_result_processor(dialect, None)
    return (ours or (lambda value: value)), lambda value: adapted.process_result_value(
        value, dialect
    )


PACKED_VALUES = [
    {"fanId": "f1", "text": "<p>Hello from the bench</p>"},
    [{"code": "fan_not_found", "message": "No such fan.", "param": "fanId"}],
    [],
    "text",
    1,
]


@pytest.mark.parametrize("value", PACKED_VALUES)
@pytest.mark.parametrize("dictionary", ["params", "people", "outcome", "warnings"])
def test_packed_json_reads_as_its_process_result_value(value: Any, dictionary: str) -> None:
    ours, theirs = by_process_result_value(PackedJson(dictionary), SQLITE)
    text = compact_json(value)
    for stored in (None, text, pack(text, dictionary), " " + text, 5):
        same_answer(ours, theirs, stored)
    ours, theirs = by_process_result_value(PackedJson(dictionary), POSTGRES)
    same_answer(ours, theirs, value)
    same_answer(ours, theirs, None)


@pytest.mark.parametrize("dialect", [SQLITE, POSTGRES], ids=["sqlite", "postgres"])
def test_packed_text_and_digests_read_as_their_process_result_value(dialect: sa.Dialect) -> None:
    ours, theirs = by_process_result_value(PackedText(400, "summary"), dialect)
    summary = "Send a message to fan f1: Hello from the bench"
    stored = [None, summary, pack(summary, "summary")] if dialect is SQLITE else [None, summary]
    for value in stored:
        same_answer(ours, theirs, value)
    ours, theirs = by_process_result_value(HexDigest(), dialect)
    digest = "ab" * 32
    for value in (None, digest, bytes.fromhex(digest), "not hex"):
        same_answer(ours, theirs, value)


@pytest.mark.parametrize("value", REQUESTED)
@pytest.mark.parametrize("dialect", [SQLITE, POSTGRES], ids=["sqlite", "postgres"])
def test_requested_by_reads_as_before(value: Any, dialect: sa.Dialect) -> None:
    ours, _theirs = readers(RequestedBy(), dialect)
    stored = json.dumps(value) if dialect is SQLITE and value is not None else value
    if dialect is SQLITE:
        expected = former_requested_by(None if value is None else json.loads(stored))
    else:  # PostgreSQL's codec has decoded the JSON already
        expected = former_requested_by(value)
    got = ours(stored)
    assert got == expected and type(got) is type(expected)
    if isinstance(expected, dict):
        assert list(got) == list(expected)
        if dialect is SQLITE:  # as revision 0017 stores it
            assert list(ours(pack(compact_json(value), "people"))) == list(expected)
    adapted = RequestedBy().dialect_impl(dialect)
    assert adapted.process_result_value(stored, dialect) == expected


@attrs.frozen
class Thing:
    id: str
    name: str
    tags: tuple[str, ...] = ()
    size: int = 0


def test_rows_become_models_by_position_or_keyword_alike() -> None:
    """A row holding every field builds positionally; one holding some by keyword, the rest
    taking defaults; a later duplicate column wins; overrides still apply."""
    [full] = make_rows(["size", "id", "extra", "name", "tags"], [(3, "t1", "x", "n", ("a",))])
    assert to_model(Thing, full) == Thing(id="t1", name="n", tags=("a",), size=3)
    [some] = make_rows(["name", "id"], [("n", "t2")])
    assert to_model(Thing, some) == Thing(id="t2", name="n")
    [twice] = make_rows(["id", "name", "id"], [("first", "n", "second")])
    assert to_model(Thing, twice) == Thing(id="second", name="n")
    assert to_model(Thing, full, tags=("b",)) == Thing(id="t1", name="n", tags=("b",), size=3)
    [one] = make_rows(["id"], [("solo",)])

    @attrs.frozen
    class Single:
        id: str

    assert to_model(Single, one) == Single(id="solo")
