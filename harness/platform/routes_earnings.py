"""Earnings, payouts, revenue rows, trials and campaigns: all read from the ledger.

`GET /payouts/transactions` is what the service's syncer polls: newest first, `limit` and
`offset`, deleted rows included with `deleted: true` (so a reader sees them vanish). Balances
follow the rows: completed net older than 7 days is available, newer or pending net is
pending (seeded payouts paid out earnings from before the ledger's window).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from . import charts
from .http import Call, ordered, page, page_of
from .models import Transaction
from .views import iso, promo_view, transaction_view

_SOURCES = {
    "subscribes": ("subscription",),
    "tips": ("tip", "stream"),
    "chat_messages": ("message",),
    "post": ("post",),
    "ref": ("referral",),
}


def _counted(call: Call) -> list[Transaction]:
    """Rows that count towards earnings: not deleted, not refunded or reversed."""
    return [
        t
        for t in call.me.transactions.values()
        if not t.deleted and t.status in ("pending", "completed")
    ]


def earnings_chart(call: Call) -> dict[str, Any]:
    start, end = charts.date_range(call)
    rows = [t for t in _counted(call) if start <= t.occurred_at.date() <= end]

    def source(kinds: tuple[str, ...] | None) -> dict[str, Any]:
        chosen = [t for t in rows if kinds is None or t.kind in kinds]
        return {
            "total": sum(t.net_cents for t in chosen),
            "gross": sum(t.gross_cents for t in chosen),
            "chartAmount": charts.summed(
                call, lambda day: sum(t.net_cents for t in chosen if t.occurred_at.date() == day)
            ),
        }

    result = {"total": source(None)}
    result.update({name: source(kinds) for name, kinds in _SOURCES.items()})
    return {**result, "currency": "USD"}


def _paid_out(call: Call) -> int:
    return sum(p.amount_cents for p in call.me.payout_requests if p.status == "completed")


def balances(call: Call) -> dict[str, Any]:
    settled_before = call.now - timedelta(days=7)
    settled = sum(
        t.net_cents
        for t in _counted(call)
        if t.status == "completed" and t.occurred_at < settled_before
    )
    pending = sum(t.net_cents for t in _counted(call)) - settled
    return {
        "payoutAvailable": max(settled, 0),
        "payoutPending": pending,
        "currency": "USD",
        "minPayout": 2000,
    }


def payout_stats(call: Call) -> dict[str, Any]:
    done = [p for p in call.me.payout_requests if p.status == "completed"]
    return {
        "totalEarnings": sum(t.net_cents for t in _counted(call)),
        "totalPaidOut": _paid_out(call),
        "payoutsCount": len(done),
        "lastPayoutAt": iso(max((p.created_at for p in done), default=None)),
        "currency": "USD",
    }


def payout_requests(call: Call) -> dict[str, Any]:
    rows = sorted(call.me.payout_requests, key=lambda p: p.created_at, reverse=True)
    return {
        "list": [
            {
                "id": p.id,
                "amount": p.amount_cents,
                "status": p.status,
                "currency": "USD",
                "createdAt": iso(p.created_at),
            }
            for p in rows
        ],
        "hasMore": False,
    }


def _newest_first(rows: list[Transaction]) -> list[Transaction]:
    return sorted(rows, key=lambda t: (t.occurred_at, t.id), reverse=True)


def transactions(call: Call) -> dict[str, Any]:
    me = call.me
    everything = me.transactions
    rows = ordered(
        ("transactions", id(everything), len(everything)),
        lambda: _newest_first(list(everything.values())),
    )
    return page_of(rows, call, transaction_view)


def chargebacks(call: Call) -> dict[str, Any]:
    rows = _newest_first(
        [t for t in call.me.transactions.values() if t.kind == "chargeback" and not t.deleted]
    )
    return page((transaction_view(t) for t in rows), call)


def referral_balance(call: Call) -> dict[str, Any]:
    rows = [t for t in _counted(call) if t.kind == "referral"]
    return {
        "balance": sum(t.net_cents for t in rows),
        "referralsCount": len(rows),
        "currency": "USD",
    }


def trials(call: Call) -> dict[str, Any]:
    return page((promo_view(t, "trial") for t in call.me.trials), call)


def trial_stats(call: Call) -> dict[str, Any]:
    claims = sum(t.claims for t in call.me.trials)
    return {
        "linksCount": len(call.me.trials),
        "claimsCount": claims,
        "clicksCount": sum(t.clicks for t in call.me.trials),
        "convertedCount": claims // 3,
    }


def trial_chart(call: Call) -> dict[str, Any]:
    chart = charts.made_up(call, "trials", 0, 6)
    return {"chart": chart, "total": sum(p["count"] for p in chart)}


def campaigns(call: Call) -> dict[str, Any]:
    return page((promo_view(c, "campaign") for c in call.me.campaigns), call)


def campaign_chart(call: Call) -> dict[str, Any]:
    clicks = charts.made_up(call, "campaign-clicks", 5, 120)
    subs = charts.made_up(call, "campaign-subscribers", 0, 8)
    return {
        "clicks": clicks,
        "subscribers": subs,
        "total": {
            "clicks": sum(p["count"] for p in clicks),
            "subscribers": sum(p["count"] for p in subs),
        },
    }


ROUTES = [
    ("GET /earnings/chart", earnings_chart),
    ("GET /payouts/stats", payout_stats),
    ("GET /payouts/requests", payout_requests),
    ("GET /payouts/balances", balances),
    ("GET /payouts/chargebacks", chargebacks),
    ("GET /payouts/transactions", transactions),
    ("GET /payments/referrals/balance", referral_balance),
    ("GET /campaigns", campaigns),
    ("GET /campaigns/chart", campaign_chart),
    ("GET /trials", trials),
    ("GET /trials/stats", trial_stats),
    ("GET /trials/chart", trial_chart),
]
