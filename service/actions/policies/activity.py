"""What the policies did: an account's actions per UTC day by outcome, for REST
(`GET /v1/accounts/{id}/activity`) and the dashboard's Activity page alike.

The range rule lives here so the two channels cannot disagree: `from` and `to` are UTC days
(`YYYY-MM-DD`), both included; 30 days ending today unless given (only `from`: 30 days from
there; only `to`: 30 days ending there); at most 90 days, because the answer lists every day and
a quarter is what a chart on a phone can still show. The database does the counting
(storage's `Actions.activity`); this fills in the days without actions."""

from __future__ import annotations

import datetime as dt
import re

from attrs import frozen

from service.actions.creation import rules_for
from service.actions.policies.activity_day import COUNTS, ActivityDay
from service.actions.policies.shadow_activity import ShadowRecord, record_json, shadow_records
from service.actions.reach import visible_account
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import Store

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DEFAULT_DAYS = 30
MAX_DAYS = 90
DAY = dt.timedelta(days=1)


@frozen
class Activity:
    account_id: str
    start: dt.date
    end: dt.date  # included
    days: list[ActivityDay]
    shadow: list[ShadowRecord]
    """Each shadow allowance's record over the same days (shadow_activity.py)."""

    def totals(self) -> dict[str, int]:
        return {name: sum(getattr(d, name) for d in self.days) for name in COUNTS}


def _date(value: str | None, name: str) -> dt.date | None:
    if value is None or value == "":
        return None
    try:
        if not DATE.match(value):
            raise ValueError(value)
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"`{name}` must be a date like 2026-11-25.", param=name
        ) from None


def date_range(
    start_text: str | None, end_text: str | None, today: dt.date
) -> tuple[dt.date, dt.date]:
    """The days asked for, both included; `400 invalid_parameter` with `param` otherwise."""
    start, end = _date(start_text, "from"), _date(end_text, "to")
    span = dt.timedelta(days=DEFAULT_DAYS - 1)
    if start is None:
        end = end or today
        start = end - span if end > dt.date.min + span else dt.date.min
    elif end is None:
        end = start + span if start < dt.date.max - span else dt.date.max
    if start > end:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "`from` must not be after `to`.", param="from")
    if (end - start).days >= MAX_DAYS:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"A range covers at most {MAX_DAYS} days; ask for the rest in another call.",
            param="to",
        )
    return start, end


async def account_activity(
    store: Store,
    principal: Principal,
    account_id: str,
    start_text: str | None,
    end_text: str | None,
    now: dt.datetime,
) -> Activity:
    """Every day of the range, oldest first, zeros where nothing was created. The account must
    be one the principal may see (else `404 account_not_found`, as every account route)."""
    start, end = date_range(start_text, end_text, now.astimezone(dt.UTC).date())
    async with store.reading() as uow:
        account = await visible_account(uow, principal, account_id)
        since = _midnight(start)
        until = (
            _midnight(end + DAY) if end < dt.date.max else dt.datetime.max.replace(tzinfo=dt.UTC)
        )
        found = await uow.actions.activity(
            principal.workspace_id, principal.mode, account.id, since, until, now
        )
        rules = await rules_for(uow, account)
        shadow = await shadow_records(uow, account, principal.mode, rules, since, until)
    by_day = {d.day: d for d in found}
    days = [
        by_day.get(start + DAY * i, ActivityDay(day=start + DAY * i))
        for i in range((end - start).days + 1)
    ]
    return Activity(account.id, start, end, days, shadow)


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(), tzinfo=dt.UTC)


def day_json(day: ActivityDay) -> dict[str, object]:
    return {
        "date": day.day.isoformat(),
        "created": day.created,
        "approvedByPerson": day.approved_by_person,
        "approvedByAllowance": day.approved_by_allowance,
        "rejected": day.rejected,
        "expired": day.expired,
        "cancelled": day.cancelled,
        "failed": day.failed,
        "pending": day.pending,
        "medianDecisionSeconds": day.median_decision_seconds,
    }


def activity_json(activity: Activity) -> dict[str, object]:
    total = day_json(ActivityDay(activity.start, **activity.totals()))
    del total["date"], total["medianDecisionSeconds"]
    return {
        "accountId": activity.account_id,
        "from": activity.start.isoformat(),
        "to": activity.end.isoformat(),
        "totals": total,
        "days": [day_json(d) for d in activity.days],
        "shadow": [record_json(r) for r in activity.shadow],
    }
