"""The earnings range: which days a read of earnings covers, whichever channel asks."""

from __future__ import annotations

import datetime as dt

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

MAX_DAYS = 366
"""A range covers at most a leap year: one read answers a year's chart."""
DEFAULT_DAYS = 30


def earnings_range(
    start: dt.date | None, end: dt.date | None, today: dt.date
) -> tuple[dt.date, dt.date]:
    """30 days by default: ending `end` (today when neither is given), or starting `start`
    when only it is given. Both given: exactly that range."""
    span = dt.timedelta(days=DEFAULT_DAYS - 1)
    if start is None:
        end = end or today
        start = end - span if end > dt.date.min + span else dt.date.min
    elif end is None:
        end = start + span if start < dt.date.max - span else dt.date.max
    if start > end:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "`startDate` must not be after `endDate`.",
            param="startDate",
        )
    if (end - start).days >= MAX_DAYS:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"A range covers at most {MAX_DAYS} days.", param="endDate"
        )
    return start, end
