"""One read of everything the service keeps about an account, from the platform or the sandbox.

`read_snapshot(request, session, now)` calls only platform read routes through the client
request function (the real `PlatformClient.request` or `SandboxPlatform.request`); any
`PlatformError` escapes to the syncer, which decides what it means for the account.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any

from attrs import frozen

Request = Callable[..., Awaitable[Any]]
PAGE = 100
MAX_PAGES = 1000  # a runaway `hasMore` stops here instead of looping forever


@frozen
class Snapshot:
    profile: dict[str, Any]
    counts: dict[str, int]
    revenue30d: dict[str, dict[str, Any]]
    subscription_price: dict[str, Any] | None
    fans: list[dict[str, Any]] | None
    """None when the fans' signature (counts and list sizes) matched the last sync's: the
    stored fans are kept (docs/synced-data.md)."""
    transactions: list[dict[str, Any]]
    fan_lists: list[dict[str, Any]] | None = None
    """`[{id, name, fansCount}]`, for warnings and for showing lists by name; None when not
    read."""
    media_ids: list[str] | None = None
    """Vault media ids, for warnings; None when not read."""
    fans_signature: Any = None
    posts_count: int | None = None


async def paged(request: Request, route: str, session: str, **query: Any) -> list[dict[str, Any]]:
    """Every item of a `{list, hasMore}` route, walking `offset` pages of `PAGE`."""
    items: list[dict[str, Any]] = []
    for number in range(MAX_PAGES):
        page = await request(
            route, session=session, query={**query, "limit": PAGE, "offset": number * PAGE}
        )
        rows = page.get("list") if isinstance(page, dict) else None
        if not isinstance(rows, list):
            break
        items.extend(r for r in rows if isinstance(r, dict))
        if not page.get("hasMore") or not rows:
            break
    return items


async def read_snapshot(
    request: Request, session: str, now: dt.datetime, *, fans_unless: Any = None
) -> Snapshot:
    """`fans_unless`: the fans' signature of the last sync; when the platform's matches, the
    fans are not paged again (`Snapshot.fans` is None)."""
    me = await request("GET /users/me", session=session)
    me = me if isinstance(me, dict) else {}
    totals = await request("GET /subscriptions/count/all", session=session)
    subscribers = (totals or {}).get("subscribers") or {}
    fan_lists = [
        {
            "id": str(item["id"]),
            "name": str(item.get("name") or item["id"]),
            "fansCount": int(item.get("usersCount") or 0),
        }
        for item in await paged(request, "GET /lists", session)
        if "id" in item
    ]
    signature = {
        "active": subscribers.get("active"),
        "expired": subscribers.get("expired"),
        "lists": sorted([item["id"], item["fansCount"]] for item in fan_lists),
    }
    fans: list[dict[str, Any]] | None = None
    if fans_unless is None or fans_unless != signature:
        fans = []
        for kind in ("active", "expired"):
            fans.extend(await paged(request, "GET /subscriptions/subscribers", session, type=kind))
    posts = me.get("postsCount")
    if not isinstance(posts, int):
        posts = len(await paged(request, "GET /posts", session))
    transactions = await paged(request, "GET /payouts/transactions", session)
    currency = str(me.get("currency") or "USD")
    revenue = await _revenue30d(request, session, now, transactions, currency)
    price = me.get("subscribePrice")
    return Snapshot(
        profile={
            "username": str(me.get("username") or me.get("id") or ""),
            "name": me.get("name"),
            "avatarUrl": me.get("avatar"),
        },
        counts={
            "activeFans": int(subscribers.get("active", 0)),
            "expiredFans": int(subscribers.get("expired", 0)),
            "posts": posts,
        },
        revenue30d=revenue,
        subscription_price=(
            {"amount": int(price), "currency": currency}
            if isinstance(price, (int, float))
            else None
        ),
        fans=fans,
        transactions=transactions,
        fan_lists=fan_lists,
        fans_signature=signature,
        posts_count=me.get("postsCount") if isinstance(me.get("postsCount"), int) else None,
    )


async def _revenue30d(
    request: Request,
    session: str,
    now: dt.datetime,
    transactions: list[dict[str, Any]],
    currency: str,
) -> dict[str, dict[str, Any]]:
    """Net from the platform's earnings chart (its own totals); gross from the chart when it
    sends one, else summed from the revenue rows of the same 30 days."""
    end = now.astimezone(dt.UTC).date()
    start = end - dt.timedelta(days=29)
    chart = await request(
        "GET /earnings/chart",
        session=session,
        query={"startDate": start.isoformat(), "endDate": end.isoformat()},
    )
    total = (chart or {}).get("total") if isinstance(chart, dict) else None
    total = total if isinstance(total, dict) else {}
    counted = [
        t
        for t in transactions
        if not t.get("deleted")
        and t.get("status") in ("pending", "completed")
        and start <= _day(t.get("occurredAt")) <= end
    ]
    net = total.get("total")
    gross = total.get("gross")
    if not isinstance(net, int):
        net = sum(int(t.get("netCents") or 0) for t in counted)
    if not isinstance(gross, int):
        gross = sum(int(t.get("grossCents") or 0) for t in counted)
    return {
        "gross": {"amount": gross, "currency": currency},
        "net": {"amount": net, "currency": currency},
    }


def _day(value: Any) -> dt.date:
    try:
        return dt.datetime.fromisoformat(str(value)).astimezone(dt.UTC).date()
    except ValueError:
        return dt.date.min
