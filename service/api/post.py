"""GET /v1/accounts/{accountId}/posts/{postId}: one post, synced by default, the platform's with
fresh=true (docs/synced-data.md). The lists of posts and the vault are made from their families'
declarations (service/api/synced_lists.py)."""

from __future__ import annotations

from service.api.endpoint import Call, Reply, endpoint
from service.api.synced_reads import account_of, is_fresh, synced_only
from service.domain.clock import isoformat
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.synced.families import POSTS


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
