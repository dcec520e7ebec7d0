"""GET /v1/accounts/{accountId}/fans: synced fans by default, the platform's with fresh=true."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from service.accounts.model import Account
from service.actions.reach import visible_account
from service.api.endpoint import Call, Reply, RestRoute, endpoint
from service.domain.clock import isoformat
from service.domain.item_families import ItemFamily
from service.domain.stored_json import StoredJson
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_count, by_id, by_time_and_id
from service.ports import UnitOfWork
from service.synced import shapes
from service.synced.earnings import MAX_DAYS, earnings_range
from service.synced.families import FAMILIES, POSTS, Family
from service.synced.fans import platform_fan
from service.synced.reads.rest import (
    Listed,
    Rows,
    account_of,
    filters_of,
    is_fresh,
    listed,
    live_page,
    pager,
    synced_only,
    synced_or_live,
    synced_page,
)
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


def _chat_at(chat: dict[str, Any]) -> list[Any]:
    return [chat["lastActivityAt"], chat["fanId"]]


def _message_at(message: dict[str, Any] | StoredJson) -> list[Any]:
    fields = message.value() if isinstance(message, StoredJson) else message
    return [fields["createdAt"], fields["id"]]


CHATS = Listed(
    "chats", "GET /chats", shapes.chat, _chat_at, keyset=by_time_and_id, query={"order": "recent"}
)


@endpoint("listChats", shares_reader=synced_only)
async def list_chats(call: Call) -> Reply:
    async def held(uow: UnitOfWork, account: Account, after: Any, limit: int) -> Rows:
        return await uow.synced.chats(account.workspace_id, account.id, after=after, limit=limit)

    return await synced_or_live(call, CHATS, held)


@endpoint("listMessages", shares_reader=synced_only)
async def list_messages(call: Call) -> Reply:
    q, fan_id = call.params.query, call.params.path["fanId"]
    search, limit = q.get("search"), q["limit"]
    filters = filters_of(call, fan=fan_id, search=search)
    token = q.get("cursor")
    if is_fresh(call):
        account = await account_of(call)
        live = pager(call, "messages", filters, by_count)
        offset = live.start(token) or 0
        return await _live_messages(call, account, fan_id, search, live, offset)
    keyset = pager(call, "messages", filters, by_time_and_id)
    after = keyset.start(token)
    async with call.reading() as uow:
        account = await visible_account(uow, call.principal, call.params.path["accountId"])
        ws = account.workspace_id
        rows = await uow.synced.rendered_messages(
            ws, account.id, fan_id, search=search, after=after, limit=limit + 1
        )
        # Only an empty first page needs to know why: no such fan, or no chat with it.
        if not rows and after is None and not await uow.synced.chat(ws, account.id, fan_id):
            if await uow.fans.get(ws, account.id, fan_id) is None:
                raise _no_fan(fan_id)
            raise _no_chat(fan_id)
    return synced_page(call, keyset, rows, _message_at, account.last_synced_at)


async def _live_messages(
    call: Call,
    account: Account,
    fan_id: str,
    search: str | None,
    pages: Pager[int],
    offset: int,
) -> Reply:
    limit = call.params.query["limit"]
    query: dict[str, Any] = {"limit": limit, "offset": offset}
    route = "GET /chats/:id/messages"
    if search:
        route, query["query"] = "GET /chats/:id/messages/search", search
    else:
        query["order"] = "desc"
    try:
        answer, read_at = await call.services.live.read(
            account, route, path_params={"id": fan_id}, query=query
        )
    except ApiError as error:
        if error.code not in ("chat_not_found", "fan_not_found"):
            raise
        # The platform says "no chat" for an id that is no fan too: synced fans tell which.
        async with call.reading() as uow:
            known = await uow.fans.get(account.workspace_id, account.id, fan_id)
        raise (_no_chat(fan_id) if known else _no_fan(fan_id)) from None
    rows, more = listed(answer)
    if not rows and offset == 0 and not search:
        raise _no_chat(fan_id)
    messages = [shapes.message(row, fan_id) for row in rows]
    return live_page(call, pages, messages, more, offset, read_at)


def _no_chat(fan_id: str) -> ApiError:
    return ApiError(
        ErrorCode.CHAT_NOT_FOUND, f"There is no chat with fan `{fan_id}` yet.", param="fanId"
    )


@endpoint("getPost", shares_reader=synced_only)
async def get_post(call: Call) -> Reply:
    account = await account_of(call)
    post_id = call.params.path["postId"]
    if is_fresh(call):
        answer, read_at = await call.services.live.read(
            account, "GET /posts/:id", path_params={"id": post_id}, param="postId"
        )
        if not isinstance(answer, dict) or "id" not in answer:
            raise _no_post(post_id)
        return Reply({"data": POSTS.shape(answer), "meta": call.meta("live", isoformat(read_at))})
    async with call.reading() as uow:
        post = await uow.synced.item(account.workspace_id, account.id, POSTS.name, post_id)
    if post is None:
        raise _no_post(post_id)
    return Reply({"data": post, "meta": call.meta("synced", isoformat(account.last_synced_at))})


def _no_post(post_id: str) -> ApiError:
    return ApiError(
        ErrorCode.RESOURCE_NOT_FOUND,
        f"No post `{post_id}` on this account in the synced data.",
        param="postId",
        hint="Posts beyond the synced window can be read with fresh=true.",
    )


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
