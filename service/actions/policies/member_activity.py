"""What each member decided: decisions per member per UTC day and the median time from an
action's creation to their decision, over the same range rule as an account's activity.

Every approval counts for the person who gave it (a two-approval action is two decisions), a
rejection for the person who rejected; decisions by a policy's allowance are nobody's.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence

from attrs import frozen

from service.actions.model import Action
from service.actions.policies.activity import DAY, date_range
from service.actions.reach import visible_account
from service.domain.principal import Principal
from service.ports import Store


@frozen
class Decision:
    email: str
    name: str
    at: dt.datetime
    seconds: float
    approved: bool


@frozen
class MemberDay:
    day: dt.date
    approved: int
    rejected: int
    median_seconds: float | None


@frozen
class MemberActivity:
    email: str
    name: str
    days: Sequence[MemberDay]
    """Only the days with decisions, newest first."""
    decisions: int
    median_seconds: float | None


def decisions_in(action: Action) -> Iterable[Decision]:
    """The people's decisions an action holds (its approvals, or its rejection)."""
    if action.status == "rejected" and action.decided_by and action.decided_at is not None:
        who = action.decided_by
        yield Decision(
            str(who.get("email") or ""),
            str(who.get("name") or ""),
            action.decided_at,
            (action.decided_at - action.created_at).total_seconds(),
            approved=False,
        )
        return
    for approval in action.approvals:
        if not approval.get("email"):
            continue  # a policy's allowance, or a caller that is not a person
        at = _instant(approval.get("at")) or action.decided_at
        if at is None:
            continue
        yield Decision(
            str(approval["email"]),
            str(approval.get("name") or ""),
            at,
            (at - action.created_at).total_seconds(),
            approved=True,
        )


def _instant(value: object) -> dt.datetime | None:
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return dt.datetime.fromisoformat(value)
        except ValueError:
            return None
    return None


def by_member(actions: Iterable[Action], email: str | None = None) -> list[MemberActivity]:
    """Each member's decisions (only `email`'s when given), the busiest first."""
    grouped: dict[str, list[Decision]] = defaultdict(list)
    for action in actions:
        for decision in decisions_in(action):
            if email is None or decision.email.casefold() == email.casefold():
                grouped[decision.email].append(decision)
    out = []
    for who, decisions in grouped.items():
        per_day: dict[dt.date, list[Decision]] = defaultdict(list)
        for d in decisions:
            per_day[d.at.astimezone(dt.UTC).date()].append(d)
        days = [
            MemberDay(
                day,
                sum(1 for d in ds if d.approved),
                sum(1 for d in ds if not d.approved),
                statistics.median(d.seconds for d in ds),
            )
            for day, ds in sorted(per_day.items(), reverse=True)
        ]
        out.append(
            MemberActivity(
                who,
                decisions[-1].name,
                days,
                len(decisions),
                statistics.median(d.seconds for d in decisions),
            )
        )
    return sorted(out, key=lambda m: (-m.decisions, m.email))


async def member_activity(
    store: Store,
    principal: Principal,
    account_id: str,
    start_text: str | None,
    end_text: str | None,
    now: dt.datetime,
    email: str | None = None,
) -> list[MemberActivity]:
    """The decisions on one account's actions created in the range, per member (the account
    must be one the principal reaches, else `404 account_not_found`)."""
    start, end = date_range(start_text, end_text, now.astimezone(dt.UTC).date())
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        found = await uow.actions.decided_between(
            principal.workspace_id,
            principal.mode,
            _midnight(start),
            _midnight(end + DAY) if end < dt.date.max else dt.datetime.max.replace(tzinfo=dt.UTC),
            only_accounts=[account.id],
        )
    return by_member(found, email)


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(), tzinfo=dt.UTC)
