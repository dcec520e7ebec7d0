"""The sandbox's money reads: transactions, earnings, payouts and referrals from the creator's
synced revenue rows, and the trial and campaign links with their charts.

Earnings count what the revenue sync counts (pending or completed, not deleted), so a
test-mode read agrees with the synced totals.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from .sandbox_views import Params, Query, Record, date_range, made_up, page, total

if TYPE_CHECKING:
    from .sandbox import SandboxPlatform


SOURCES = {
    "subscribes": ("subscription",),
    "tips": ("tip", "stream"),
    "chat_messages": ("message",),
    "post": ("post",),
    "ref": ("referral",),
}


def transaction_view(row: Record) -> Record:
    return {**row, "updatedAt": row.get("updatedAt", row["occurredAt"])}


def _newest(rows: list[Record]) -> list[Record]:
    return sorted(rows, key=lambda r: (r["occurredAt"], r["id"]), reverse=True)


def _counted(creator: Record) -> list[Record]:
    rows: list[Record] = creator["transactions"]
    return [r for r in rows if not r["deleted"] and r["status"] in ("pending", "completed")]


def _day(row: Record) -> date:
    return datetime.fromisoformat(row["occurredAt"]).date()


def transactions(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return page([transaction_view(r) for r in _newest(creator["transactions"])], query)


def chargebacks(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    rows = [r for r in creator["transactions"] if r["kind"] == "chargeback" and not r["deleted"]]
    return page([transaction_view(r) for r in _newest(rows)], query)


def earnings(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    days = date_range(sandbox, query)
    dated = [(_day(r), r) for r in _counted(creator)]
    rows = [(day, r) for day, r in dated if days[0] <= day <= days[-1]]

    def source(kinds: tuple[str, ...] | None) -> Record:
        chosen = [(day, r) for day, r in rows if kinds is None or r["kind"] in kinds]
        per_day: Counter[date] = Counter()
        for day, r in chosen:  # one pass: a year's chart is not a year of passes
            per_day[day] += r["netCents"]
        return {
            "total": sum(r["netCents"] for _, r in chosen),
            "gross": sum(r["grossCents"] for _, r in chosen),
            "chartAmount": [{"date": day.isoformat(), "count": per_day[day]} for day in days],
        }

    result: Record = {"total": source(None)}
    result.update({name: source(kinds) for name, kinds in SOURCES.items()})
    return {**result, "currency": "USD"}


def balances(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    before = sandbox.now() - timedelta(days=7)
    counted = _counted(creator)
    settled = sum(
        r["netCents"]
        for r in counted
        if r["status"] == "completed" and datetime.fromisoformat(r["occurredAt"]) < before
    )
    return {
        "payoutAvailable": max(settled, 0),
        "payoutPending": sum(r["netCents"] for r in counted) - settled,
        "currency": "USD",
        "minPayout": 2000,
    }


def payout_stats(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    payouts = sandbox.content(creator)["payouts"]
    return {
        "totalEarnings": sum(r["netCents"] for r in _counted(creator)),
        "totalPaidOut": sum(p["amount"] for p in payouts),
        "payoutsCount": len(payouts),
        "lastPayoutAt": max(p["createdAt"] for p in payouts),
        "currency": "USD",
    }


def payout_requests(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    return {"list": list(sandbox.content(creator)["payouts"]), "hasMore": False}


def referrals(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    rows = [r for r in _counted(creator) if r["kind"] == "referral"]
    return {
        "balance": sum(r["netCents"] for r in rows),
        "referralsCount": len(rows),
        "currency": "USD",
    }


def _promo_view(promo: Record, kind: str) -> Record:
    data = {
        "id": promo["id"],
        "name": promo["name"],
        "createdAt": promo["createdAt"],
        "clicksCount": promo["clicks"],
        "subscribersCount": promo["claims"],
        "url": f"https://sandbox.invalid/{kind}/{promo['id']}",
    }
    if kind == "trial":
        data.update(claimCounts=promo["claims"], subscribeDays=promo["subscribeDays"])
    return data


def trials(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page([_promo_view(t, "trial") for t in sandbox.content(creator)["trials"]], query)


def trial_stats(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    promos = sandbox.content(creator)["trials"]
    claims = sum(t["claims"] for t in promos)
    return {
        "linksCount": len(promos),
        "claimsCount": claims,
        "clicksCount": sum(t["clicks"] for t in promos),
        "convertedCount": claims // 3,
    }


def campaigns(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Record:
    return page([_promo_view(c, "campaign") for c in sandbox.content(creator)["campaigns"]], query)


def trial_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    chart = made_up(sandbox, creator, query, "trials", 0, 6)
    return {"chart": chart, "total": total(chart)}


def campaign_chart(sandbox: SandboxPlatform, creator: Record, params: Params, query: Query) -> Any:
    clicks = made_up(sandbox, creator, query, "campaign-clicks", 5, 120)
    subs = made_up(sandbox, creator, query, "campaign-subscribers", 0, 8)
    return {
        "clicks": clicks,
        "subscribers": subs,
        "total": {"clicks": total(clicks), "subscribers": total(subs)},
    }
