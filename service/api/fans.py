"""GET /v1/accounts/{accountId}/fans: synced fans by default, the platform's with fresh=true."""

from __future__ import annotations

from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat
from service.errors import ApiError
from service.render import fan_json
from service.usecases.actions import visible_account


@endpoint("listFans")
async def list_fans(call: Call) -> Reply:
    q, services = call.params.query, call.services
    account_id, limit, search = call.params.path["accountId"], q["limit"], q.get("search")
    fresh = bool(q.get("fresh"))
    async with services.store.reading() as uow:
        account = await visible_account(uow, call.principal, account_id)
    filters = {
        "account": account_id,
        "search": search,
        "fresh": fresh,
        "key": call.principal.key_id or call.principal.user_id,
    }
    position = services.cursors.decode(q.get("cursor"), "fans", filters)
    if fresh:
        offset = position[0] if position else 0
        if not isinstance(offset, int) or offset < 0:
            raise ApiError("invalid_cursor", param="cursor")
        fans, more = await services.live.fans(account, search=search, offset=offset, limit=limit)
        cursor = services.cursors.encode("fans", filters, [offset + len(fans)]) if more else None
        meta = call.meta("live", isoformat(services.clock.now()))
    else:
        async with services.store.reading() as uow:
            rows = await uow.fans.list(
                call.principal.workspace_id,
                account_id,
                search=search,
                after=position[0] if position else None,
                limit=limit + 1,
            )
        fans, more = list(rows[:limit]), len(rows) > limit
        cursor = services.cursors.encode("fans", filters, [fans[-1].id]) if more else None
        meta = call.meta("synced", isoformat(account.last_synced_at))
    return Reply(
        {"data": [fan_json(f) for f in fans], "hasMore": more, "nextCursor": cursor, "meta": meta}
    )
