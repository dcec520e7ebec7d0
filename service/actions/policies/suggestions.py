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
- Admins above a price (besides the above, priced actions only): with at least MIN_PRICED
  priced actions decided by people, P is the price of the PRICE_PERCENTILE-th approved one
  (unedited), down to whole dollars. When at least TWO_PEOPLE_FROM of those at or above P were
  turned down (rejected or edited), and at least CLEARLY times the share below P, an admin
  approves the type's actions from P on: the dear ones are where people disagree.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from attrs import evolve, frozen

from service.actions.policies import limits as daily
from service.actions.policies.policy_rule import ADMINS, MAX_PER_DAY, MEMBERS, PolicyRule, Rules
from service.actions.policies.record import TypeDay, TypePrice

WINDOW_DAYS = 30
MIN_DECIDED = 100
ALLOW_AT_MOST = 0.02
TWO_PEOPLE_FROM = 0.10
HEADROOM = 1.25
LIMIT_HEADROOM = 1.5

MIN_PRICED = 40
PRICE_PERCENTILE = 0.9
MIN_ABOVE = 5
CLEARLY = 2.0

ALLOWANCE, TWO_PEOPLE, DAILY_LIMIT = "allowance", "two_people", "daily_limit"
ADMINS_ABOVE = "admins_above"
KINDS = (ALLOWANCE, TWO_PEOPLE, DAILY_LIMIT, ADMINS_ABOVE)


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
class PriceFigures:
    """What an `admins_above` suggestion rests on: the type's priced actions people decided,
    split at `min_price_cents`."""

    type: str
    min_price_cents: int
    above: int
    above_turned_down: int
    below: int
    below_turned_down: int
    days: int = WINDOW_DAYS

    @property
    def priced(self) -> int:
        return self.above + self.below

    def sentence(self) -> str:
        return (
            f"{self.priced} priced in {self.days} days; {self.above_turned_down} of the "
            f"{self.above} at or above ${self.min_price_cents // 100} turned down, "
            f"{self.below_turned_down} of the {self.below} below"
        )


@frozen
class Suggestion:
    account_id: str
    type: str
    kind: str
    rule: PolicyRule | None
    """The approval rule suggested (None for a daily limit alone)."""
    limit: daily.DailyLimit
    figures: Figures
    state: str
    """`new`; `shadow` once its allowance runs in shadow; `applied` once it is live."""
    priced: PriceFigures | None = None
    """An `admins_above` suggestion's figures (None for the others)."""


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


def suggest(account_id: str, figures: Figures, rules: Rules | None) -> Suggestion | None:
    """The rule the record suggests for one type (None: not enough history yet)."""
    if figures.decided < MIN_DECIDED:
        return None
    turned_down = (figures.edited + figures.rejected) / figures.decided
    t = figures.type
    limit = _limit(t, figures)
    rule: PolicyRule | None
    if turned_down <= ALLOW_AT_MOST:
        per_day = min(MAX_PER_DAY, math.ceil(figures.busiest_day * HEADROOM))
        kind, rule = (
            ALLOWANCE,
            PolicyRule((t,), approvals=0, approvers=MEMBERS, max_per_day=per_day),
        )
    elif turned_down >= TWO_PEOPLE_FROM:
        kind, rule = TWO_PEOPLE, PolicyRule((t,), approvals=2, approvers=MEMBERS)
    else:
        kind, rule = DAILY_LIMIT, None
    return Suggestion(account_id, t, kind, rule, limit, figures, _state(kind, t, rules))


def price_split(type_: str, prices: Iterable[TypePrice]) -> PriceFigures | None:
    """The type's priced record split at the PRICE_PERCENTILE-th approved price (None: fewer
    than MIN_PRICED priced decisions, or none approved)."""
    found = sorted((p for p in prices if p.type == type_), key=lambda p: p.price_cents)
    approved = sum(p.approved_unedited for p in found)
    if sum(p.approved_unedited + p.turned_down for p in found) < MIN_PRICED or not approved:
        return None
    rank, seen, at = math.ceil(approved * PRICE_PERCENTILE), 0, found[-1].price_cents
    for p in found:
        seen += p.approved_unedited
        if seen >= rank:
            at = p.price_cents
            break
    cut = max(100, at // 100 * 100)
    above = [p for p in found if p.price_cents >= cut]
    below = [p for p in found if p.price_cents < cut]
    return PriceFigures(
        type=type_,
        min_price_cents=cut,
        above=sum(p.approved_unedited + p.turned_down for p in above),
        above_turned_down=sum(p.turned_down for p in above),
        below=sum(p.approved_unedited + p.turned_down for p in below),
        below_turned_down=sum(p.turned_down for p in below),
    )


def suggest_admins_above(
    account_id: str,
    figures: Figures,
    priced: PriceFigures | None,
    rules: Rules | None,
) -> Suggestion | None:
    """An admin for the type's actions at or above a price, when the dear ones are clearly
    the ones people turn down (None: they are not, or too little priced history)."""
    if priced is None or priced.above < MIN_ABOVE:
        return None
    share_above = priced.above_turned_down / priced.above
    share_below = priced.below_turned_down / priced.below if priced.below else 0.0
    if share_above < TWO_PEOPLE_FROM or share_above < CLEARLY * share_below:
        return None
    t, cut = figures.type, priced.min_price_cents
    rule = PolicyRule((t,), min_price_cents=cut, approvals=1, approvers=ADMINS)
    limit = _limit(t, figures)
    applied = any(_admins_above(r, t) for r in rules or ())
    state = "applied" if applied else "new"
    return Suggestion(account_id, t, ADMINS_ABOVE, rule, limit, figures, state, priced)


def _limit(type_: str, figures: Figures) -> daily.DailyLimit:
    """The daily limit suggested with any suggestion: LIMIT_HEADROOM above the busiest day."""
    per_day = min(daily.MAX_PER_DAY, math.ceil(figures.busiest_day * LIMIT_HEADROOM))
    return daily.DailyLimit((type_,), per_day)


def _admins_above(rule: PolicyRule, type_: str) -> bool:
    """A rule of this type alone asking an admin from a price on: the kind it writes."""
    return (
        rule.types == (type_,)
        and rule.min_price_cents is not None
        and rule.min_recipients is None
        and rule.approvers == ADMINS
        and rule.approvals >= 1
    )


def _own(rule: PolicyRule, type_: str) -> bool:
    """A rule of this type alone, with no thresholds: the kind a suggestion writes."""
    return rule.types == (type_,) and rule.min_price_cents is None and rule.min_recipients is None


def _state(kind: str, type_: str, rules: Rules | None) -> str:
    for rule in rules or ():
        if not _own(rule, type_):
            continue
        if kind == ALLOWANCE and rule.approvals == 0:
            return "shadow" if rule.shadow else "applied"
        if kind == TWO_PEOPLE and rule.approvals == 2:
            return "applied"
    return "new"


def with_suggestion(
    suggestion: Suggestion,
    rules: Rules,
    limits: Sequence[daily.DailyLimit],
    *,
    live: bool,
) -> tuple[Rules, daily.Limits]:
    """The policy (rules, limits) with the suggestion written in: an allowance in shadow
    (`live` False) or live, replacing the type's own rule of the same kind. The type leaves
    the unconditional one-person rules it shared (they ask what no rule asks: one member),
    which would otherwise keep the allowance from ever applying. An admins-above rule replaces
    the type's own one. A daily limit is added only when no limit counts the type yet."""
    t = suggestion.type
    kept: list[PolicyRule] = []
    for rule in rules:
        if suggestion.kind == ADMINS_ABOVE:
            if not _admins_above(rule, t):
                kept.append(rule)
            continue
        if suggestion.rule is not None and _own(rule, t) and _replaced(suggestion.kind, rule):
            continue
        if (
            suggestion.kind == ALLOWANCE
            and t in rule.types
            and rule.approvals == 1
            and rule.approvers == MEMBERS
            and rule.min_price_cents is None
            and rule.min_recipients is None
        ):
            rest = tuple(x for x in rule.types if x != t)
            if rest:
                kept.append(evolve(rule, types=rest))
            continue
        kept.append(rule)
    if suggestion.rule is not None:
        shadow = suggestion.kind == ALLOWANCE and not live
        kept.append(evolve(suggestion.rule, shadow=True) if shadow else suggestion.rule)
    caps = tuple(limits)
    if not any(t in limit.types for limit in caps):
        caps += (suggestion.limit,)
    return tuple(kept), caps


def _replaced(kind: str, rule: PolicyRule) -> bool:
    if kind == ALLOWANCE:
        return rule.approvals == 0
    return rule.approvals >= 1
