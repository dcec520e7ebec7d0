"""The REST list of each synced family kept as items (service/synced/families.py): one handler
made from the family's declaration, synced by default and the platform's with fresh=true."""

from __future__ import annotations

from typing import Any

from service.accounts.model import Account
from service.api.endpoint import Call, Reply, RestRoute, endpoint
from service.api.synced_reads import Listed, Rows, filters_of, synced_only, synced_or_live
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.ports import UnitOfWork
from service.synced.families import FAMILIES, Family


def family_list(family: Family) -> RestRoute:
    listed = Listed(family.listed_as, family.route, family.shape, family.position)
    narrowed = family.filter

    async def serve(call: Call) -> Reply:
        tag = call.params.query.get(narrowed.param) if narrowed else None

        async def held(uow: UnitOfWork, account: Account, after: Any, limit: int) -> Rows:
            ws = account.workspace_id
            if narrowed and tag and await uow.synced.item(ws, account.id, narrowed.of, tag) is None:
                raise ApiError(
                    ErrorCode.RESOURCE_NOT_FOUND,
                    f"No {narrowed.noun} `{tag}` on this account in the synced data.",
                    param=narrowed.param,
                )
            return await uow.synced.items(
                ws,
                account.id,
                family.name,
                newest_first=family.newest_first,
                tag=tag,
                after=after,
                limit=limit,
            )

        by = {narrowed.platform: tag} if narrowed else {}
        return await synced_or_live(
            call,
            listed,
            held,
            filters=filters_of(call, **by),
            query=by if tag else None,
            param=narrowed.param if narrowed else None,
        )

    serve.__name__ = serve.__qualname__ = family.tool
    return endpoint(family.operation, shares_reader=synced_only)(serve)


LISTS = {family.name: family_list(family) for family in FAMILIES}
"""Each family's REST list, by family."""
