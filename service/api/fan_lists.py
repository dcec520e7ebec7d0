"""GET /v1/accounts/{accountId}/lists: the account's fan lists (ids show up inside fans)."""

from __future__ import annotations

from typing import Any

from service.api.endpoint import Call, Reply, endpoint
from service.api.synced_reads import (
    account_of,
    by_text_and_id,
    filters_of,
    is_fresh,
    listed,
    live_page,
    pager,
    synced_only,
    synced_page,
)
from service.http.paging import by_count
from service.synced import shapes


def _at(item: dict[str, Any]) -> list[Any]:
    return [item["name"].lower(), item["id"]]


@endpoint("listFanLists", shares_reader=synced_only)
async def list_fan_lists(call: Call) -> Reply:
    account = await account_of(call)
    filters = filters_of(call)
    limit, token = call.params.query["limit"], call.params.query.get("cursor")
    if is_fresh(call):
        live = pager(call, "lists", filters, by_count)
        offset = live.start(token) or 0
        answer, read_at = await call.services.live.read(
            account, "GET /lists", query={"limit": limit, "offset": offset}
        )
        rows, more = listed(answer)
        lists = [shapes.fan_list(row) for row in rows]
        return live_page(call, live, lists, more, offset, read_at)
    keyset = pager(call, "lists", filters, by_text_and_id)
    async with call.reading() as uow:
        held = await uow.synced.items(
            account.workspace_id,
            account.id,
            "fan_lists",
            after=keyset.start(token),
            limit=limit + 1,
        )
    return synced_page(call, keyset, held, _at, account.last_synced_at)
