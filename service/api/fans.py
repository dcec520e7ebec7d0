"""GET /v1/accounts/{accountId}/fans: synced fans by default, the platform's with fresh=true."""

from __future__ import annotations

from service.actions.usecases import visible_account
from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat
from service.http.paging import Pager, by_count, by_id
from service.render import fan_json


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
    if fresh:
        # The platform pages by offset: the cursor is the next offset, signed the same way.
        by_offset = Pager(services.cursors, "fans", filters, limit, by_count)
        offset = by_offset.start(q.get("cursor")) or 0
        fans, more = await services.live.fans(account, search=search, offset=offset, limit=limit)
        cursor = by_offset.cursor([offset + len(fans)]) if more else None
        meta = call.meta("live", isoformat(services.clock.now()))
    else:
        pager = Pager(services.cursors, "fans", filters, limit, by_id)
        after = pager.start(q.get("cursor"))
        async with services.store.reading() as uow:
            rows = await uow.fans.list(
                call.principal.workspace_id,
                account_id,
                search=search,
                after=after,
                limit=limit + 1,
            )
        page = pager.page(rows, lambda fan: [fan.id])
        fans, more, cursor = page.items, page.more, page.cursor
        meta = call.meta("synced", isoformat(account.last_synced_at))
    return Reply(
        {"data": [fan_json(f) for f in fans], "hasMore": more, "nextCursor": cursor, "meta": meta}
    )
