"""The synced families served like accounts and fans: synced by default, live with fresh=true,
paginated, with their errors (both drivers, the fake platform over HTTP): fan lists, one fan,
posts, the vault and earnings. Chats and messages: test_synced_messages.py; keys, cursors and
availability: test_synced_access.py. Responses are validated against openapi.yaml by the
`linked` app (validate_responses)."""

from __future__ import annotations

import datetime as dt

from harness.platform.views import published_posts
from tests.synced.family_reads import chat_order, error, every, get, synced


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
