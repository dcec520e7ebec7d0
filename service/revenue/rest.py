"""GET /v1/revenue/transactions: the revenue pull.

Not the /v1 envelope: `{transactions, count, hasMore, nextCursor, checkedAt}`. The cursor is the
last sequence number read, signed and bound to the workspace, mode and `account` filter, so a
reader that stores it sees every row exactly once (see storage/sql/repos/revenue.py for why a late
commit can never be skipped).
"""

from __future__ import annotations

from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat
from service.http.paging import Pager, by_count
from service.revenue.pull import check_reader, read_page, since_of
from service.revenue.usecases import transaction_json


@endpoint("listRevenueTransactions", auth="service")
async def list_revenue_transactions(call: Call) -> Reply:
    p, q = call.principal, call.params.query
    raw = call.incoming.query
    limit = q.get("limit", 500)
    cursor = raw.get("cursor") or None
    account = raw.get("account") or None
    now = call.services.clock.now()
    since = since_of(raw.get("since"), cursor is not None, now)
    async with call.services.store.reading() as uow:
        await check_reader(uow, p, account)
        filters = {"w": p.workspace_id, "m": p.mode, "a": account}
        pager = Pager(call.services.cursors, "revenue", filters, limit, by_count)
        after = pager.start(cursor) or 0
        rows, high_water = await read_page(
            uow, p, account, after_seq=after, since=since, limit=limit + 1
        )
    if not rows:
        after = max(after, high_water)  # an idle poller keeps its place
    page = pager.page(rows, lambda row: [row["seq"]])
    # Unlike the other lists, the pull always returns a cursor: the poller's place.
    last = page.items[-1]["seq"] if page.items else after
    return Reply(
        {
            "transactions": [transaction_json(r) for r in page.items],
            "count": len(page.items),
            "hasMore": page.more,
            "nextCursor": pager.cursor([last]),
            "checkedAt": isoformat(now),
        }
    )
