"""Daily charts for the statistics routes (`startDate`/`endDate`).

Earnings charts are computed from the ledger so they agree with `/payouts/transactions`.
Charts nobody can check against anything (trials, posts, stories, campaigns) are made up, but
stable: each day's value is a hash of the creator, the chart name and the date.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

from .http import Call, bad_request

MAX_DAYS = 366


def date_range(call: Call, default_days: int = 30) -> tuple[date, date]:
    """The inclusive day range asked for; the last `default_days` days when not given."""
    end = _parse(call, "endDate") or call.now.date()
    start = _parse(call, "startDate") or end - timedelta(days=default_days - 1)
    if start > end:
        raise bad_request("startDate must not be after endDate.")
    if (end - start).days >= MAX_DAYS:
        raise bad_request(f"A chart covers at most {MAX_DAYS} days.")
    return start, end


def _parse(call: Call, name: str) -> date | None:
    raw = call.query.get(name, "").strip()
    if not raw:
        return None
    try:
        return datetime.fromisoformat(raw).date()
    except ValueError:
        raise bad_request(f"{name} must be a date such as 2026-01-31.") from None


def days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=n) for n in range((end - start).days + 1)]


def made_up(call: Call, chart: str, low: int, high: int) -> list[dict[str, Any]]:
    """`[{"date", "count"}]`, the same numbers every time for the same creator and day."""
    start, end = date_range(call)

    def value(day: date) -> int:
        digest = hashlib.sha256(f"{call.me.user_id}:{chart}:{day}".encode()).digest()
        return low + int.from_bytes(digest[:4], "big") % (high - low + 1)

    return [{"date": day.isoformat(), "count": value(day)} for day in days(start, end)]


def summed(call: Call, amount: Callable[[date], int]) -> list[dict[str, Any]]:
    start, end = date_range(call)
    return [{"date": day.isoformat(), "count": amount(day)} for day in days(start, end)]
