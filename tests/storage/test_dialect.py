"""The driver's dialect functions give one answer on both databases, whichever way a column
type stores its times: `day_of` is the UTC day (the last microsecond of a day included, a time
given in another zone counted in UTC) and `seconds_between` a difference in seconds."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from storage.sql.driver.dialect import day_of, seconds_between
from storage.sql.driver.types import UtcDateTime, UtcMicros

DAY = dt.date(2026, 11, 23)
LAST = dt.datetime(2026, 11, 23, 23, 59, 59, 999_999, tzinfo=dt.UTC)
PLUS_TWO = dt.timezone(dt.timedelta(hours=2))


@pytest.mark.parametrize("kind", [UtcMicros, UtcDateTime], ids=["micros", "text"])
async def test_day_of_is_the_utc_day(store, kind):
    times = {
        "last": LAST,
        "next": LAST + dt.timedelta(microseconds=1),
        "first": dt.datetime(2026, 11, 23, tzinfo=dt.UTC),
        "elsewhere": dt.datetime(2026, 11, 24, 1, 30, tzinfo=PLUS_TWO),  # 23:30 UTC
        "before_1971": dt.datetime(1970, 1, 2, 12, tzinfo=dt.UTC),
    }
    statement = sa.select(*(day_of(sa.bindparam(name, type_=kind())).label(name) for name in times))
    async with store.reading() as uow:
        row = (await uow.conn.execute(statement, times)).one()
    assert row._mapping == {
        "last": DAY,
        "next": DAY + dt.timedelta(days=1),
        "first": DAY,
        "elsewhere": DAY,
        "before_1971": dt.date(1970, 1, 2),
    }


@pytest.mark.parametrize("kind", [UtcMicros, UtcDateTime], ids=["micros", "text"])
async def test_seconds_between_is_the_difference_in_seconds(store, kind):
    earlier = LAST - dt.timedelta(days=1, seconds=90, milliseconds=250)
    statement = sa.select(
        seconds_between(sa.bindparam("later", type_=kind()), sa.bindparam("earlier", type_=kind()))
    )
    async with store.reading() as uow:
        seconds = (await uow.conn.execute(statement, {"later": LAST, "earlier": earlier})).scalar()
    assert float(seconds) == pytest.approx(86_400 + 90.25, abs=0.001)
