"""GET /v1/accounts/{accountId}/fans: synced fans by default, the platform's with fresh=true."""

from __future__ import annotations

from service.actions.reach import visible_account
from service.api.endpoint import Call, Reply, endpoint
from service.domain.clock import isoformat
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_count, by_id
from service.synced.fans import platform_fan
from service.synced.render import fan_json


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


@endpoint("getFan")
async def get_fan(call: Call) -> Reply:
    """One fan with what the synced data knows about them: lists, spend and the chat. With
    fresh=true the fan's profile and subscription are read live; spend and the chat summary
    stay the synced ones (the platform has no one call for them)."""
    services, fan_id = call.services, call.params.path["fanId"]
    async with services.store.reading() as uow:
        account = await visible_account(uow, call.principal, call.params.path["accountId"])
        ws = account.workspace_id
        fan = await uow.fans.get(ws, account.id, fan_id)
        spend = await uow.synced.fan_spend(ws, account.id, fan_id)
        chat = await uow.synced.chat(ws, account.id, fan_id)
    if call.params.query.get("fresh"):
        answer, read_at = await services.live.read(
            account, "GET /users/:id", path_params={"id": fan_id}, param="fanId"
        )
        if not isinstance(answer, dict) or "id" not in answer or answer.get("isFan") is False:
            raise _no_fan(fan_id)
        fan = platform_fan(account, answer)
        meta = call.meta("live", isoformat(read_at))
    else:
        if fan is None:
            raise _no_fan(fan_id)
        meta = call.meta("synced", isoformat(account.last_synced_at))
    names = {str(item["id"]): str(item["name"]) for item in account.fan_lists or ()}
    data = {
        **fan_json(fan),
        "lists": [{"id": i, "name": names.get(i)} for i in fan.list_ids],
        "spend": {"gross": spend["gross"], "net": spend["net"]},
        "chat": None
        if chat is None
        else {
            "lastMessage": chat["lastMessage"],
            "unreadCount": chat["unreadCount"],
            "lastActivityAt": chat["lastActivityAt"],
        },
    }
    return Reply({"data": data, "meta": meta})


def _no_fan(fan_id: str) -> ApiError:
    return ApiError(ErrorCode.FAN_NOT_FOUND, f"No fan `{fan_id}` on this account.", param="fanId")
