"""Column types that behave the same on SQLite and PostgreSQL: the one place dialects differ."""

from __future__ import annotations

import datetime as dt
import functools
import json
import numbers
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine.processors import str_to_datetime

from service.domain.json_encoding import compact_encoder
from storage.sql.driver.packing import pack, unpack

UTC = dt.UTC

ROW_ID: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer, "sqlite")
"""A number the database counts up for each row: 64-bit on PostgreSQL; on SQLite only an
`INTEGER PRIMARY KEY` is the row id that counts up itself (and it is 64-bit already)."""

Reader = Callable[[Any], Any]
"""A column's result processor: what the driver returned to the Python value."""

_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set in __init__


def json_text_value(text: str) -> Any:
    """JSON text to its value, as json.loads reads it. The decoder's scanner alone when it takes
    the text whole (what we write has no surrounding blanks): json.loads's two whitespace
    matches and Python-level calls were two fifths of its time on a message row. Anything else
    (blanks, a BOM, invalid text) goes to json.loads, which answers or raises as it always did."""
    try:
        value, end = _scan(text, 0)
    except StopIteration:
        end = -1
    return value if end == len(text) else json.loads(text)


def _utc(value: dt.datetime) -> dt.datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class UtcDateTime(sa.types.TypeDecorator[dt.datetime]):
    """Aware UTC datetimes in and out. SQLite keeps them as sortable UTC text, PostgreSQL as timestamptz."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(
        self, value: dt.datetime | None, dialect: sa.Dialect
    ) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime refused: every time in Countersign is UTC-aware")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        """PostgreSQL (whose driver takes aware datetimes as they are): `process_bind_param`
        in one call, not SQLAlchemy's wrapper of two (an action is written with eight)."""
        if dialect.name == "sqlite" or self.impl_instance.bind_processor(dialect) is not None:
            return super().bind_processor(dialect)

        def to_utc(value: dt.datetime | None) -> dt.datetime | None:
            if value is None or value.tzinfo is UTC:
                return value
            if value.tzinfo is None:
                raise ValueError("naive datetime refused: every time in Countersign is UTC-aware")
            return value.astimezone(UTC)

        return to_utc

    def process_result_value(
        self, value: dt.datetime | None, dialect: sa.Dialect
    ) -> dt.datetime | None:
        return None if value is None else _utc(value)

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Reader | None:
        """`process_result_value` after the dialect's reader, in one call per value instead of
        SQLAlchemy's three (a row of actions has eight of these columns)."""
        impl = self.impl_instance.result_processor(dialect, coltype)
        if impl is None:  # PostgreSQL: the driver returns datetimes

            def aware(value: dt.datetime | None) -> dt.datetime | None:
                # asyncpg gives timestamptz in UTC already: kept as it is, not copied.
                if value is None or value.tzinfo is UTC:
                    return value
                return _utc(value)

            return aware
        if impl is str_to_datetime:  # SQLite: the text SQLAlchemy wrote, read as it reads it
            parse = dt.datetime.fromisoformat

            def from_text(value: str | None) -> dt.datetime | None:
                return None if value is None else _utc(parse(value))

            return from_text
        return super().result_processor(dialect, coltype)


EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = dt.timedelta(microseconds=1)


class UtcMicros(UtcDateTime):
    """UtcDateTime that SQLite stores as an integer of microseconds since 1970 (8 bytes, where
    the text form takes 26), for the columns of actions, kept for ever with three indexes over
    their times. Exact both ways, and it sorts as the time does. PostgreSQL: timestamptz, as
    UtcDateTime. Text written before revision 0017 still reads."""

    cache_ok = True

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite":
            return super().bind_processor(dialect)
        return self._micros

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Any:
        if dialect.name != "sqlite":
            return super().result_processor(dialect, coltype)
        return self._datetime

    @staticmethod
    def _micros(value: dt.datetime | None) -> int | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime refused: every time in Countersign is UTC-aware")
        return (value - EPOCH) // MICROSECOND

    @staticmethod
    def _datetime(value: int | str | None) -> dt.datetime | None:
        if value is None:
            return None
        if isinstance(value, str):
            return dt.datetime.fromisoformat(value).replace(tzinfo=UTC)
        return EPOCH + value * MICROSECOND


compact_json: Callable[[Any], str] = compact_encoder()
"""How JSON columns are written (the drivers' dialects use it): no whitespace. Actions and audit
entries are kept for ever, so every byte of theirs is paid for ever (bench/growth.py). One
encoder made once (service/domain/json_encoding.py)."""


class Json(sa.types.TypeDecorator[Any]):
    """JSON text on SQLite, JSONB on PostgreSQL. A decorator rather than `with_variant` so that
    PostgreSQL's dialect (30 ms to import, all its drivers) loads only on PostgreSQL.

    Python None is stored as SQL NULL, not as the JSON text `null` (4 bytes a column on every
    row kept for ever); both read back as None (revision 0016 turned the old `null`s into NULL)."""

    impl = sa.JSON(none_as_null=True)
    cache_ok = True

    def load_dialect_impl(self, dialect: sa.Dialect) -> sa.types.TypeEngine[Any]:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSONB

            return dialect.type_descriptor(JSONB(none_as_null=True))
        return dialect.type_descriptor(sa.JSON(none_as_null=True))

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Reader | None:
        """On SQLite SQLAlchemy's reader is three Python calls around json.loads; this is one
        call around the scanner (`json_text_value`), with the same answers: None for NULL, a
        number SQLite hands back as a number kept as it is. PostgreSQL: the codecs decode."""
        if dialect.name != "sqlite" or getattr(dialect, "_json_deserializer", None) is not None:
            return self.impl_instance.result_processor(dialect, coltype)

        def from_text(value: Any) -> Any:
            if value is None:
                return None
            if value.__class__ is str:
                return json_text_value(value)
            try:
                return json.loads(value)
            except TypeError:
                if isinstance(value, numbers.Number):
                    return value
                raise

        return from_text


class WrittenJson(Json):
    """Json whose text comes back exactly as we wrote it: PostgreSQL `json` (kept as text),
    not `jsonb` (parsed, re-spaced and re-ordered); SQLite keeps text either way. For rows we
    serve as they are stored (synced messages, `as_rendered`), read with `as_written(column)`."""

    cache_ok = True

    def load_dialect_impl(self, dialect: sa.Dialect) -> sa.types.TypeEngine[Any]:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSON

            return dialect.type_descriptor(JSON(none_as_null=True))
        return super().load_dialect_impl(dialect)


def as_written(column: Any) -> Any:
    """A WrittenJson column selected as its stored text: a cast, so that asyncpg's json codec
    does not decode it (SQLite's text is text already; the cast costs nothing there)."""
    return sa.cast(column, sa.Text).label(column.name)


class PackedJson(Json):
    """Json that SQLite stores packed (storage/sql/driver/packing.py) with the named dictionary, for the
    columns of actions, kept for ever. PostgreSQL's JSONB is unchanged. Reads take either form:
    text (rows before revision 0017, and values that packing would not shorten) or packed."""

    cache_ok = True

    def __init__(self, dictionary: str) -> None:
        super().__init__()
        self.dictionary = dictionary

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        reshaped = type(self).process_bind_param is not PackedJson.process_bind_param
        if dialect.name != "sqlite":  # stored as given: the JSON type's processor alone
            if reshaped:
                return super().bind_processor(dialect)
            return self.impl_instance.bind_processor(dialect)
        if reshaped:
            return functools.partial(self.process_bind_param, dialect=dialect)
        dictionary = self.dictionary

        def to_stored(value: Any) -> Any:  # process_bind_param in one call: no JSON serializer
            return None if value is None else pack(compact_json(value), dictionary)

        return to_stored

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Reader | None:
        """`process_result_value` in one call, the text read by the scanner (json_text_value).
        PostgreSQL: the codecs decode and `process_result_value` keeps what they give."""
        if dialect.name != "sqlite":
            return self.impl_instance.result_processor(dialect, coltype)
        dictionary = self.dictionary

        def from_stored(value: Any) -> Any:
            if not isinstance(value, str | bytes):
                return value
            return json_text_value(unpack(value, dictionary))

        return from_stored

    def process_bind_param(self, value: Any, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite" or value is None:
            return value
        return pack(compact_json(value), self.dictionary)

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite" or not isinstance(value, str | bytes):
            return value
        return json.loads(unpack(value, self.dictionary))


class PackedText(sa.types.TypeDecorator[str]):
    """A string column that SQLite stores packed like PackedJson (an action's summary)."""

    impl = sa.String
    cache_ok = True

    def __init__(self, length: int, dictionary: str) -> None:
        super().__init__(length)
        self.length = length
        self.dictionary = dictionary

    def process_bind_param(self, value: str | None, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite" or value is None:
            return value
        return pack(value, self.dictionary)

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        """PostgreSQL: the string type's processor alone (none), as it stores the text as is."""
        if dialect.name != "sqlite":
            return self.impl_instance.bind_processor(dialect)
        return super().bind_processor(dialect)

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> str | None:
        if dialect.name != "sqlite" or value is None:
            return value  # type: ignore[no-any-return]
        return unpack(value, self.dictionary)

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Reader | None:
        """`process_result_value` in one call; none at all on PostgreSQL, where it keeps the
        value as it is (SQLAlchemy's wrapper was two Python calls per row for nothing)."""
        impl = self.impl_instance.result_processor(dialect, coltype)
        if impl is not None:
            return super().result_processor(dialect, coltype)
        if dialect.name != "sqlite":
            return None
        dictionary = self.dictionary

        def from_stored(value: Any) -> str | None:
            return None if value is None else unpack(value, dictionary)

        return from_stored


class HexDigest(sa.types.TypeDecorator[str]):
    """A sha256 hex digest (an action's request fingerprint): 32 bytes on SQLite instead of 64
    characters, the same lowercase hex back. PostgreSQL keeps the text. Rows before revision 0017
    hold the text and read back as they are."""

    impl = sa.String(64)
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite" or value is None:
            return value
        if len(value) == 64 and value == value.lower():
            try:
                return bytes.fromhex(value)
            except ValueError:
                return value
        return value

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> str | None:
        return _hex(value)  # type: ignore[no-any-return]

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        """PostgreSQL keeps the text as given: the string type's processor alone (none)."""
        if dialect.name != "sqlite":
            return self.impl_instance.bind_processor(dialect)
        return super().bind_processor(dialect)

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Reader | None:
        if self.impl_instance.result_processor(dialect, coltype) is not None:
            return super().result_processor(dialect, coltype)
        return _hex  # one call per value instead of SQLAlchemy's two


def _hex(value: Any) -> Any:
    return value.hex() if isinstance(value, bytes) else value


REQUESTED_BY_KEYS = ("kind", "label", "client", "tool")


class RequestedBy(PackedJson):
    """An action's `requestedBy` ({kind, label, client, tool}), kept for ever: stored without its
    null members (`client` and `tool` are null unless an MCP client asked), read back with all
    four in their order, as rows written before revision 0016 hold them."""

    cache_ok = True

    def __init__(self) -> None:
        super().__init__("people")

    def process_bind_param(self, value: Any, dialect: sa.Dialect) -> Any:
        return super().process_bind_param(_without_nulls(value), dialect)

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite":
            return super().bind_processor(dialect)
        dictionary = self.dictionary

        def to_stored(value: Any) -> Any:  # process_bind_param in one call
            return None if value is None else pack(compact_json(_without_nulls(value)), dictionary)

        return to_stored

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> Any:
        return _requested_by(super().process_result_value(value, dialect))

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Reader | None:
        read = super().result_processor(dialect, coltype)
        if read is None:  # PostgreSQL: the codec has decoded it
            return _requested_by
        return lambda value: _requested_by(read(value))


def _without_nulls(value: Any) -> Any:
    """`requestedBy` as stored: without `client` and `tool` when they are null."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v is not None or k not in ("client", "tool")}
    return value


def _requested_by(value: Any) -> Any:
    """`kind`, `label`, then `client` and `tool` (null when not stored), then anything else."""
    if not isinstance(value, dict):
        return value
    ordered = {k: value[k] for k in ("kind", "label") if k in value}
    ordered["client"] = value.get("client")
    ordered["tool"] = value.get("tool")
    if len(value) > len(ordered) - ("client" not in value) - ("tool" not in value):
        ordered.update((k, v) for k, v in value.items() if k not in REQUESTED_BY_KEYS)
    return ordered
