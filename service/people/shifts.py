"""On shift or away: a member's one-tap state, or a weekly schedule in their time zone.

`shift` is `on`, `off` or `schedule`; a schedule is `{timeZone, days: {mon: [["09:00",
"17:00"]], ...}}`. A range that ends before it starts runs past midnight into the next day
(a night shift `22:00-06:00` on Friday covers Saturday's early hours); `24:00` ends a day. Pure: the caller hands
in the time.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Mapping
from typing import Any

from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

SHIFTS = ("on", "off", "schedule")
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_RANGE = re.compile(r"^\s*([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)\s*$")


def on_shift(shift: str, schedule: Mapping[str, Any] | None, now: dt.datetime) -> bool:
    """Whether new actions reach the member at `now` (an aware time)."""
    if shift != "schedule":
        return shift != "off"
    if not schedule:
        return False
    local = now.astimezone(zoneinfo.ZoneInfo(str(schedule.get("timeZone") or "UTC")))
    minute = local.hour * 60 + local.minute
    days = schedule.get("days") or {}
    today, yesterday = DAYS[local.weekday()], DAYS[(local.weekday() - 1) % 7]
    for start, end in _minutes(days.get(today)):
        if start <= minute < end or (end <= start and minute >= start):
            return True
    # Yesterday's night shift, still running after midnight.
    return any(end <= start and minute < end for start, end in _minutes(days.get(yesterday)))


def _at(hours: str, minutes: str) -> int:
    return int(hours) * 60 + int(minutes)


def _minutes(ranges: Any) -> list[tuple[int, int]]:
    """Each stored range as minutes of the day (`24:00` is the day's end, 1,440)."""
    return [(_at(*start.split(":")), _at(*end.split(":"))) for start, end in ranges or ()]


def parse_schedule(time_zone: str, lines: Mapping[str, str]) -> dict[str, Any]:
    """A schedule from the People page's form: a time zone and, per day, ranges such as
    `09:00-13:00, 14:00-18:00` (empty: not on shift that day). Refused with the day named."""
    time_zone = time_zone.strip() or "UTC"
    try:
        zoneinfo.ZoneInfo(time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Give a time zone such as Europe/Berlin or America/New_York.",
            param="timeZone",
        ) from None
    days: dict[str, list[list[str]]] = {}
    for day in DAYS:
        ranges = []
        for part in filter(None, (p.strip() for p in (lines.get(day) or "").split(","))):
            found = _RANGE.match(part)
            start, end = (
                (0, 0) if found is None else (_at(*found.groups()[:2]), _at(*found.groups()[2:]))
            )
            if found is None or start == end or end > 24 * 60:
                raise ApiError(
                    ErrorCode.INVALID_PARAMETER,
                    f"Write {day}'s hours as ranges like 09:00-17:00, separated by commas.",
                    param=day,
                )
            ranges.append([f"{found[1]}:{found[2]}", f"{found[3]}:{found[4]}"])
        if ranges:
            days[day] = ranges
    return {"timeZone": time_zone, "days": days}


def schedule_lines(schedule: Mapping[str, Any] | None) -> dict[str, str]:
    """The schedule as the form shows it, day by day."""
    days = (schedule or {}).get("days") or {}
    return {day: ", ".join(f"{a}-{b}" for a, b in days.get(day, ())) for day in DAYS}
