"""Assignments, chat connections and chat links over /v1 with an admin key, as a script would:
read, change with If-Match, and never a bot token in any reply. Both drivers, in process."""

from __future__ import annotations

from service.chat.usecases import connect
from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from tests.config.test_settings_api import admin_key, bearer
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import add_live_account, build_world
from tests.policies.kit import person

TOKEN = "xoxb-never-shown-9"


async def test_assignments_over_v1(client, store, clock):
    world = await build_world(store, clock)
    await add_live_account(store, clock, world.workspace_id, "40002", "other.creator")
    key = bearer(await admin_key(store, clock, world))
    chet = await person(store, clock, world, "chet@agency.test", "Chet", "member")
    one = f"/v1/members/{chet.user_id}"

    listed = await client.get("/v1/members", headers=key)
    assert {m["email"]: (m["accountIds"], m["shift"]) for m in listed.json()["data"]} == {
        "owner@agency.test": (None, "on"),
        "chet@agency.test": (None, "on"),
    }
    mine = {**key, "If-Match": listed.headers["etag"]}
    assigned = await client.patch(one, json={"accountIds": ["40001", "40001"]}, headers=mine)
    assert assigned.status_code == 200, assigned.text
    assert (assigned.json()["data"]["accountIds"], assigned.json()["data"]["role"]) == (
        ["40001"],
        "member",
    )
    assert assigned.headers["etag"] != listed.headers["etag"]
    # The list's ETag changed with the assignment: the same If-Match is now stale.
    stale = await client.patch(one, json={"accountIds": None}, headers=mine)
    assert (stale.status_code, stale.json()["error"]["code"]) == (412, "precondition_failed")
    unknown = await client.patch(one, json={"accountIds": ["99999"], "role": "admin"}, headers=key)
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (404, "account_not_found")
    empty = await client.patch(one, json={}, headers=key)
    assert (empty.status_code, empty.json()["error"]["code"]) == (400, "invalid_parameter")
    both = await client.patch(one, json={"accountIds": ["40002", "40001"]}, headers=key)
    assert both.json()["data"]["accountIds"] == ["40001", "40002"]
    # Unchanged by the refused calls; the chatter's session now reaches only these accounts.
    async with store.reading() as uow:
        member = await uow.members.get(world.workspace_id, chet.user_id)
    assert member is not None and (member.role, member.account_ids) == (
        "member",
        ["40001", "40002"],
    )
    back = await client.patch(one, json={"accountIds": None}, headers=key)
    assert back.json()["data"]["accountIds"] is None
    async with store.reading() as uow:
        entries = [e.action for e in await uow.audit.list(world.workspace_id)]
    assert entries.count("member.assigned") == 3
    # A read key is refused; a test-mode admin key changes no live setting.
    refused = await client.patch(one, json={"accountIds": None}, headers=bearer(world.read_key))
    assert refused.json()["error"]["code"] == "missing_scope"
    test_key = bearer(await admin_key(store, clock, world, mode="test"))
    refused = await client.patch(one, json={"accountIds": ["40001"]}, headers=test_key)
    assert refused.json()["error"]["code"] == "test_key_live_setting"


async def test_chat_connections_and_links_over_v1(client, store, clock):
    world = await build_world(store, clock)
    operator = Principal.operator(world.workspace_id)
    box = SecretBox("test-secret")
    await connect(store, clock, operator, "slack", "C0DEFAULT", bot_token=TOKEN, box=box)
    await connect(store, clock, operator, "slack", "C0MAYA", account_id=world.live_account)
    key = bearer(await admin_key(store, clock, world))
    chet = await person(store, clock, world, "chet@agency.test", "Chet", "member")

    listed = await client.get("/v1/chat/connections", headers=key)
    assert listed.status_code == 200, listed.text
    assert TOKEN not in listed.text and "botToken" not in listed.text
    (slack,) = listed.json()["data"]
    assert (slack["provider"], slack["channel"], slack["accountChannels"]) == (
        "slack",
        "C0DEFAULT",
        {"40001": "C0MAYA"},
    )

    by_email = await client.post(
        "/v1/chat/links",
        json={"provider": "slack", "chatUserId": "U0CHET", "email": "chet@agency.test"},
        headers=key,
    )
    assert by_email.status_code == 201, by_email.text
    assert by_email.json()["data"]["memberId"] == chet.user_id
    by_id = await client.post(
        "/v1/chat/links",
        json={"provider": "telegram", "chatUserId": "4242", "memberId": world.owner.user_id},
        headers=key,
    )
    assert by_id.json()["data"]["email"] == "owner@agency.test", by_id.text
    nobody = await client.post(
        "/v1/chat/links",
        json={"provider": "slack", "chatUserId": "U0X", "memberId": "usr_nobody"},
        headers=key,
    )
    assert (nobody.status_code, nobody.json()["error"]["code"]) == (404, "resource_not_found")
    links = (await client.get("/v1/chat/links", headers=key)).json()["data"]
    assert sorted(link["id"] for link in links) == ["slack:U0CHET", "telegram:4242"]

    gone = await client.delete("/v1/chat/links/slack:U0CHET", headers=key)
    assert gone.status_code == 200, gone.text
    assert gone.json()["data"] == {"id": "slack:U0CHET", "deleted": True}, gone.text
    again = await client.delete("/v1/chat/links/slack:U0CHET", headers=key)
    assert again.status_code == 404
    async with store.reading() as uow:
        assert await uow.chat_users.get(world.workspace_id, "slack", "U0CHET") is None

    for method, route in [
        ("GET", "/v1/chat/connections"),
        ("DELETE", "/v1/chat/connections/slack"),
        ("GET", "/v1/chat/links"),
        ("POST", "/v1/chat/links"),
        ("DELETE", "/v1/chat/links/telegram:4242"),
    ]:
        body = {"provider": "slack", "chatUserId": "U0Y", "email": "chet@agency.test"}
        refused = await client.request(method, route, json=body, headers=bearer(world.live_key))
        assert refused.json()["error"]["code"] == "missing_scope", route
    # The owner's dashboard session reads them too, as every settings route.
    await sign_in(client)
    by_session = await client.get("/v1/chat/links", headers={"x-csrf-token": await csrf_of(client)})
    assert by_session.status_code == 200, by_session.text
    assert [link["id"] for link in by_session.json()["data"]] == ["telegram:4242"]

    dropped = await client.delete("/v1/chat/connections/slack", headers=key)
    assert dropped.json()["data"] == {"id": "slack", "deleted": True}, dropped.text
    assert (await client.get("/v1/chat/connections", headers=key)).json()["data"] == []
    assert (await client.delete("/v1/chat/connections/slack", headers=key)).status_code == 404
    async with store.reading() as uow:
        actions = [e.action for e in await uow.audit.list(world.workspace_id)]
    assert {"chat.disconnected", "chat.user_linked", "chat.user_unlinked"} <= set(actions)
