"""GET /v1/revenue/transactions: the revenue pull.

Not the /v1 envelope: `{transactions, count, hasMore, nextCursor, checkedAt}`. The cursor is the
last sequence number read, signed and bound to the workspace, mode and `account` filter, so a
reader that stores it sees every row exactly once (see storage/sql/revenue_repos.py for why a late
commit can never be skipped).
"""

from __future__ import annotations

import datetime as dt

from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat, parse_instant
from service.domain.principal import Principal
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.http.paging import Pager, by_count
from service.ports import UnitOfWork
from service.revenue.usecases import transaction_json

DEFAULT_WINDOW = dt.timedelta(hours=24)


@endpoint("listRevenueTransactions", auth="service")
async def list_revenue_transactions(call: Call) -> Reply:
    p, q = call.principal, call.params.query
    raw = call.incoming.query
    limit = q.get("limit", 500)
    cursor = raw.get("cursor") or None
    since_text = raw.get("since")
    account = raw.get("account") or None
    if since_text is not None and cursor is not None:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Pass `since` or `cursor`, never both: the cursor "
            "already says where the next page starts.",
            param="since",
        )
    now = call.services.clock.now()
    since = _since(since_text, now) if cursor is None else None
    if account is None and p.account_ids is not None:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Keys limited to some accounts must name one with `account`.",
            param="account",
        )
    async with call.services.store.reading() as uow:
        if account is not None:
            await _check_account(uow, p, account)
        filters = {"w": p.workspace_id, "m": p.mode, "a": account}
        pager = Pager(call.services.cursors, "revenue", filters, limit, by_count)
        after = pager.start(cursor) or 0
        # Read before the page: every row numbered up to it is already committed (see
        # revenue_repos), so when the page is empty the cursor can safely move there.
        high_water = await uow.transactions.high_water(p.workspace_id)
        rows = await uow.transactions.page(
            p.workspace_id,
            mode=p.mode,
            account_id=account,
            after_seq=after,
            since=since,
            limit=limit + 1,
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


def _since(text: str | None, now: dt.datetime) -> dt.datetime:
    if text is None:
        return now - DEFAULT_WINDOW
    try:
        return parse_instant(text)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "`since` must be an RFC 3339 instant such as 2026-11-01T00:00:00Z.",
            param="since",
        ) from None


async def _check_account(uow: UnitOfWork, principal: Principal, account_id: str) -> None:
    """The key must be allowed to act as `account`: in its list and an account of its mode."""
    found = await uow.accounts.get(principal.workspace_id, account_id)
    if not principal.allows(account_id) or found is None or found.mode != principal.mode:
        raise ApiError(
            ErrorCode.MISSING_PERMISSION,
            "This key may not act as that account.",
            permission=f"account:{account_id}",
        )
