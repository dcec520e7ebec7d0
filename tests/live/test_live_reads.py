"""fresh=true reads the platform over real HTTP; synced reads keep working when it cannot."""

from __future__ import annotations


async def get(linked, path, token=None):
    return await linked.client.get(path, headers=linked.world.auth(token))


async def test_synced_account_detail(linked):
    response = await get(linked, f"/v1/accounts/{linked.creator_id}")
    body = response.json()
    assert response.status_code == 200
    assert body["meta"]["source"] == "synced" and body["meta"]["asOf"]
    assert set(body["data"]["counts"]) == {
        "activeFans",
        "expiredFans",
        "chats",
        "posts",
        "vaultItems",
    }


async def test_fresh_account_reads_the_platform(linked):
    creator = linked.platform.state.creator(linked.creator_id)
    body = (await get(linked, f"/v1/accounts/{linked.creator_id}?fresh=true")).json()
    active = sum(1 for f in creator.fans.values() if f.expired_at is None)
    assert body["meta"]["source"] == "live"
    assert body["data"]["counts"]["activeFans"] == active
    assert body["data"]["subscriptionPrice"]["amount"] == creator.subscribe_price_cents


async def test_fresh_fans_search_and_pagination(linked):
    creator = linked.platform.state.creator(linked.creator_id)
    seen, cursor = [], None
    while True:
        url = f"/v1/accounts/{linked.creator_id}/fans?fresh=true&limit=10"
        body = (await get(linked, url + (f"&cursor={cursor}" if cursor else ""))).json()
        assert body["meta"]["source"] == "live"
        seen += [f["id"] for f in body["data"]]
        cursor = body["nextCursor"]
        if not body["hasMore"]:
            break
    assert sorted(seen) == sorted(creator.fans) and len(seen) == len(set(seen))
    target = next(iter(creator.fans.values()))
    found = (
        await get(
            linked, f"/v1/accounts/{linked.creator_id}/fans?fresh=true&search={target.username}"
        )
    ).json()["data"]
    assert target.id in [f["id"] for f in found]


async def test_cursor_is_bound_to_its_filters(linked):
    url = f"/v1/accounts/{linked.creator_id}/fans?fresh=true&limit=5"
    cursor = (await get(linked, url)).json()["nextCursor"]
    response = await get(linked, f"/v1/accounts/{linked.creator_id}/fans?limit=5&cursor={cursor}")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_cursor"


async def test_unavailable_account_blocks_live_reads_only(linked, store):
    async with store.transaction() as uow:
        await uow.accounts.update(
            linked.world.workspace_id,
            linked.creator_id,
            status="restricted",
            status_reason="The platform restricted it.",
        )
    live = await get(linked, f"/v1/accounts/{linked.creator_id}?fresh=true")
    error = live.json()["error"]
    assert live.status_code == 409
    assert (error["code"], error["accountStatus"]) == ("account_unavailable", "restricted")
    fans = await get(linked, f"/v1/accounts/{linked.creator_id}/fans?fresh=true")
    assert fans.status_code == 409
    assert (await get(linked, f"/v1/accounts/{linked.creator_id}")).status_code == 200
    assert (await get(linked, f"/v1/accounts/{linked.creator_id}/fans")).status_code == 200


async def test_expired_session_on_live_read_moves_account_to_needs_relink(linked):
    linked.platform.state.expire_sessions(linked.creator_id)
    response = await get(linked, f"/v1/accounts/{linked.creator_id}?fresh=true")
    assert response.status_code == 409
    assert response.json()["error"]["accountStatus"] == "needs_relink"
    synced = (await get(linked, f"/v1/accounts/{linked.creator_id}")).json()["data"]
    assert synced["status"] == "needs_relink"


async def test_platform_errors_on_live_reads(linked):
    linked.platform.state.faults.add({"route": "GET /users/me", "status": 500, "times": 1})
    response = await get(linked, f"/v1/accounts/{linked.creator_id}?fresh=true")
    assert (response.status_code, response.json()["error"]["code"]) == (502, "platform_error")
    linked.platform.state.faults.add({"route": "GET /users/me", "delayMs": 5000, "times": 1})
    response = await get(linked, f"/v1/accounts/{linked.creator_id}?fresh=true")
    assert (response.status_code, response.json()["error"]["code"]) == (502, "platform_timeout")


async def test_sandbox_live_reads_never_reach_the_platform(linked):
    sandbox = linked.world.sandbox_accounts[0]
    body = (await get(linked, f"/v1/accounts/{sandbox}?fresh=true", linked.world.test_key)).json()
    assert body["meta"]["source"] == "live"
    fans = (
        await get(linked, f"/v1/accounts/{sandbox}/fans?fresh=true", linked.world.test_key)
    ).json()
    assert fans["data"]
    assert linked.platform.state.writes_for() == []
