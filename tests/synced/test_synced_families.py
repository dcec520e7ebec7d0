"""The synced families served like accounts and fans: synced by default, live with fresh=true,
paginated, every error, key limits and test mode (both drivers, the fake platform over HTTP).
Responses are validated against openapi.yaml by the `linked` app (validate_responses)."""

from __future__ import annotations

import datetime as dt

from starlette.responses import JSONResponse

from harness.platform.models import Fan as PlatformFan
from harness.platform.views import published_posts
from service.domain.principal import Principal
from service.keys.usecases import create_key
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


async def test_fan_lists_synced_and_fresh(linked):
    creator = await synced(linked)
    base = f"/v1/accounts/{linked.creator_id}/lists"
    lists, metas = await every(linked, base + "?limit=2")
    expected = sorted(creator.lists.values(), key=lambda fl: (fl.name.lower(), fl.id))
    assert [(x["id"], x["name"], x["fansCount"]) for x in lists] == [
        (fl.id, fl.name, len(fl.user_ids)) for fl in expected
    ]
    assert {m["source"] for m in metas} == {"synced"} and all(m["asOf"] for m in metas)
    live, metas = await every(linked, base + "?fresh=true&limit=2")
    assert {m["source"] for m in metas} == {"live"}
    assert sorted(x["id"] for x in live) == sorted(x["id"] for x in lists)


async def test_one_fan_with_lists_spend_and_chat(linked):
    creator = await synced(linked)
    fan_id = chat_order(creator)[0]
    body = (await get(linked, f"/v1/accounts/{linked.creator_id}/fans/{fan_id}")).json()
    fan = body["data"]
    assert body["meta"]["source"] == "synced"
    assert fan["id"] == fan_id and fan["username"] == creator.fans[fan_id].username
    assert [x["id"] for x in fan["lists"]] == creator.list_ids_of(fan_id)
    assert all(x["name"] == creator.lists[x["id"]].name for x in fan["lists"])
    paid = [
        t
        for t in creator.transactions.values()
        if t.fan_id == fan_id and not t.deleted and t.status in ("pending", "completed")
    ]
    assert fan["spend"]["gross"]["amount"] == sum(t.gross_cents for t in paid)
    assert fan["spend"]["net"]["amount"] == sum(t.net_cents for t in paid)
    assert fan["chat"]["lastMessage"]["id"] == creator.chats[fan_id][-1].id
    live = (await get(linked, f"/v1/accounts/{linked.creator_id}/fans/{fan_id}?fresh=true")).json()
    assert live["meta"]["source"] == "live" and live["data"]["id"] == fan_id
    for fresh in ("", "?fresh=true"):
        missing = await get(linked, f"/v1/accounts/{linked.creator_id}/fans/999999999{fresh}")
        assert error(missing) == (404, "fan_not_found", "fanId")


async def test_chats_by_latest_activity_and_messages_newest_first(linked):
    creator = await synced(linked)
    chats, _ = await every(linked, f"/v1/accounts/{linked.creator_id}/chats?limit=7")
    # Most recent activity first; chats active at the same moment (a mass message's copies)
    # follow by fan id, the keyset's tie-breaker.
    keys = [(c["lastActivityAt"], c["fanId"]) for c in chats]
    assert keys == sorted(keys, reverse=True)
    assert sorted(c["fanId"] for c in chats) == sorted(chat_order(creator))
    last = {
        fid: msgs[-1].created_at.replace(microsecond=0)
        for fid, msgs in creator.chats.items()
        if msgs
    }
    assert [dt.datetime.fromisoformat(c["lastActivityAt"]) for c in chats] == sorted(
        (last[c["fanId"]] for c in chats), reverse=True
    )
    first = chats[0]
    fan = creator.fans[first["fanId"]]
    assert (first["username"], first["name"]) == (fan.username, fan.name)
    assert first["lastMessage"]["id"] == creator.chats[fan.id][-1].id
    live_chats, metas = await every(linked, f"/v1/accounts/{linked.creator_id}/chats?fresh=true")
    assert [c["fanId"] for c in live_chats] == chat_order(creator)
    assert {m["source"] for m in metas} == {"live"}

    busiest = max(
        creator.chats, key=lambda fid: len(creator.chats[fid]) if fid in creator.fans else 0
    )
    path = f"/v1/accounts/{linked.creator_id}/chats/{busiest}/messages"
    messages, metas = await every(linked, path + "?limit=2")
    held = creator.chats[busiest]
    assert [m["id"] for m in messages] == [m.id for m in reversed(held)]
    assert {m["source"] for m in metas} == {"synced"}
    sample, original = messages[0], held[-1]
    assert sample["text"] == original.text and sample["fanId"] == busiest
    assert sample["fromCreator"] == original.from_creator
    assert sample["mediaIds"] == list(original.media_ids)
    assert sample["massMessageId"] == original.mass_message_id
    price = round(original.price * 100)
    assert sample["price"] == ({"amount": price, "currency": "USD"} if price else None)
    live, metas = await every(linked, path + "?fresh=true&limit=2")
    assert [m["id"] for m in live] == [m["id"] for m in messages]
    assert {m["source"] for m in metas} == {"live"}


async def test_message_search_synced_and_live(linked):
    creator = await synced(linked)
    fan_id = chat_order(creator)[0]
    word = creator.chats[fan_id][-1].text.replace("<p>", " ").replace("</p>", " ").split()[0]
    path = f"/v1/accounts/{linked.creator_id}/chats/{fan_id}/messages?search={word.upper()}"
    found = (await get(linked, path)).json()["data"]
    expected = [m.id for m in reversed(creator.chats[fan_id]) if word.lower() in m.text.lower()]
    assert [m["id"] for m in found] == expected and expected
    live = (await get(linked, path + "&fresh=true")).json()["data"]
    assert [m["id"] for m in live] == expected
    none = (await get(linked, path.split("?")[0] + "?search=zzzznothing")).json()
    assert none["data"] == [] and none["hasMore"] is False


async def test_messages_errors_for_non_fan_and_fan_without_chat(linked):
    creator = await synced(linked)
    now = linked.platform.state.now()
    with linked.platform.state.lock:
        creator.fans["777000111"] = PlatformFan(
            id="777000111",
            username="quiet.fan",
            name="Quiet Fan",
            avatar="",
            subscribed_at=now,
            expired_at=None,
            price_cents=999,
        )
    await synced(linked)
    base = f"/v1/accounts/{linked.creator_id}/chats"
    for fresh in ("", "?fresh=true"):
        assert error(await get(linked, f"{base}/999999999/messages{fresh}")) == (
            404,
            "fan_not_found",
            "fanId",
        )
        assert error(await get(linked, f"{base}/777000111/messages{fresh}")) == (
            404,
            "chat_not_found",
            "fanId",
        )


async def test_posts_and_one_post(linked):
    creator = await synced(linked)
    posts, metas = await every(linked, f"/v1/accounts/{linked.creator_id}/posts?limit=5")
    expected = sorted(published_posts(creator), key=lambda p: (p.posted_at, p.id), reverse=True)
    assert [p["id"] for p in posts] == [p.id for p in expected]
    assert {m["source"] for m in metas} == {"synced"}
    one = expected[0]
    body = (await get(linked, f"/v1/accounts/{linked.creator_id}/posts/{one.id}")).json()
    assert body["data"]["text"] == one.text and body["data"]["likesCount"] == one.likes
    live = (await get(linked, f"/v1/accounts/{linked.creator_id}/posts/{one.id}?fresh=true")).json()
    assert live["meta"]["source"] == "live" and live["data"] == body["data"]
    live_posts, _ = await every(linked, f"/v1/accounts/{linked.creator_id}/posts?fresh=true")
    assert sorted(p["id"] for p in live_posts) == sorted(p["id"] for p in posts)
    for fresh in ("", "?fresh=true"):
        missing = await get(linked, f"/v1/accounts/{linked.creator_id}/posts/123{fresh}")
        assert error(missing) == (404, "resource_not_found", "postId")


async def test_vault_lists_and_media_with_list_filter(linked):
    creator = await synced(linked)
    base = f"/v1/accounts/{linked.creator_id}/vault"
    lists, _ = await every(linked, f"{base}/lists?limit=2")
    assert sorted(x["id"] for x in lists) == sorted(creator.vault_lists)
    media, _ = await every(linked, f"{base}/media?limit=10")
    assert sorted(m["id"] for m in media) == sorted(creator.media)
    times = [m["createdAt"] for m in media]
    assert times == sorted(times, reverse=True)
    chosen = next(vl for vl in creator.vault_lists.values() if vl.media_ids)
    only, _ = await every(linked, f"{base}/media?listId={chosen.id}&limit=3")
    assert sorted(m["id"] for m in only) == sorted(chosen.media_ids)
    live, metas = await every(linked, f"{base}/media?listId={chosen.id}&fresh=true&limit=3")
    assert sorted(m["id"] for m in live) == sorted(chosen.media_ids)
    assert {m["source"] for m in metas} == {"live"}
    assert error(await get(linked, f"{base}/media?listId=424242")) == (
        404,
        "resource_not_found",
        "listId",
    )


async def test_earnings_by_source_synced_equals_live(linked):
    await synced(linked)
    today = linked.services.clock.now().date()
    start = (today - dt.timedelta(days=20)).isoformat()
    path = f"/v1/accounts/{linked.creator_id}/earnings?startDate={start}&endDate={today}"
    body = (await get(linked, path)).json()
    data = body["data"]
    assert body["meta"]["source"] == "synced"
    assert (data["startDate"], data["endDate"]) == (start, today.isoformat())
    assert len(data["days"]) == 21
    for source in ("total", "subscribes", "tips", "chat_messages"):
        assert data[source]["amount"] == sum(d[source]["amount"] for d in data["days"])
    assert data["total"]["amount"] > 0
    live = (await get(linked, path + "&fresh=true")).json()
    assert live["meta"]["source"] == "live" and live["data"] == data


async def test_earnings_bad_ranges(linked):
    base = f"/v1/accounts/{linked.creator_id}/earnings"
    cases = {
        "?startDate=2026-11-10&endDate=2026-11-01": "startDate",
        "?startDate=2026-13-01": "startDate",
        "?startDate=0001-01-01&endDate=9999-12-31": "endDate",
        "?endDate=yesterday": "endDate",
        "?startDate=2024-01-01&endDate=2026-01-01": "endDate",
    }
    for query, param in cases.items():
        for fresh in ("", "&fresh=true"):
            assert error(await get(linked, base + query + fresh)) == (
                400,
                "invalid_parameter",
                param,
            ), query
    for query, span in {
        "?startDate=2026-11-01": ("2026-11-01", "2026-11-30"),
        "?endDate=2026-11-01": ("2026-10-03", "2026-11-01"),
        "?startDate=9999-12-31": ("9999-12-31", "9999-12-31"),
        "?endDate=0001-01-01": ("0001-01-01", "0001-01-01"),
    }.items():
        data = (await get(linked, base + query)).json()["data"]
        assert (data["startDate"], data["endDate"]) == span, query
    default = (await get(linked, base)).json()["data"]
    assert (
        dt.date.fromisoformat(default["endDate"]) - dt.date.fromisoformat(default["startDate"])
    ).days == 29


FAMILY_PATHS = (
    "lists",
    "chats",
    "posts",
    "vault/lists",
    "vault/media",
    "earnings",
)


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


async def test_messages_page_is_byte_for_byte_its_decoded_rendering(linked):
    """SQLite passes stored message text through (service/domain/stored_json.py); the answer
    must be exactly what rendering the decoded page gives, on both drivers, with messages that
    take the fast way and the slow way (non-ASCII text) side by side."""
    creator = await synced(linked)
    fan_id = chat_order(creator)[0]
    ws, account = linked.world.workspace_id, linked.creator_id
    async with linked.services.store.transaction() as uow:
        held = await uow.synced.messages(ws, account, fan_id, limit=3)
        await uow.synced.add_messages(
            ws,
            account,
            [
                {**held[0], "id": "990000001", "text": '<p>Café, "quoted": ünïcode</p>'},
                {**held[1], "id": "990000002", "text": "<p>plain, \\u0041 literal</p>"},
            ],
        )
    for query in ("?limit=2", "?limit=50"):
        path = f"/v1/accounts/{account}/chats/{fan_id}/messages{query}"
        response = await get(linked, path)
        assert response.status_code == 200
        assert response.content == JSONResponse(response.json()).body
        # and the page holds the messages as stored
        async with linked.services.store.reading() as uow:
            stored = await uow.synced.messages(ws, account, fan_id, limit=50)
        assert response.json()["data"] == stored[: len(response.json()["data"])]
