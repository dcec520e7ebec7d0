"""Posts and the vault: GET /v1/accounts/{accountId}/posts, /posts/{postId}, /vault/lists and
/vault/media, synced by default, the platform's with fresh=true (docs/synced-data.md)."""

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
from service.domain.clock import isoformat
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.http.paging import by_count
from service.synced import shapes


def _dated(field: str) -> Any:
    return lambda item: [item[field], item["id"]]


def _named(item: dict[str, Any]) -> list[Any]:
    return [item["name"].lower(), item["id"]]


@endpoint("listPosts", shares_reader=synced_only)
async def list_posts(call: Call) -> Reply:
    account = await account_of(call)
    filters = filters_of(call)
    limit, token = call.params.query["limit"], call.params.query.get("cursor")
    if is_fresh(call):
        live = pager(call, "posts", filters, by_count)
        offset = live.start(token) or 0
        answer, read_at = await call.services.live.read(
            account, "GET /posts", query={"limit": limit, "offset": offset}
        )
        rows, more = listed(answer)
        posts = [shapes.post(row) for row in rows]
        return live_page(call, live, posts, more, offset, read_at)
    keyset = pager(call, "posts", filters, by_text_and_id)
    async with call.reading() as uow:
        held = await uow.synced.items(
            account.workspace_id,
            account.id,
            "posts",
            newest_first=True,
            after=keyset.start(token),
            limit=limit + 1,
        )
    return synced_page(call, keyset, held, _dated("postedAt"), account.last_synced_at)


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
        return Reply({"data": shapes.post(answer), "meta": call.meta("live", isoformat(read_at))})
    async with call.reading() as uow:
        post = await uow.synced.item(account.workspace_id, account.id, "posts", post_id)
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


@endpoint("listVaultLists", shares_reader=synced_only)
async def list_vault_lists(call: Call) -> Reply:
    account = await account_of(call)
    filters = filters_of(call)
    limit, token = call.params.query["limit"], call.params.query.get("cursor")
    if is_fresh(call):
        live = pager(call, "vault_lists", filters, by_count)
        offset = live.start(token) or 0
        answer, read_at = await call.services.live.read(
            account, "GET /vault/lists", query={"limit": limit, "offset": offset}
        )
        rows, more = listed(answer)
        lists = [shapes.vault_list(row) for row in rows]
        return live_page(call, live, lists, more, offset, read_at)
    keyset = pager(call, "vault_lists", filters, by_text_and_id)
    async with call.reading() as uow:
        held = await uow.synced.items(
            account.workspace_id,
            account.id,
            "vault_lists",
            after=keyset.start(token),
            limit=limit + 1,
        )
    return synced_page(call, keyset, held, _named, account.last_synced_at)


@endpoint("listVaultMedia", shares_reader=synced_only)
async def list_vault_media(call: Call) -> Reply:
    account = await account_of(call)
    list_id = call.params.query.get("listId")
    filters = filters_of(call, list=list_id)
    limit, token = call.params.query["limit"], call.params.query.get("cursor")
    if is_fresh(call):
        live = pager(call, "vault_media", filters, by_count)
        offset = live.start(token) or 0
        query: dict[str, Any] = {"limit": limit, "offset": offset}
        if list_id:
            query["list"] = list_id
        answer, read_at = await call.services.live.read(
            account, "GET /vault/media", query=query, param="listId"
        )
        rows, more = listed(answer)
        media = [shapes.vault_media(row) for row in rows]
        return live_page(call, live, media, more, offset, read_at)
    ws = account.workspace_id
    keyset = pager(call, "vault_media", filters, by_text_and_id)
    async with call.reading() as uow:
        if list_id and await uow.synced.item(ws, account.id, "vault_lists", list_id) is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND,
                f"No vault list `{list_id}` on this account in the synced data.",
                param="listId",
            )
        held = await uow.synced.items(
            ws,
            account.id,
            "vault_media",
            newest_first=True,
            tag=list_id,
            after=keyset.start(token),
            limit=limit + 1,
        )
    return synced_page(call, keyset, held, _dated("createdAt"), account.last_synced_at)
