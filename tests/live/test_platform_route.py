"""GET /v1/accounts/{id}/platform/{path}: every catalogued read, live, over real HTTP to the
fake platform (and the sandbox for test keys), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.domain.principal import Principal
from service.keys.usecases import create_key


async def read(linked, path, token=None, **query):
    return await linked.client.get(
        f"/v1/accounts/{linked.creator_id}/platform/{path}",
        params=query,
        headers=linked.world.auth(token),
    )


def error_of(response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def test_reads_of_several_families_answer_the_platforms_result(linked):
    creator = linked.platform.state.creator(linked.creator_id)
    me = await read(linked, "users/me")
    assert me.status_code == 200, me.text
    body = me.json()
    assert body["data"]["id"] == creator.user_id and body["data"]["username"] == creator.username
    assert body["meta"]["source"] == "live" and body["meta"]["asOf"]
    assert body["meta"]["requestId"].startswith("req_")

    chats = (await read(linked, "chats", limit=3, order="recent")).json()["data"]
    assert len(chats["list"]) == 3 and chats["hasMore"] is True
    fan_id = chats["list"][0]["id"]
    messages = (await read(linked, f"chats/{fan_id}/messages", limit=100)).json()["data"]
    assert {m["id"] for m in messages["list"]} == {m.id for m in creator.chats[fan_id]}

    vault_list = next(iter(creator.vault_lists.values()))
    media = (await read(linked, "vault/media", list=vault_list.id, limit=100)).json()["data"]
    assert sorted(m["id"] for m in media["list"]) == sorted(vault_list.media_ids)

    highlights = (await read(linked, f"users/{creator.user_id}/stories/highlights")).json()
    assert sorted(h["title"] for h in highlights["data"]["list"]) == sorted(
        h.title for h in creator.highlights.values()
    )
    post = next(iter(creator.posts.values()))
    assert (await read(linked, f"posts/{post.id}")).json()["data"]["id"] == post.id

    today = datetime.now(UTC).date()
    chart = await read(
        linked,
        "earnings/chart",
        startDate=(today - timedelta(days=6)).isoformat(),
        endDate=today.isoformat(),
    )
    assert chart.status_code == 200
    assert len(chart.json()["data"]["total"]["chartAmount"]) == 7
    assert linked.writes() == []  # reads only


async def test_only_known_query_fields_are_forwarded_typed(linked):
    # `foo` is unknown everywhere, `order` unknown to /users/me: both ignored, never sent.
    assert (await read(linked, "users/me", foo="bar", order="recent")).status_code == 200
    page = (await read(linked, "subscriptions/subscribers", limit=2, offset=1)).json()["data"]
    assert len(page["list"]) == 2
    everyone = (await read(linked, "subscriptions/subscribers", limit=3)).json()["data"]
    assert page["list"][0]["id"] == everyone["list"][1]["id"]  # offset went through as 1


@pytest.mark.parametrize(
    "path, query, param",
    [
        ("chats", {"limit": "abc"}, "limit"),
        ("chats", {"limit": "0"}, "limit"),
        ("chats", {"order": "desc"}, "order"),  # /chats takes `recent`, messages take `desc`
        ("chats", {"order": "sideways"}, "order"),
        ("users/blocked", {"format": "pages"}, "format"),
        ("earnings/chart", {"startDate": "2026-02-30"}, "startDate"),
        ("earnings/chart", {"startDate": "2026-11-20", "endDate": "2026-11-01"}, "startDate"),
        ("chats/123/messages/search", {}, "query"),
        ("posts/top", {"by": "likes"}, "by"),
    ],
)
async def test_a_bad_value_is_invalid_parameter_naming_it(linked, path, query, param):
    response = await read(linked, path, **query)
    assert error_of(response) == (400, "invalid_parameter"), response.text
    assert response.json()["error"]["param"] == param
    assert linked.writes() == []


@pytest.mark.parametrize(
    "path", ["nowhere", "users/me/extra", "chats//messages", "v1/accounts", "lists/1/users"]
)
async def test_a_path_matching_no_catalogued_read_is_route_not_found(linked, path):
    response = await read(linked, path)
    assert error_of(response) == (404, "route_not_found"), response.text


@pytest.mark.parametrize(
    "method, path, names",
    [
        ("POST", "chats/123/messages", "`send_message`"),
        ("POST", "messages/queue", "`send_mass_message`"),
        ("DELETE", "messages/987", "`unsend_message`"),
        ("POST", "lists/5/users", "`add_fan_to_list`"),
        ("DELETE", "lists/5/users/77", "`remove_fan_from_list`"),
        ("POST", "vault/lists", "`create_vault_list`"),
        ("POST", "chats/123/mark-as-read", "`mark_chat_read`"),
        ("PUT", "vault/media/hidden", "`hide_vault_media`"),
        ("PUT", "users/me", "only reads"),
        ("PATCH", "nowhere/at/all", "only reads"),
    ],
)
async def test_other_methods_are_405_with_a_hint_naming_the_action(linked, method, path, names):
    response = await linked.client.request(
        method,
        f"/v1/accounts/{linked.creator_id}/platform/{path}",
        headers=linked.world.auth(),
        json={"text": "<p>hi</p>"},
    )
    assert error_of(response) == (405, "method_not_allowed"), response.text
    assert response.headers["allow"] == "GET, HEAD"
    assert names in response.json()["error"]["hint"]
    assert linked.writes() == []


async def test_send_message_hint_gives_the_params_mapping(linked):
    response = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/platform/chats/1/messages", headers=linked.world.auth()
    )
    hint = response.json()["error"]["hint"]
    assert "fanId ← path id" in hint and "text ← body text" in hint and "priceCents" in hint


async def test_head_is_served_like_get(linked):
    response = await linked.client.head(
        f"/v1/accounts/{linked.creator_id}/platform/users/me", headers=linked.world.auth()
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    "path, code",
    [
        ("chats/999999999/messages", "chat_not_found"),
        ("users/999999999", "fan_not_found"),
        ("posts/999999999", "resource_not_found"),
        ("subscriptions/999999999/history", "fan_not_found"),
        ("vault/media?list=999", "resource_not_found"),
        (f"users/{'9' * 65}", "resource_not_found"),
    ],
)
async def test_platform_404s_map_to_our_codes(linked, path, code):
    response = await linked.client.get(
        f"/v1/accounts/{linked.creator_id}/platform/{path}", headers=linked.world.auth()
    )
    assert error_of(response) == (404, code), response.text


async def test_unavailable_account_is_409_and_sessions_the_platform_refuses_move_it(linked, store):
    linked.platform.state.expire_sessions(linked.creator_id)
    response = await read(linked, "chats")
    assert error_of(response) == (409, "account_unavailable")
    assert response.json()["error"]["accountStatus"] == "needs_relink"
    again = await read(linked, "chats")  # now known before any call
    assert error_of(again) == (409, "account_unavailable")
    async with store.reading() as uow:
        account = await uow.accounts.get(linked.world.workspace_id, linked.creator_id)
    assert account.status == "needs_relink"


async def test_platform_failures_are_502(linked):
    linked.platform.state.faults.add({"route": "GET /posts", "status": 500, "times": 1})
    assert error_of(await read(linked, "posts")) == (502, "platform_error")
    linked.platform.state.faults.add({"route": "GET /posts", "delayMs": 5000, "times": 1})
    assert error_of(await read(linked, "posts")) == (502, "platform_timeout")


async def test_key_account_limits_and_scopes_apply(linked, store, clock):
    operator = Principal.operator(linked.world.workspace_id)
    other_only = await create_key(
        store,
        clock,
        operator,
        name="other",
        scopes=["read"],
        mode="live",
        account_ids=[linked.world.live_account],
    )
    response = await read(linked, "users/me", other_only[1])
    assert error_of(response) == (404, "account_not_found")
    write_only = await create_key(store, clock, operator, name="w", scopes=["write"], mode="live")
    assert error_of(await read(linked, "users/me", write_only[1])) == (403, "missing_scope")
    assert (await read(linked, "users/me", linked.world.read_key)).status_code == 200
    unknown = await linked.client.get(
        "/v1/accounts/nope/platform/users/me", headers=linked.world.auth()
    )
    assert error_of(unknown) == (404, "account_not_found")
    anonymous = await linked.client.get(f"/v1/accounts/{linked.creator_id}/platform/users/me")
    assert error_of(anonymous) == (401, "missing_api_key")


async def test_test_keys_read_the_sandbox_and_never_the_platform(linked):
    world = linked.world
    sandbox = world.sandbox_accounts[0]
    me = await linked.client.get(
        f"/v1/accounts/{sandbox}/platform/users/me", headers=world.auth(world.test_key)
    )
    assert me.status_code == 200 and me.json()["data"]["id"] == sandbox
    assert me.json()["meta"]["source"] == "live"
    detail = (
        await linked.client.get(f"/v1/accounts/{sandbox}", headers=world.auth(world.test_key))
    ).json()["data"]
    assert me.json()["data"]["postsCount"] == detail["counts"]["posts"]
    lists = await linked.client.get(
        f"/v1/accounts/{sandbox}/platform/lists", headers=world.auth(world.test_key)
    )
    assert lists.status_code == 200 and lists.json()["data"]["list"]
    crossed = await linked.client.get(
        f"/v1/accounts/{linked.creator_id}/platform/users/me", headers=world.auth(world.test_key)
    )
    assert error_of(crossed) == (404, "account_not_found")
    live_on_sandbox = await linked.client.get(
        f"/v1/accounts/{sandbox}/platform/users/me", headers=world.auth()
    )
    assert error_of(live_on_sandbox) == (404, "account_not_found")
    missing = await linked.client.get(
        f"/v1/accounts/{sandbox}/platform/chats/1/messages", headers=world.auth(world.test_key)
    )
    assert error_of(missing) == (404, "chat_not_found")
    assert linked.platform.state.writes_for() == []
