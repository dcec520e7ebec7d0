"""Chats and their messages served like the other synced families: chats by latest activity,
messages newest first, searched, synced and live alike, their errors, and a page exactly its
decoded rendering on both drivers."""

from __future__ import annotations

import datetime as dt

from starlette.responses import JSONResponse

from harness.platform.models import Fan as PlatformFan
from tests.synced.family_reads import chat_order, error, every, get, synced


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
