"""Column types that behave the same on SQLite and PostgreSQL: the one place dialects differ."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

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


Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
