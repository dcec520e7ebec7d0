"""PlatformClient against the fake platform over real HTTP: reads, writes (each logged by the
platform), the sign-in steps and the routes of the catalogue (fixtures: conftest.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from service.platform import NotFoundUpstream, lookup


@pytest.mark.asyncio
async def test_a_read_returns_the_platform_json(client, mia):
    creator, session = mia
    me = await client.request("GET /users/me", session=session)
    assert me["id"] == creator.user_id and me["username"] == "miaharper"
    fans = await client.request(
        "GET /subscriptions/subscribers", session=session, query={"limit": 100, "type": "active"}
    )
    assert {f["id"] for f in fans["list"]} == {f.id for f in creator.fans.values() if f.active}
    assert all(f["subscribedIsExpiredNow"] is False for f in fans["list"])


@pytest.mark.asyncio
async def test_a_write_reaches_the_platform_and_is_logged(client, mia, state):
    creator, session = mia
    fan_id = next(f.id for f in creator.fans.values() if f.active)
    message = await client.request(
        "POST /chats/:id/messages",
        session=session,
        path_params={"id": fan_id},
        body={"text": "<p>Hello</p>", "price": 5},
    )
    assert message["id"] and message["price"] == 5 and message["massMessageId"] is None
    [write] = state.writes_for(creator.user_id)
    assert write["route"] == "POST /chats/:id/messages"
    assert write["path"] == f"/api/chats/{fan_id}/messages"
    assert write["body"] == {"text": "<p>Hello</p>", "price": 5}
    assert write["status"] == 200 and write["applied"] is True


@pytest.mark.asyncio
async def test_sign_in_with_2fa_then_selfie(client, state):
    first = await client.sign_in("rosa@creators.test", "rosa-password-3")
    assert first.status == "2fa_required" and first.challenge_id
    wrong = await client.submit_2fa(first.challenge_id, "000000")
    assert wrong.status == "invalid_code" and not wrong.ok
    second = await client.submit_2fa(first.challenge_id, "123456")
    assert second.status == "selfie_required" and second.challenge_id
    done = await client.submit_selfie(second.challenge_id, "data:image/jpeg;base64,AAAA")
    assert done.ok and done.session_token and done.expires_at > datetime.now(UTC)
    assert done.user_id == state.creator_by_email("rosa@creators.test").user_id
    me = await client.request("GET /users/me", session=done.session_token)
    assert me["username"] == "rosaquinn"


@pytest.mark.asyncio
async def test_sign_in_refusals_are_results_not_errors(client):
    assert (await client.sign_in("mia@creators.test", "nope")).status == "invalid_credentials"
    plain = await client.sign_in("mia@creators.test", "mia-password-1")
    assert plain.ok and plain.challenge_id is None
    two_fa = await client.sign_in("luna@creators.test", "luna-password-2")
    assert (await client.submit_2fa(two_fa.challenge_id, "123456")).ok
    stale = await client.submit_selfie("ch_unknown", "selfie")
    assert stale.status == "invalid_challenge"


@pytest.mark.asyncio
async def test_mass_message_copies_carry_the_mass_message_id(client, mia, state):
    creator, session = mia
    vip, big = list(creator.lists.values())[:2]
    extra = next(f for f in creator.fans if f not in vip.user_ids and f not in big.user_ids)
    sent = await client.request(
        "POST /messages/queue",
        session=session,
        body={
            "text": "<p>Weekend drop</p>",
            "userLists": [vip.id],
            "userIds": [extra],
            "excludeUserLists": [big.id],
            "mediaFiles": [],
            "price": 0,
        },
    )
    assert sent["success"] is True
    expected = {f for f in vip.user_ids if f not in big.user_ids} | {extra}
    for fan_id in expected:
        page = await client.request(
            "GET /chats/:id/messages",
            session=session,
            path_params={"id": fan_id},
            query={"order": "desc"},
        )
        assert page["list"][0]["massMessageId"] == sent["id"]
        assert page["list"][0]["text"] == "<p>Weekend drop</p>"
    copies = [m for msgs in creator.chats.values() for m in msgs if m.mass_message_id == sent["id"]]
    assert {m.fan_id for m in copies} == expected
    await client.request(
        "DELETE /messages/queue/:id", session=session, path_params={"id": sent["id"]}
    )
    assert not [
        m for msgs in creator.chats.values() for m in msgs if m.mass_message_id == sent["id"]
    ]


@pytest.mark.asyncio
async def test_list_membership_add_and_remove(client, mia, state):
    creator, session = mia
    fan_list = next(iter(creator.lists.values()))
    outsider = next(f for f in creator.fans if f not in fan_list.user_ids)
    added = await client.request(
        "POST /lists/:id/users",
        session=session,
        path_params={"id": fan_list.id},
        body={"userIds": [outsider]},
    )
    assert added == {"listId": fan_list.id, "userIds": [outsider], "success": True}
    fan = await client.request("GET /users/:id", session=session, path_params={"id": outsider})
    assert fan_list.id in fan["listIds"]
    removed = await client.request(
        "DELETE /lists/:id/users/:userId",
        session=session,
        path_params={"id": fan_list.id, "userId": outsider},
    )
    assert removed["success"] is True and outsider not in fan_list.user_ids
    with pytest.raises(NotFoundUpstream) as caught:
        await client.request(
            "POST /lists/:id/users",
            session=session,
            path_params={"id": fan_list.id},
            body={"userIds": ["1"]},
        )
    assert caught.value.code == "fan_not_found"
    assert [w["route"] for w in state.writes_for(creator.user_id)] == [
        "POST /lists/:id/users",
        "DELETE /lists/:id/users/:userId",
        "POST /lists/:id/users",
    ]


@pytest.mark.asyncio
async def test_transactions_change_through_the_control_api(platform, client, mia):
    creator, session = mia
    control = f"{platform.base_url}/_control/creators/{creator.user_id}/transactions"
    async with httpx.AsyncClient() as http:
        added = (await http.post(control, json={"kind": "tip", "grossCents": 2500})).json()
        assert (added["status"], added["feeCents"], added["netCents"]) == ("pending", 500, 2000)
        rows = await client.request(
            "GET /payouts/transactions", session=session, query={"limit": 100}
        )
        assert rows["list"][0]["id"] == added["id"]
        await http.patch(f"{control}/{added['id']}", json={"status": "refunded"})
        await http.patch(f"{control}/{added['id']}", json={"deleted": True})
    rows = await client.request("GET /payouts/transactions", session=session, query={"limit": 100})
    row = next(r for r in rows["list"] if r["id"] == added["id"])
    assert (row["status"], row["deleted"]) == ("refunded", True)


@pytest.mark.asyncio
async def test_routes_outside_the_catalogue_are_programming_errors(client, mia):
    _, session = mia
    with pytest.raises(ValueError):
        await client.request("GET /admin/users", session=session)
    with pytest.raises(ValueError):
        await client.request("GET /chats/:id/messages", session=session)  # missing :id
    assert lookup("DELETE /lists/:id/users/:userId").params == ("id", "userId")
