"""Column types that behave the same on SQLite and PostgreSQL: the one place dialects differ."""

from __future__ import annotations

import datetime as dt
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


class Json(sa.types.TypeDecorator[Any]):
    """JSON text on SQLite, JSONB on PostgreSQL. A decorator rather than `with_variant` so that
    PostgreSQL's dialect (30 ms to import, all its drivers) loads only on PostgreSQL."""

    impl = sa.JSON
    cache_ok = True

    def load_dialect_impl(self, dialect: sa.Dialect) -> sa.types.TypeEngine[Any]:
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSONB

            return dialect.type_descriptor(JSONB())
        return dialect.type_descriptor(sa.JSON())
