"""How the synced families' tests (tests/synced/test_synced_*.py) read them over the API: one
sync of the linked creator, every page of a list by its cursors, an error's status, code and
param, and the fake platform's chats in the order the API lists them."""

from __future__ import annotations

from service.synced.syncer import sync_account


async def get(linked, path, key=None):
    return await linked.client.get(path, headers=linked.world.auth(key))


async def synced(linked):
    before = linked.services.clock.now()
    linked.services.clock.advance(seconds=1)
    account = await sync_account(
        linked.services.syncing, linked.world.workspace_id, linked.creator_id
    )
    assert account.status == "healthy" and account.last_synced_at > before
    return linked.platform.state.creator(linked.creator_id)


async def every(linked, path, key=None):
    """Every item of a list, following nextCursor; also returns the metas seen."""
    items, metas, cursor = [], [], None
    while True:
        sep = "&" if "?" in path else "?"
        url = path + (f"{sep}cursor={cursor}" if cursor else "")
        response = await get(linked, url, key)
        assert response.status_code == 200, response.text
        body = response.json()
        items += body["data"]
        metas.append(body["meta"])
        cursor = body["nextCursor"]
        assert body["hasMore"] == (cursor is not None)
        if cursor is None:
            return items, metas


def error(response):
    body = response.json()["error"]
    return response.status_code, body["code"], body.get("param")


def chat_order(creator):
    chats = [(fid, m) for fid, m in creator.chats.items() if m and fid in creator.fans]
    chats.sort(key=lambda item: item[1][-1].created_at, reverse=True)
    return [fid for fid, _ in chats]


FAMILY_PATHS = (
    "lists",
    "chats",
    "posts",
    "vault/lists",
    "vault/media",
    "earnings",
)
