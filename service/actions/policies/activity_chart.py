"""The Activity page's charts as geometry the template draws as inline SVG: bars per day,
stacked by outcome, scaled into a fixed viewBox that the page stretches to the screen's width.
Drawn on the server so the page needs no script and loads nothing from elsewhere (the CSP holds)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from service.actions.policies.activity_day import ActivityDay

WIDTH, HEIGHT = 320.0, 150.0
LEFT, RIGHT, TOP, BOTTOM = 38.0, 4.0, 8.0, 22.0  # room for the value and date labels
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

OUTCOMES = (
    ("approved_by_allowance", "approved by an allowance"),
    ("approved_by_person", "approved by a person"),
    ("rejected", "rejected"),
    ("expired", "expired"),
    ("cancelled", "cancelled"),
    ("pending", "pending"),
)
"""Each action is in exactly one of these, so the stack's height is the day's `created`."""


@frozen
class Segment:
    kind: str  # the CSS class's suffix: its colour in app.css
    y: float
    height: float


@frozen
class Column:
    x: float
    width: float
    title: str  # the bar's <title>: what a tap or hover shows
    segments: list[Segment]


@frozen
class Chart:
    name: str
    label: str  # the SVG's accessible name
    top: str  # the value at the top of the scale
    first: str  # the dates under the axis
    last: str
    columns: list[Column]
    legend: list[tuple[str, str]]
    width: float = WIDTH
    height: float = HEIGHT
    left: float = LEFT
    plot_top: float = TOP
    baseline: float = TOP + PLOT_H


WAIT_TOPS = (1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400, 28800, 86400)
"""Round tops for a scale of seconds: seconds, minutes, hours, a day."""


def _scale(highest: float, tops: Sequence[float] = ()) -> float:
    """A round top for the scale: the first of `tops` that holds it, else 1, 2 or 5 times a
    power of ten, never below 1."""
    for top in tops:
        if highest <= top:
            return float(top)
    step = 1.0
    while True:
        for m in (1, 2, 5):
            if highest <= step * m:
                return step * m
        step *= 10


def _chart(
    name: str,
    label: str,
    days: Sequence[ActivityDay],
    parts: Sequence[tuple[str, str]],
    value: Callable[[ActivityDay, str], float],
    title: Callable[[ActivityDay], str],
    fmt: Callable[[float], str] = lambda v: f"{v:g}",
    tops: Sequence[float] = (),
) -> Chart:
    highest = max((sum(value(d, k) for k, _ in parts) for d in days), default=0.0)
    top = _scale(highest, tops)
    slot = PLOT_W / max(len(days), 1)
    columns = []
    for i, day in enumerate(days):
        y = TOP + PLOT_H
        segments = []
        for kind, _ in parts:
            height = PLOT_H * value(day, kind) / top
            if height > 0:
                y -= height
                segments.append(Segment(kind.replace("_", "-"), round(y, 2), round(height, 2)))
        columns.append(
            Column(
                round(LEFT + i * slot + slot * 0.1, 2), round(slot * 0.8, 2), title(day), segments
            )
        )
    return Chart(
        name=name,
        label=label,
        top=fmt(top),
        first=days[0].day.strftime("%b %-d") if days else "",
        last=days[-1].day.strftime("%b %-d") if days else "",
        columns=columns,
        legend=[(k.replace("_", "-"), text) for k, text in parts],
    )


def _outcomes(day: ActivityDay) -> str:
    found = [f"{getattr(day, k)} {text}" for k, text in OUTCOMES if getattr(day, k)]
    return f"{day.day:%b %-d}: {day.created} created" + (f" ({', '.join(found)})" if found else "")


def wait_text(seconds: float | None) -> str:
    if seconds is None:
        return "no decision"
    if seconds < 90:
        return f"{seconds:g} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def _short_time(seconds: float) -> str:
    """A scale's top: `30 s`, `20 min`, `4 h`."""
    if seconds < 60:
        return f"{seconds:g} s"
    if seconds < 3600:
        return f"{seconds / 60:g} min"
    return f"{seconds / 3600:g} h"


def charts(days: Sequence[ActivityDay]) -> list[Chart]:
    """Outcomes stacked per day, failed runs per day, and the median wait for a decision."""
    return [
        _chart(
            "outcomes",
            "Actions created per day, by outcome",
            days,
            OUTCOMES,
            lambda d, k: float(getattr(d, k)),
            _outcomes,
        ),
        _chart(
            "failed",
            "Approved actions whose platform call failed, per day",
            days,
            [("failed", "failed")],
            lambda d, k: float(d.failed),
            lambda d: f"{d.day:%b %-d}: {d.failed} failed",
        ),
        _chart(
            "wait",
            "Median time from creation to a decision, per day",
            days,
            [("wait", "median wait")],
            lambda d, k: d.median_decision_seconds or 0.0,
            lambda d: f"{d.day:%b %-d}: median wait {wait_text(d.median_decision_seconds)}",
            fmt=_short_time,
            tops=WAIT_TOPS,
        ),
    ]
