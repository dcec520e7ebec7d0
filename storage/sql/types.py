"""Column types that behave the same on SQLite and PostgreSQL: the one place dialects differ."""

from __future__ import annotations

import datetime as dt
import functools
import json
from typing import Any

import sqlalchemy as sa

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


REQUESTED_BY_KEYS = ("kind", "label", "client", "tool")


class RequestedBy(Json):
    """An action's `requestedBy` ({kind, label, client, tool}), kept for ever: stored without its
    null members (`client` and `tool` are null unless an MCP client asked), read back with all
    four in their order, as rows written before revision 0016 hold them."""

    cache_ok = True

    def process_bind_param(self, value: Any, dialect: sa.Dialect) -> Any:
        if isinstance(value, dict):
            return {k: v for k, v in value.items() if v is not None or k not in ("client", "tool")}
        return value

    def process_result_value(self, value: Any, dialect: sa.Dialect) -> Any:
        if not isinstance(value, dict):
            return value
        ordered = {
            k: value.get(k) for k in REQUESTED_BY_KEYS if k in value or k in ("client", "tool")
        }
        return ordered | {k: v for k, v in value.items() if k not in REQUESTED_BY_KEYS}
