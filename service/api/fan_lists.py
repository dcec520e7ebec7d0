"""GET /v1/accounts/{accountId}/lists: the account's fan lists (ids show up inside fans)."""

from __future__ import annotations

from typing import Any

from service.accounts.model import Account
from service.api.endpoint import Call, Reply, endpoint
from service.api.synced_reads import Listed, Rows, synced_only, synced_or_live
from service.ports import UnitOfWork
from service.synced import shapes


def _at(item: dict[str, Any]) -> list[Any]:
    return [item["name"].lower(), item["id"]]


LISTS = Listed("lists", "GET /lists", shapes.fan_list, _at)


@endpoint("listFanLists", shares_reader=synced_only)
async def list_fan_lists(call: Call) -> Reply:
    async def held(uow: UnitOfWork, account: Account, after: Any, limit: int) -> Rows:
        return await uow.synced.items(
            account.workspace_id, account.id, "fan_lists", after=after, limit=limit
        )

    return await synced_or_live(call, LISTS, held)
