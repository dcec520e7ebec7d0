"""POST /v1/accounts/{id}/actions: every creation rule of docs/actions.md, on both drivers."""

from __future__ import annotations

import asyncio

import pytest

from tests.factories import build_world

MESSAGE = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hi there</p>"}}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def create(client, world, body=MESSAGE, key="k1", account=None, token=None):
    headers = {**world.auth(token), "Idempotency-Key": key} if key else world.auth(token)
    return await client.post(
        f"/v1/accounts/{account or world.live_account}/actions", json=body, headers=headers
    )


async def test_creates_pending_action_with_approval_url(client, world, clock):
    response = await create(client, world)
    assert response.status_code == 202, response.text
    data = response.json()["data"]
    assert data["id"].startswith("act_")
    assert data["status"] == "pending" and data["mode"] == "live"
    assert data["approvalUrl"] == f"http://countersign.test/dashboard/actions/{data['id']}"
    assert data["requestedBy"] == {
        "kind": "api_key",
        "label": "backend",
        "client": None,
        "tool": None,
    }
    assert data["estimatedRecipients"] == 1 and data["price"] is None
    assert data["summary"].endswith(".") and "@maya.live" in data["summary"]
    assert response.json()["meta"]["requestId"] == response.headers["x-request-id"]


async def test_paid_message_has_price(client, world):
    body = {"type": "send_message", "params": {"fanId": "f1", "text": "x", "priceCents": 500}}
    data = (await create(client, world, body)).json()["data"]
    assert data["price"] == {"amount": 500, "currency": "USD"}


@pytest.mark.parametrize(
    "params, param",
    [
        ({"text": "hi"}, "params.fanId"),
        ({"fanId": "f1", "text": ""}, "params.text"),
        ({"fanId": "f1", "text": "x" * 5001}, "params.text"),
        ({"fanId": "f1", "text": "x", "priceCents": 2_000_001}, "params.priceCents"),
        ({"fanId": "f1", "text": "x", "mediaIds": ["m"] * 51}, "params.mediaIds"),
        ({"fanId": "f1", "text": "x", "bogus": 1}, "params.bogus"),
    ],
)
async def test_send_message_params_name_the_field(client, world, params, param):
    response = await create(client, world, {"type": "send_message", "params": params})
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", param)


async def test_mass_message_audience_fan_ids_limit(client, world):
    body = {
        "type": "send_mass_message",
        "params": {"text": "hi", "audience": {"fanIds": [str(i) for i in range(1001)]}},
    }
    error = (await create(client, world, body)).json()["error"]
    assert error["param"] == "params.audience.fanIds"


async def test_mass_message_needs_an_audience(client, world):
    body = {"type": "send_mass_message", "params": {"text": "hi", "audience": {}}}
    response = await create(client, world, body)
    assert response.status_code == 400
    assert response.json()["error"]["param"].startswith("params.audience")


async def test_unknown_type(client, world):
    response = await create(client, world, {"type": "delete_everything", "params": {}})
    assert response.json()["error"]["param"] == "type"


async def test_idempotency_key_required(client, world):
    response = await create(client, world, key=None)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "idempotency_key_required"


async def test_same_key_same_body_returns_original(client, world):
    first = (await create(client, world)).json()["data"]
    second = await create(client, world)
    assert second.status_code == 202 and second.json()["data"]["id"] == first["id"]


async def test_same_key_different_body_conflicts(client, world):
    await create(client, world)
    other = {"type": "send_message", "params": {"fanId": "f2", "text": "<p>Hi there</p>"}}
    response = await create(client, world, other)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "idempotency_conflict"


async def test_key_is_workspace_wide_across_modes_and_accounts(client, world):
    await create(client, world)
    sandbox = world.sandbox_accounts[0]
    response = await create(client, world, account=sandbox, token=world.test_key)
    assert response.json()["error"]["code"] == "idempotency_conflict"


async def test_concurrent_retries_create_one_action(client, world, store):
    responses = await asyncio.gather(*[create(client, world, key="race") for _ in range(8)])
    ids = {r.json()["data"]["id"] for r in responses}
    assert [r.status_code for r in responses] == [202] * 8 and len(ids) == 1


async def test_read_only_key_gets_missing_scope(client, world):
    response = await create(client, world, token=world.read_key)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "missing_scope"
    assert response.json()["error"]["permission"] == "write"


async def test_writes_disabled(client, world, store):
    async with store.transaction() as uow:
        await uow.accounts.update(world.workspace_id, world.live_account, writes_enabled=False)
    response = await create(client, world)
    assert (response.status_code, response.json()["error"]["code"]) == (403, "writes_disabled")


async def test_unhealthy_account_is_unavailable(client, world, store):
    async with store.transaction() as uow:
        await uow.accounts.update(
            world.workspace_id,
            world.live_account,
            status="needs_relink",
            status_reason="The platform session expired.",
        )
    response = await create(client, world)
    error = response.json()["error"]
    assert response.status_code == 409
    assert (error["code"], error["accountStatus"]) == ("account_unavailable", "needs_relink")


async def test_unknown_account_and_test_key_on_live_account(client, world):
    assert (await create(client, world, account="999")).status_code == 404
    response = await create(client, world, token=world.test_key)
    assert response.json()["error"]["code"] == "account_not_found"


async def test_test_key_creates_test_action_on_sandbox_creator(client, world):
    response = await create(
        client, world, account=world.sandbox_accounts[0], token=world.test_key, key="t1"
    )
    assert response.status_code == 202
    assert response.json()["data"]["mode"] == "test"
