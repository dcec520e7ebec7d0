"""On shift or away (service/people/shifts.py): the one-tap states, weekly hours in the
member's own time zone, a night shift past midnight, and the form's refusals."""

from __future__ import annotations

import datetime as dt

import pytest

from service.errors.api_error import ApiError
from service.people.shifts import on_shift, parse_schedule, schedule_lines


def test_weekly_hours_in_the_members_time_zone_with_a_night_shift():
    hours = parse_schedule(
        "Europe/Berlin", {"mon": "09:00-13:00, 14:00-18:00", "fri": "22:00-06:00"}
    )
    assert schedule_lines(hours)["mon"] == "09:00-13:00, 14:00-18:00"

    def at(text: str) -> bool:
        return on_shift("schedule", hours, dt.datetime.fromisoformat(text))

    # Monday 2026-12-07; Berlin is UTC+1 in December.
    assert at("2026-12-07T08:30:00+00:00")  # 09:30 Berlin
    assert not at("2026-12-07T12:30:00+00:00")  # 13:30 Berlin: the lunch gap
    assert not at("2026-12-07T07:30:00+00:00")  # 08:30 Berlin
    assert at("2026-12-11T21:30:00+00:00")  # Friday 22:30 Berlin
    assert at("2026-12-12T04:00:00+00:00")  # Saturday 05:00 Berlin: Friday's night shift
    assert not at("2026-12-12T05:30:00+00:00")  # Saturday 06:30 Berlin: over
    assert on_shift("on", None, dt.datetime.now(dt.UTC))
    late = parse_schedule("UTC", {"sun": "20:00-24:00"})
    assert on_shift("schedule", late, dt.datetime(2026, 12, 13, 23, 59, tzinfo=dt.UTC))
    assert not on_shift("schedule", late, dt.datetime(2026, 12, 14, 0, 0, tzinfo=dt.UTC))
    assert not on_shift("off", hours, dt.datetime(2026, 12, 7, 8, 30, tzinfo=dt.UTC))


@pytest.mark.parametrize(
    ("zone", "days", "param"),
    [
        ("Mars/Olympus", {}, "timeZone"),
        ("UTC", {"tue": "9-5"}, "tue"),
        ("UTC", {"wed": "10:00-10:00"}, "wed"),
        ("UTC", {"thu": "18:00-24:30"}, "thu"),
    ],
)
def test_the_form_refuses_what_is_not_a_schedule(zone, days, param):
    with pytest.raises(ApiError) as refused:
        parse_schedule(zone, days)
    assert refused.value.code == "invalid_parameter" and refused.value.param == param
