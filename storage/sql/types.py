"""Column types that behave the same on SQLite and PostgreSQL: the one place dialects differ."""

from __future__ import annotations

import datetime as dt
import functools
import json
from typing import Any

import sqlalchemy as sa

from storage.sql.packing import pack, unpack

UTC = dt.UTC


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

    def process_result_value(
        self, value: dt.datetime | None, dialect: sa.Dialect
    ) -> dt.datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


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


compact_json = functools.partial(json.dumps, separators=(",", ":"))
"""How JSON columns are written (the drivers' dialects use it): no whitespace. Actions and audit
entries are kept for ever, so every byte of theirs is paid for ever (bench/growth.py)."""


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


class PackedJson(Json):
    """Json that SQLite stores packed (storage/sql/packing.py) with the named dictionary, for the
    columns of actions, kept for ever. PostgreSQL's JSONB is unchanged. Reads take either form:
    text (rows before revision 0017, and values that packing would not shorten) or packed."""

    cache_ok = True

    def __init__(self, dictionary: str) -> None:
        super().__init__()
        self.dictionary = dictionary

    def bind_processor(self, dialect: sa.Dialect) -> Any:
        if dialect.name != "sqlite":
            return super().bind_processor(dialect)
        return functools.partial(self.process_bind_param, dialect=dialect)  # no JSON serializer

    def result_processor(self, dialect: sa.Dialect, coltype: Any) -> Any:
        if dialect.name != "sqlite":
            return super().result_processor(dialect, coltype)
        return functools.partial(self.process_result_value, dialect=dialect)

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

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> str | None:
        if dialect.name != "sqlite" or value is None:
            return value  # type: ignore[no-any-return]
        return unpack(value, self.dictionary)


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
        if isinstance(value, bytes):
            return value.hex()
        return value  # type: ignore[no-any-return]


REQUESTED_BY_KEYS = ("kind", "label", "client", "tool")


class RequestedBy(PackedJson):
    """An action's `requestedBy` ({kind, label, client, tool}), kept for ever: stored without its
    null members (`client` and `tool` are null unless an MCP client asked), read back with all
    four in their order, as rows written before revision 0016 hold them."""

    cache_ok = True

    def __init__(self) -> None:
        super().__init__("people")

    def process_bind_param(self, value: Any, dialect: sa.Dialect) -> Any:
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if v is not None or k not in ("client", "tool")}
        return super().process_bind_param(value, dialect)

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> Any:
        value = super().process_result_value(value, dialect)
        if not isinstance(value, dict):
            return value
        ordered = {
            k: value.get(k) for k in REQUESTED_BY_KEYS if k in value or k in ("client", "tool")
        }
        return ordered | {k: v for k, v in value.items() if k not in REQUESTED_BY_KEYS}
