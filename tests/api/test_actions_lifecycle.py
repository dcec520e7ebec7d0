"""Reading, listing, expiring and deciding actions (docs/actions.md)."""

from __future__ import annotations

import pytest

from service.actions.decisions import decide_action
from service.actions.execution.expirer import expire_due
from service.errors.api_error import ApiError
from tests.factories import build_world, tampered


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def make(client, world, n=1, prefix="k", token=None, account=None, clock=None):
    ids = []
    for i in range(n):
        response = await client.post(
            f"/v1/accounts/{account or world.live_account}/actions",
            headers={**world.auth(token), "Idempotency-Key": f"{prefix}{i}"},
            json={"type": "add_fan_to_list", "params": {"fanId": str(i), "listId": "9"}},
        )
        assert response.status_code == 202, response.text
        ids.append(response.json()["data"]["id"])
        if clock is not None:
            clock.advance(seconds=1)
    return ids


async def decide(store, clock, world, action_id, approve=True, note=None):
    return await decide_action(
        store,
        clock,
        world.owner,
        action_id,
        approve=approve,
        note=note,
        wake_executor=lambda: None,
    )


async def test_get_action_and_not_found(client, world):
    [action_id] = await make(client, world)
    response = await client.get(f"/v1/actions/{action_id}", headers=world.auth())
    assert response.status_code == 200 and response.json()["data"]["id"] == action_id
    assert response.json()["meta"] == {
        "source": "service",
        "asOf": None,
        "requestId": response.headers["x-request-id"],
    }
    missing = await client.get("/v1/actions/act_doesnotexist", headers=world.auth())
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "action_not_found")
    other_mode = await client.get(f"/v1/actions/{action_id}", headers=world.auth(world.test_key))
    assert other_mode.status_code == 404


async def test_list_is_newest_first_and_pages_without_gaps(client, world, clock):
    ids = await make(client, world, n=7, clock=clock)
    seen, cursor = [], None
    while True:
        url = "/v1/actions?limit=3" + (f"&cursor={cursor}" if cursor else "")
        body = (await client.get(url, headers=world.auth())).json()
        seen += [a["id"] for a in body["data"]]
        cursor = body["nextCursor"]
        assert (cursor is None) == (not body["hasMore"])
        if not body["hasMore"]:
            break
    assert seen == list(reversed(ids))


async def test_default_limit_is_25(client, world):
    await make(client, world, n=26)
    body = (await client.get("/v1/actions", headers=world.auth())).json()
    assert len(body["data"]) == 25 and body["hasMore"]


async def test_cursor_is_bound_to_filters(client, world, clock):
    await make(client, world, n=3, clock=clock)
    cursor = (await client.get("/v1/actions?limit=1", headers=world.auth())).json()["nextCursor"]
    response = await client.get(
        f"/v1/actions?limit=1&status=pending&cursor={cursor}", headers=world.auth()
    )
    assert (response.status_code, response.json()["error"]["code"]) == (400, "invalid_cursor")
    response = await client.get(
        f"/v1/actions?limit=1&cursor={tampered(cursor)}", headers=world.auth()
    )
    assert response.json()["error"]["code"] == "invalid_cursor"


async def test_filters_by_status_and_account(client, world, store, clock):
    first, second = await make(client, world, n=2, clock=clock)
    await decide(store, clock, world, first, approve=False)
    rejected = (await client.get("/v1/actions?status=rejected", headers=world.auth())).json()
    assert [a["id"] for a in rejected["data"]] == [first]
    pending = (await client.get("/v1/actions?status=pending", headers=world.auth())).json()
    assert [a["id"] for a in pending["data"]] == [second]
    none = (await client.get("/v1/actions?accountId=nope", headers=world.auth())).json()
    assert none["data"] == []


async def test_pending_action_past_expiry_reads_as_expired_everywhere(client, world, store, clock):
    [action_id] = await make(client, world)
    clock.advance(hours=24, seconds=1)
    one = (await client.get(f"/v1/actions/{action_id}", headers=world.auth())).json()["data"]
    assert one["status"] == "expired"
    expired = (await client.get("/v1/actions?status=expired", headers=world.auth())).json()
    assert [a["id"] for a in expired["data"]] == [action_id]
    pending = (await client.get("/v1/actions?status=pending", headers=world.auth())).json()
    assert pending["data"] == []
    woken = []
    services = type(
        "S",
        (),
        {
            "store": store,
            "clock": clock,
            "settings": type("T", (), {"public_url": "https://cs.example"})(),
            "wake_deliverer": lambda self: woken.append(1),
        },
    )()
    assert await expire_due(services.store, services.clock, services.wake_deliverer) == [action_id]
    assert woken == [1]
    async with store.reading() as uow:
        assert (await uow.actions.get(world.workspace_id, action_id)).status == "expired"


async def test_expires_at_is_24_hours_after_creation(client, world):
    [action_id] = await make(client, world)
    data = (await client.get(f"/v1/actions/{action_id}", headers=world.auth())).json()["data"]
    from datetime import datetime

    created = datetime.fromisoformat(data["createdAt"])
    expires = datetime.fromisoformat(data["expiresAt"])
    assert (expires - created).total_seconds() == 24 * 3600


async def test_approve_sets_decider_then_conflicts(client, world, store, clock):
    [action_id] = await make(client, world)
    approved = await decide(store, clock, world, action_id, note="ok")
    assert approved.status == "approved" and approved.decided_at == clock.now()
    assert approved.decided_by == {"name": "Olive Owner", "email": "owner@agency.test"}
    with pytest.raises(ApiError) as again:
        await decide(store, clock, world, action_id, approve=False)
    assert again.value.code == "action_not_pending" and again.value.status() == 409


async def test_reject_keeps_note_and_writes_the_event(client, world, store, clock):
    [action_id] = await make(client, world)
    rejected = await decide(store, clock, world, action_id, approve=False, note="Not today")
    assert rejected.status == "rejected" and rejected.decision_note == "Not today"
    async with store.reading() as uow:
        events = await uow.events.list(world.workspace_id)
    assert [(e.type, e.data["id"]) for e in events] == [
        ("action.created", action_id),
        ("action.rejected", action_id),
    ]


async def test_expired_action_cannot_be_approved(client, world, store, clock):
    [action_id] = await make(client, world)
    clock.advance(hours=25)
    with pytest.raises(ApiError) as error:
        await decide(store, clock, world, action_id)
    assert error.value.code == "action_expired"
    async with store.reading() as uow:
        assert (await uow.actions.get(world.workspace_id, action_id)).status == "expired"


async def test_approve_on_unavailable_account(client, world, store, clock):
    [action_id] = await make(client, world)
    async with store.transaction() as uow:
        await uow.accounts.update(
            world.workspace_id,
            world.live_account,
            status="awaiting_2fa",
            status_reason="Waiting for a 2FA code.",
        )
    with pytest.raises(ApiError) as error:
        await decide(store, clock, world, action_id)
    assert (error.value.code, error.value.account_status) == ("account_unavailable", "awaiting_2fa")


async def test_unknown_action_cannot_be_decided(world, store, clock):
    with pytest.raises(ApiError) as error:
        await decide(store, clock, world, "act_nope")
    assert error.value.code == "action_not_found"


async def test_links_create_and_get(client, world, clock):
    response = await client.post("/v1/links", json={"note": "For Maya"}, headers=world.auth())
    assert response.status_code == 201, response.text
    link = response.json()["data"]
    assert link["status"] == "waiting" and link["accountId"] is None and link["step"]
    assert link["url"].startswith("http://countersign.test/link/")
    got = await client.get(f"/v1/links/{link['id']}", headers=world.auth())
    assert got.json()["data"] == link
    clock.advance(hours=24, seconds=1)
    expired = (await client.get(f"/v1/links/{link['id']}", headers=world.auth())).json()
    assert expired["data"]["status"] == "expired"


async def test_link_note_limit_and_not_found(client, world):
    response = await client.post("/v1/links", json={"note": "x" * 201}, headers=world.auth())
    assert response.json()["error"] == {
        **response.json()["error"],
        "code": "invalid_parameter",
        "param": "note",
    }
    assert (await client.post("/v1/links", headers=world.auth())).status_code == 201
    missing = await client.get("/v1/links/link_nope", headers=world.auth())
    assert missing.json()["error"]["code"] == "link_not_found"


async def test_accounts_list_paginates(client, world):
    body = (await client.get("/v1/accounts?limit=1", headers=world.auth(world.test_key))).json()
    assert len(body["data"]) == 1 and body["hasMore"]
    rest = (
        await client.get(
            f"/v1/accounts?limit=100&cursor={body['nextCursor']}",
            headers=world.auth(world.test_key),
        )
    ).json()
    ids = [a["id"] for a in body["data"] + rest["data"]]
    assert sorted(ids) == sorted(world.sandbox_accounts)


async def test_account_detail_from_synced_data(client, world):
    response = await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())
    body = response.json()
    assert body["meta"]["source"] == "synced" and body["meta"]["asOf"]
    assert body["data"]["revenue30d"]["net"] == {"amount": 8000, "currency": "USD"}
    missing = await client.get("/v1/accounts/nope", headers=world.auth())
    assert missing.json()["error"]["code"] == "account_not_found"
