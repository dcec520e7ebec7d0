"""Who may read the synced families and when: a key limited to other accounts, a test key (the
sandbox creators only), a cursor bound to its list and filters, an unavailable account (synced
still served, fresh refused) and a failing platform (fresh only)."""

from __future__ import annotations

from harness.platform.views import published_posts
from service.domain.principal import Principal
from service.keys.usecases import create_key
from tests.synced.family_reads import FAMILY_PATHS, chat_order, error, every, get, synced


async def test_key_account_limits_and_unknown_accounts(linked):
    creator = await synced(linked)
    fan_id = chat_order(creator)[0]
    post_id = published_posts(creator)[0].id
    _, limited = await create_key(
        linked.services.store,
        linked.services.clock,
        Principal.operator(linked.world.workspace_id),
        name="only-the-other",
        scopes=["read"],
        mode="live",
        account_ids=[linked.world.live_account],
    )
    paths = [
        *FAMILY_PATHS,
        f"fans/{fan_id}",
        f"chats/{fan_id}/messages",
        f"posts/{post_id}",
    ]
    for path in paths:
        url = f"/v1/accounts/{linked.creator_id}/{path}"
        assert (await get(linked, url, linked.world.read_key)).status_code == 200, path
        assert error(await get(linked, url, limited))[:2] == (404, "account_not_found"), path
        assert error(await get(linked, url, linked.world.test_key))[:2] == (
            404,
            "account_not_found",
        )
        assert error(await get(linked, f"/v1/accounts/123456789/{path}"))[:2] == (
            404,
            "account_not_found",
        )


async def test_cursor_bound_to_list_and_filters(linked):
    creator = await synced(linked)
    fan_id = chat_order(creator)[0]
    base = f"/v1/accounts/{linked.creator_id}"
    cursor = (await get(linked, f"{base}/chats?limit=1")).json()["nextCursor"]
    assert cursor
    for other in (f"{base}/posts?cursor={cursor}", f"{base}/chats?fresh=true&cursor={cursor}"):
        assert error(await get(linked, other)) == (400, "invalid_cursor", "cursor")
    messages = f"{base}/chats/{fan_id}/messages?limit=1"
    cursor = (await get(linked, messages)).json()["nextCursor"]
    assert error(await get(linked, f"{messages}&search=a&cursor={cursor}")) == (
        400,
        "invalid_cursor",
        "cursor",
    )


async def test_unavailable_account_blocks_fresh_only(linked, store):
    creator = await synced(linked)
    fan_id = chat_order(creator)[0]
    async with store.transaction() as uow:
        await uow.accounts.update(
            linked.world.workspace_id,
            linked.creator_id,
            status="restricted",
            status_reason="The platform restricted it.",
        )
    for path in (*FAMILY_PATHS, f"chats/{fan_id}/messages", f"fans/{fan_id}"):
        url = f"/v1/accounts/{linked.creator_id}/{path}"
        assert (await get(linked, url)).status_code == 200, path
        sep = "&" if "?" in url else "?"
        live = await get(linked, url + sep + "fresh=true")
        assert live.status_code == 409 and live.json()["error"]["code"] == "account_unavailable"


async def test_platform_failure_on_fresh_is_502_synced_still_served(linked):
    await synced(linked)
    linked.platform.state.faults.add({"route": "GET /chats", "status": 500, "times": 5})
    url = f"/v1/accounts/{linked.creator_id}/chats"
    failed = await get(linked, url + "?fresh=true")
    assert failed.status_code == 502 and failed.json()["error"]["code"] == "platform_error"
    assert (await get(linked, url)).status_code == 200


async def test_test_key_reads_sandbox_creators_synced_families(linked):
    sandbox = linked.world.sandbox_accounts[0]
    key = linked.world.test_key
    chats, metas = await every(linked, f"/v1/accounts/{sandbox}/chats", key)
    assert chats and {m["source"] for m in metas} == {"synced"}
    fan_id = chats[0]["fanId"]
    messages = (await get(linked, f"/v1/accounts/{sandbox}/chats/{fan_id}/messages", key)).json()
    assert messages["data"] and all(m["fanId"] == fan_id for m in messages["data"])
    lists, _ = await every(linked, f"/v1/accounts/{sandbox}/lists", key)
    assert lists and all(x["fansCount"] >= 0 for x in lists)
    fan = (await get(linked, f"/v1/accounts/{sandbox}/fans/{fan_id}", key)).json()["data"]
    assert fan["chat"]["lastMessage"]["id"] == chats[0]["lastMessage"]["id"]
    live = (await get(linked, f"/v1/accounts/{sandbox}/chats?fresh=true", key)).json()
    assert live["meta"]["source"] == "live"
    assert sorted(c["fanId"] for c in live["data"]) == sorted(c["fanId"] for c in chats)[:25]
    for path in ("posts", "vault/lists", "vault/media", "earnings"):
        assert (await get(linked, f"/v1/accounts/{sandbox}/{path}", key)).status_code == 200
    # A live key never sees a sandbox creator.
    assert error(await get(linked, f"/v1/accounts/{sandbox}/chats"))[:2] == (
        404,
        "account_not_found",
    )
