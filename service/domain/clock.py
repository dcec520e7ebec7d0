"""Time comes from a clock object so expiry and retry schedules are tested without sleeping."""

from __future__ import annotations

import datetime as dt
import re
from typing import Protocol

UTC = dt.UTC


class Clock(Protocol):
    def now(self) -> dt.datetime: ...


class SystemClock:
    def now(self) -> dt.datetime:
        return dt.datetime.now(UTC)


class ManualClock:
    """A clock the tests move by hand."""

    def __init__(self, start: dt.datetime | None = None) -> None:
        self._now = start or dt.datetime.now(UTC)

    def now(self) -> dt.datetime:
        return self._now

    def advance(self, **delta: float) -> dt.datetime:
        self._now += dt.timedelta(**delta)
        return self._now


def isoformat(value: dt.datetime | None) -> str | None:
    """RFC 3339 in UTC with a Z suffix and milliseconds, as every response uses."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


RFC3339 = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}"
    r"(\.[0-9]{1,9})?([Zz]|[+-][0-9]{2}:[0-9]{2})"
)
"""RFC 3339's `date-time` and nothing else: a calendar date, `T`, a fraction only after `.`,
an offset of `Z` or `±hh:mm`. ISO 8601 (which `fromisoformat` reads) also takes week dates,
`+0530`, `+05:30:15` and `,5`: not what the API promises."""


def parse_rfc3339(value: str) -> dt.datetime:
    """An RFC 3339 `date-time`, exactly (no surrounding spaces), as an aware UTC datetime;
    ValueError otherwise."""
    if not RFC3339.fullmatch(value):
        raise ValueError(value)
    return parse_instant(value)


def parse_instant(value: str) -> dt.datetime:
    """An RFC 3339 instant (with Z or an offset) as an aware UTC datetime; ValueError otherwise."""
    text = value.strip()
    if "t" not in text.lower() or len(text) < 20:
        raise ValueError(value)
    parsed = dt.datetime.fromisoformat(text.upper())  # RFC 3339 allows a lowercase t and z
    if parsed.tzinfo is None:
        raise ValueError(value)
    return parsed.astimezone(UTC)
