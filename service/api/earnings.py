"""GET /v1/accounts/{accountId}/earnings: net earnings by source, per day and for the range."""

from __future__ import annotations

import datetime as dt
import re

from service.api.endpoint import Call, Reply, endpoint
from service.api.synced_reads import account_of, is_fresh, synced_only
from service.domain.clock import isoformat
from service.domain.item_families import ItemFamily
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.synced import shapes
from service.synced.earnings import MAX_DAYS, earnings_range

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _date(call: Call, name: str) -> dt.date | None:
    raw = call.params.query.get(name)
    if raw is None:
        return None
    try:
        if not DATE.match(str(raw)):
            raise ValueError
        return dt.date.fromisoformat(str(raw))
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, f"`{name}` must be a date like 2026-11-25.", param=name
        ) from None


def date_range(call: Call, today: dt.date) -> tuple[dt.date, dt.date]:
    """The query's dates, parsed; the range rule is the synced feature's."""
    return earnings_range(_date(call, "startDate"), _date(call, "endDate"), today)


@endpoint("getEarnings", shares_reader=synced_only)
async def get_earnings(call: Call) -> Reply:
    account = await account_of(call)
    today = call.services.clock.now().astimezone(dt.UTC).date()
    start, end = date_range(call, today)
    if is_fresh(call):
        chart, read_at = await call.services.live.read(
            account,
            "GET /earnings/chart",
            query={"startDate": start.isoformat(), "endDate": end.isoformat()},
        )
        days, currency = shapes.earnings_days(chart)
        days = [d for d in days if start.isoformat() <= d["date"] <= end.isoformat()]
        source, as_of = "live", isoformat(read_at)
    else:
        async with call.reading() as uow:
            days = list(
                await uow.synced.items(
                    account.workspace_id,
                    account.id,
                    ItemFamily.EARNINGS,
                    between=(start.isoformat(), end.isoformat()),
                    limit=MAX_DAYS,
                )
            )
        currency = days[0]["total"]["currency"] if days else "USD"
        source, as_of = "synced", isoformat(account.last_synced_at)
    data = {
        "startDate": start.isoformat(),
        "endDate": end.isoformat(),
        **shapes.earnings_totals(days, currency),
        "days": days,
    }
    return Reply({"data": data, "meta": call.meta(source, as_of)})
