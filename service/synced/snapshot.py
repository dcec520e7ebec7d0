"""One read of an account's profile, counts and totals, from the platform or the sandbox.

`read_snapshot(request, session, now)` calls only platform read routes through the client
request function (the real `PlatformClient.request` or `SandboxPlatform.request`); any
`PlatformError` escapes to the syncer, which decides what it means for the account.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any

from attrs import frozen

from service.synced.families import FAN_LISTS
from service.synced.offsets import PAGE, walk

Request = Callable[..., Awaitable[Any]]
MAX_PAGES = 1000  # a runaway `hasMore` stops here instead of looping forever


@frozen
class Snapshot:
    profile: dict[str, Any]
    counts: dict[str, int]
    revenue30d: dict[str, dict[str, Any]]
    subscription_price: dict[str, Any] | None
    fan_lists: list[dict[str, Any]] | None = None
    """`[{id, name, fansCount}]`, for warnings and for showing lists by name; None when not
    read."""
    media_ids: list[str] | None = None
    """Vault media ids, for warnings; None when not read."""
    fans_signature: Any = None
    """Active and expired counts and each fan list's size: when it matches the last sync's,
    the fans' quick pass is skipped (service/synced/list_sync.py)."""
    posts_count: int | None = None
    revenue_missing: tuple[str, ...] = ()
    """`gross` and/or `net` when the earnings chart did not send them: the syncer takes them
    from the revenue rows it read."""


async def paged(request: Request, route: str, session: str, **query: Any) -> list[dict[str, Any]]:
    """Every item of a `{list, hasMore}` route, in pages of `PAGE`."""

    async def fetch(offset: int) -> Any:
        return await request(
            route, session=session, query={**query, "limit": PAGE, "offset": offset}
        )

    items: list[dict[str, Any]] = []
    async for rows, _ in walk(fetch, max_pages=MAX_PAGES):
        items.extend(r for r in rows if isinstance(r, dict))
    return items


async def read_snapshot(request: Request, session: str, now: dt.datetime) -> Snapshot:
    """The profile, counts, fan lists and 30-day revenue: a handful of calls whatever the
    account's size (fans and revenue rows are paged by service/synced/list_sync.py)."""
    me = await request("GET /users/me", session=session)
    me = me if isinstance(me, dict) else {}
    totals = await request("GET /subscriptions/count/all", session=session)
    subscribers = (totals or {}).get("subscribers") or {}
    fan_lists = [
        FAN_LISTS.shape(item)
        for item in await paged(request, FAN_LISTS.route, session)
        if "id" in item
    ]
    signature = {
        "active": subscribers.get("active"),
        "expired": subscribers.get("expired"),
        "lists": sorted([item["id"], item["fansCount"]] for item in fan_lists),
    }
    posts = me.get("postsCount")
    if not isinstance(posts, int):
        posts = len(await paged(request, "GET /posts", session))
    currency = str(me.get("currency") or "USD")
    revenue, missing = await _revenue30d(request, session, now, currency)
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
        fan_lists=fan_lists,
        fans_signature=signature,
        posts_count=me.get("postsCount") if isinstance(me.get("postsCount"), int) else None,
        revenue_missing=missing,
    )


async def _revenue30d(
    request: Request, session: str, now: dt.datetime, currency: str
) -> tuple[dict[str, dict[str, Any]], tuple[str, ...]]:
    """Net and gross of the last 30 days from the platform's earnings chart (its own totals);
    what it leaves out is named, for the syncer to sum from the revenue rows."""
    end = now.astimezone(dt.UTC).date()
    start = end - dt.timedelta(days=29)
    chart = await request(
        "GET /earnings/chart",
        session=session,
        query={"startDate": start.isoformat(), "endDate": end.isoformat()},
    )
    total = (chart or {}).get("total") if isinstance(chart, dict) else None
    total = total if isinstance(total, dict) else {}
    amounts = {"gross": total.get("gross"), "net": total.get("total")}
    missing = tuple(name for name, value in amounts.items() if not isinstance(value, int))
    return {
        name: {"amount": value if isinstance(value, int) else 0, "currency": currency}
        for name, value in amounts.items()
    }, missing
