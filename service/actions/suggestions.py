"""Policy suggestions from the record: per account and action type, the last 30 days of
people's decisions make a rule (pure; suggesting.py reads the record and applies them).

- Enough history: at least MIN_DECIDED actions of the type decided by people in the window.
  With 100 decisions and none rejected, the rule of three bounds the true share of rejections
  below 3% (95% confidence); with fewer, one chance rejection moves the share by more than the
  gap between "allow" and "ask two people", so the record says nothing yet.
- An allowance when at most ALLOW_AT_MOST of those decisions rejected or edited the action:
  people approved nearly all of them as asked. Its `maxPerDay` is the busiest day seen with
  HEADROOM: a normal day never runs out, and a runaway agent is stopped near its usual volume.
- Two people when at least TWO_PEOPLE_FROM were rejected or edited: a second look is earned.
- Between the two, no approval rule: only the daily limit.
- Each suggests a daily limit (`limits`) near the busiest day seen, LIMIT_HEADROOM above it,
  so even the allowance's actions stop at a volume the record never showed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import frozen

from service.actions import limits as daily
from service.actions.policy import MAX_PER_DAY, MEMBERS
from service.actions.record import TypeDay

WINDOW_DAYS = 30
MIN_DECIDED = 100
ALLOW_AT_MOST = 0.02
TWO_PEOPLE_FROM = 0.10
HEADROOM = 1.25
LIMIT_HEADROOM = 1.5

ALLOWANCE, TWO_PEOPLE, DAILY_LIMIT = "allowance", "two_people", "daily_limit"


@frozen
class Figures:
    """What one type's suggestion rests on, over the window."""

    type: str
    approved_unedited: int = 0
    edited: int = 0
    rejected: int = 0
    expired: int = 0
    by_allowance: int = 0
    failed: int = 0
    busiest_day: int = 0
    days: int = WINDOW_DAYS

    @property
    def decided(self) -> int:
        return self.approved_unedited + self.edited + self.rejected

    def sentence(self) -> str:
        return (
            f"{self.approved_unedited} approved unedited, {self.rejected} rejected, "
            f"{self.edited} edited in {self.days} days; busiest day {self.busiest_day}"
        )


@frozen
class Suggestion:
    account_id: str
    type: str
    kind: str
    rule: dict[str, Any] | None
    """The approval rule suggested (None for a daily limit alone)."""
    limit: dict[str, Any]
    figures: Figures
    state: str
    """`new`; `shadow` once its allowance runs in shadow; `applied` once it is live."""


def figures_of(days: Iterable[TypeDay], days_in_window: int = WINDOW_DAYS) -> list[Figures]:
    """Each type's totals and busiest day (by actions created), by type name."""
    by_type: dict[str, list[TypeDay]] = {}
    for d in days:
        by_type.setdefault(d.type, []).append(d)
    return [
        Figures(
            type=type_,
            approved_unedited=sum(d.approved_unedited for d in found),
            edited=sum(d.edited for d in found),
            rejected=sum(d.rejected for d in found),
            expired=sum(d.expired for d in found),
            by_allowance=sum(d.by_allowance for d in found),
            failed=sum(d.failed for d in found),
            busiest_day=max(d.created for d in found),
            days=days_in_window,
        )
        for type_, found in sorted(by_type.items())
    ]


def suggest(
    account_id: str, figures: Figures, rules: Sequence[Mapping[str, Any]] | None
) -> Suggestion | None:
    """The rule the record suggests for one type (None: not enough history yet)."""
    if figures.decided < MIN_DECIDED:
        return None
    turned_down = (figures.edited + figures.rejected) / figures.decided
    t = figures.type
    limit = {
        "types": [t],
        "perDay": min(daily.MAX_PER_DAY, math.ceil(figures.busiest_day * LIMIT_HEADROOM)),
    }
    rule: dict[str, Any] | None
    if turned_down <= ALLOW_AT_MOST:
        per_day = min(MAX_PER_DAY, math.ceil(figures.busiest_day * HEADROOM))
        kind, rule = (
            ALLOWANCE,
            {"types": [t], "approvals": 0, "approvers": MEMBERS, "maxPerDay": per_day},
        )
    elif turned_down >= TWO_PEOPLE_FROM:
        kind, rule = TWO_PEOPLE, {"types": [t], "approvals": 2, "approvers": MEMBERS}
    else:
        kind, rule = DAILY_LIMIT, None
    return Suggestion(account_id, t, kind, rule, limit, figures, _state(kind, t, rules))


def _own(rule: Mapping[str, Any], type_: str) -> bool:
    """A rule of this type alone, with no thresholds: the kind a suggestion writes."""
    return (
        list(rule.get("types", ())) == [type_]
        and rule.get("minPriceCents") is None
        and rule.get("minRecipients") is None
    )


def _state(kind: str, type_: str, rules: Sequence[Mapping[str, Any]] | None) -> str:
    for rule in rules or ():
        if not _own(rule, type_):
            continue
        if kind == ALLOWANCE and rule.get("approvals") == 0:
            return "shadow" if rule.get("shadow") else "applied"
        if kind == TWO_PEOPLE and rule.get("approvals") == 2:
            return "applied"
    return "new"


def with_suggestion(
    suggestion: Suggestion,
    rules: Sequence[Mapping[str, Any]],
    limits: Sequence[Mapping[str, Any]],
    *,
    live: bool,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The policy (rules, limits) with the suggestion written in: an allowance in shadow
    (`live` False) or live, replacing the type's own rule of the same kind. The type leaves
    the unconditional one-person rules it shared (they ask what no rule asks: one member),
    which would otherwise keep the allowance from ever applying. A daily limit is added only
    when no limit counts the type yet."""
    t = suggestion.type
    kept: list[dict[str, Any]] = []
    for rule in rules:
        if suggestion.rule is not None and _own(rule, t) and _replaced(suggestion.kind, rule):
            continue
        if (
            suggestion.kind == ALLOWANCE
            and t in rule.get("types", ())
            and rule.get("approvals", 1) == 1
            and rule.get("approvers", MEMBERS) == MEMBERS
            and rule.get("minPriceCents") is None
            and rule.get("minRecipients") is None
        ):
            rest = [x for x in rule["types"] if x != t]
            if rest:
                kept.append({**rule, "types": rest})
            continue
        kept.append(dict(rule))
    if suggestion.rule is not None:
        added = dict(suggestion.rule)
        if suggestion.kind == ALLOWANCE and not live:
            added["shadow"] = True
        kept.append(added)
    caps = [dict(limit) for limit in limits]
    if not any(t in limit.get("types", ()) for limit in caps):
        caps.append(dict(suggestion.limit))
    return kept, caps


def _replaced(kind: str, rule: Mapping[str, Any]) -> bool:
    if kind == ALLOWANCE:
        return rule.get("approvals") == 0
    return int(rule.get("approvals", 1)) >= 1
