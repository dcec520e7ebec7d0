"""A shadow allowance's record over the Activity page's days: per rule and UTC day, how many
actions it would have approved and what people then made of them (approved as is, edited,
rejected, expired), and the rejected and edited ones listed, because those are what it would
have let through. REST (`shadow` of `GET /v1/accounts/{id}/activity`) and the page share it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from service.accounts.model import Account
from service.actions.model import Action
from service.actions.policies.policy_rule import PolicyRule
from service.actions.policies.record import ShadowDay
from service.domain.clock import isoformat
from service.ports import UnitOfWork

LET_THROUGH = 50
"""The rejected and edited ones listed per range: the newest, enough to read what went wrong."""
FORMER = "A shadow rule no longer in the policy"


@frozen
class ShadowRecord:
    key: str
    rule: str
    days: list[ShadowDay]
    let_through: list[Action]

    def totals(self) -> dict[str, int]:
        names = ("would_approve", "approved_as_is", "edited", "rejected", "expired", "pending")
        return {n: sum(getattr(d, n) for d in self.days) for n in names}


async def shadow_records(
    uow: UnitOfWork,
    account: Account,
    mode: str,
    rules: Sequence[PolicyRule] | None,
    start: dt.datetime,
    end: dt.datetime,
) -> list[ShadowRecord]:
    """The account's shadow rules with their days in [start, end) (the current ones even
    without a day), and former shadow rules that still have days in the range."""
    days = await uow.record.shadow_days(account.workspace_id, mode, account.id, start, end)
    through = await uow.record.shadow_let_through(
        account.workspace_id, mode, account.id, start, end, LET_THROUGH
    )
    names = {}
    for rule in rules or ():
        if rule.shadow:
            allowance = rule.allowance
            names[allowance.key] = allowance.name
    for d in days:
        names.setdefault(d.key, FORMER)
    return [
        ShadowRecord(
            key=key,
            rule=name,
            days=[d for d in days if d.key == key],
            let_through=[a for a in through if a.shadow_key == key],
        )
        for key, name in names.items()
    ]


def record_json(record: ShadowRecord) -> dict[str, Any]:
    t = record.totals()
    return {
        "rule": record.rule,
        "totals": _counts(t),
        "days": [{"date": d.day.isoformat(), **_counts(_of(d))} for d in record.days],
        "letThrough": [
            {
                "id": a.id,
                "type": a.type,
                "summary": a.summary,
                "status": a.status,
                "edited": a.edited_at is not None,
                "createdAt": isoformat(a.created_at),
            }
            for a in record.let_through
        ],
    }


def _of(day: ShadowDay) -> dict[str, int]:
    return {
        "would_approve": day.would_approve,
        "approved_as_is": day.approved_as_is,
        "edited": day.edited,
        "rejected": day.rejected,
        "expired": day.expired,
        "pending": day.pending,
    }


def _counts(c: dict[str, int]) -> dict[str, int]:
    return {
        "wouldApprove": c["would_approve"],
        "approvedAsIs": c["approved_as_is"],
        "edited": c["edited"],
        "rejected": c["rejected"],
        "expired": c["expired"],
        "pending": c["pending"],
    }
