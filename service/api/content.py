"""Posts and the vault: GET /v1/accounts/{accountId}/posts, /posts/{postId}, /vault/lists and
/vault/media, synced by default, the platform's with fresh=true (docs/synced-data.md)."""

from __future__ import annotations

from typing import Any

from service.accounts.model import Account
from service.api.endpoint import Call, Reply, endpoint
from service.api.synced_reads import (
    Listed,
    Rows,
    account_of,
    filters_of,
    is_fresh,
    synced_only,
    synced_or_live,
)
from service.domain.clock import isoformat
from service.error_codes import ErrorCode
from service.errors import ApiError
from service.ports import UnitOfWork
from service.synced import shapes


def _dated(field: str) -> Any:
    return lambda item: [item[field], item["id"]]


def _named(item: dict[str, Any]) -> list[Any]:
    return [item["name"].lower(), item["id"]]


POSTS = Listed("posts", "GET /posts", shapes.post, _dated("postedAt"))
VAULT_LISTS = Listed("vault_lists", "GET /vault/lists", shapes.vault_list, _named)
VAULT_MEDIA = Listed("vault_media", "GET /vault/media", shapes.vault_media, _dated("createdAt"))


@endpoint("listPosts", shares_reader=synced_only)
async def list_posts(call: Call) -> Reply:
    async def held(uow: UnitOfWork, account: Account, after: Any, limit: int) -> Rows:
        return await uow.synced.items(
            account.workspace_id, account.id, "posts", newest_first=True, after=after, limit=limit
        )

    return await synced_or_live(call, POSTS, held)


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
    async def held(uow: UnitOfWork, account: Account, after: Any, limit: int) -> Rows:
        return await uow.synced.items(
            account.workspace_id, account.id, "vault_lists", after=after, limit=limit
        )

    return await synced_or_live(call, VAULT_LISTS, held)


@endpoint("listVaultMedia", shares_reader=synced_only)
async def list_vault_media(call: Call) -> Reply:
    list_id = call.params.query.get("listId")

    async def held(uow: UnitOfWork, account: Account, after: Any, limit: int) -> Rows:
        ws = account.workspace_id
        if list_id and await uow.synced.item(ws, account.id, "vault_lists", list_id) is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND,
                f"No vault list `{list_id}` on this account in the synced data.",
                param="listId",
            )
        return await uow.synced.items(
            ws, account.id, "vault_media", newest_first=True, tag=list_id, after=after, limit=limit
        )

    return await synced_or_live(
        call,
        VAULT_MEDIA,
        held,
        filters=filters_of(call, list=list_id),
        query={"list": list_id} if list_id else None,
        param="listId",
    )
