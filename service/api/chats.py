"""GET /v1/accounts/{accountId}/chats and /chats/{fanId}/messages: synced by default,
the platform's with fresh=true (docs/synced-data.md)."""

from __future__ import annotations

from typing import Any

from service.accounts.model import Account
from service.actions.reach import visible_account
from service.api.endpoint import Call, Reply, endpoint
from service.api.synced_reads import (
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
from service.domain.stored_json import StoredJson
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_count, by_time_and_id
from service.ports import UnitOfWork
from service.synced import shapes


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


def _no_fan(fan_id: str) -> ApiError:
    return ApiError(ErrorCode.FAN_NOT_FOUND, f"No fan `{fan_id}` on this account.", param="fanId")


def _no_chat(fan_id: str) -> ApiError:
    return ApiError(
        ErrorCode.CHAT_NOT_FOUND, f"There is no chat with fan `{fan_id}` yet.", param="fanId"
    )
