"""API keys (docs/api-guide.md): key headers, scopes, limited keys, modes, revoke, roll, expiry."""

from __future__ import annotations

import datetime as dt

import pytest

from service.domain.principal import Principal
from service.keys.usecases import create_key, revoke_key, roll_key
from tests.factories import add_live_account, build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def code(response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def test_bearer_and_x_api_key_both_work(client, world):
    assert (await client.get("/v1/accounts", headers=world.auth())).status_code == 200
    response = await client.get("/v1/accounts", headers={"x-api-key": world.live_key})
    assert response.status_code == 200


async def test_missing_and_invalid_keys(client, world):
    missing = await client.get("/v1/accounts")
    assert await code(missing) == (401, "missing_api_key")
    assert "Authorization: Bearer" in missing.json()["error"]["hint"]
    bad = await client.get("/v1/accounts", headers={"Authorization": "Bearer sk_live_nope"})
    assert await code(bad) == (401, "invalid_api_key")
    basic = await client.get("/v1/accounts", headers={"Authorization": "Basic abc"})
    assert await code(basic) == (401, "invalid_api_key")


async def test_revoked_key(client, world, store, clock):
    key, secret = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="tmp",
        scopes=["read"],
        mode="live",
    )
    await revoke_key(store, clock, Principal.operator(world.workspace_id), key.id)
    response = await client.get("/v1/accounts", headers=world.auth(secret))
    assert await code(response) == (401, "revoked_api_key")


async def test_rolled_key_stops_and_replacement_works(client, world, store, clock):
    key, secret = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="roll-me",
        scopes=["read"],
        mode="live",
    )
    new_key, new_secret = await roll_key(
        store, clock, Principal.operator(world.workspace_id), key.id
    )
    assert new_key.name == "roll-me" and new_secret != secret
    assert await code(await client.get("/v1/accounts", headers=world.auth(secret))) == (
        401,
        "revoked_api_key",
    )
    assert (await client.get("/v1/accounts", headers=world.auth(new_secret))).status_code == 200


async def test_expired_key(client, world, store, clock):
    _, secret = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="short",
        scopes=["read"],
        mode="live",
        expires_at=clock.now() + dt.timedelta(hours=1),
    )
    assert (await client.get("/v1/accounts", headers=world.auth(secret))).status_code == 200
    clock.advance(hours=2)
    response = await client.get("/v1/accounts", headers=world.auth(secret))
    assert await code(response) == (401, "expired_api_key")


async def test_keys_are_stored_only_as_hashes(store, world):
    async with store.reading() as uow:
        keys = await uow.keys.list(world.workspace_id)
    stored = " ".join(f"{k.secret_hash} {k.prefix} {k.name}" for k in keys)
    assert world.live_key not in stored
    assert all(len(k.secret_hash) == 64 and len(k.prefix) == 12 for k in keys)


async def test_limited_key_sees_only_its_accounts(client, world, store, clock):
    await add_live_account(store, clock, world.workspace_id, "40002", "other.creator")
    _, secret = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="limited",
        scopes=["read", "write"],
        mode="live",
        account_ids=["40002"],
    )
    listed = (await client.get("/v1/accounts", headers=world.auth(secret))).json()["data"]
    assert [a["id"] for a in listed] == ["40002"]
    hidden = await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth(secret))
    assert await code(hidden) == (404, "account_not_found")
    write = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        headers={**world.auth(secret), "Idempotency-Key": "x"},
        json={"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}},
    )
    assert await code(write) == (404, "account_not_found")


async def test_test_key_sees_only_sandbox_creators(client, world):
    listed = (await client.get("/v1/accounts", headers=world.auth(world.test_key))).json()
    assert sorted(a["id"] for a in listed["data"]) == sorted(world.sandbox_accounts)
    live = (await client.get("/v1/accounts", headers=world.auth())).json()["data"]
    assert [a["id"] for a in live] == [world.live_account]


async def test_api_key_cannot_approve(client, world):
    response = await client.post("/v1/actions/act_123/approve", headers=world.auth())
    assert await code(response) == (403, "dashboard_key_only")
    response = await client.post("/v1/actions/act_123/reject", headers={"x-api-key": "x"})
    assert await code(response) == (403, "dashboard_key_only")


async def test_approve_without_session_is_not_signed_in(client, world):
    assert await code(await client.post("/v1/actions/act_123/approve")) == (401, "not_signed_in")


# No sharp edges in how a key is presented.


@pytest.mark.parametrize("empty", ["", "   "])
async def test_an_empty_key_header_counts_as_absent(client, world, empty):
    beside_bearer = await client.get("/v1/accounts", headers={**world.auth(), "x-api-key": empty})
    assert beside_bearer.status_code == 200, beside_bearer.text
    beside_header = await client.get(
        "/v1/accounts", headers={"x-api-key": world.live_key, "Authorization": f"Bearer {empty}"}
    )
    assert beside_header.status_code == 200, beside_header.text
    alone = await client.get("/v1/accounts", headers={"x-api-key": empty})
    assert alone.json()["error"]["code"] == "missing_api_key"


async def test_two_different_keys_are_refused_whichever_is_valid(client, store, clock, world):
    async with store.reading() as uow:
        keys = await uow.keys.list(world.workspace_id)
    reader = next(k for k in keys if k.name == "reader")
    await revoke_key(store, clock, world.owner, reader.id)
    for bearer, header in [
        (world.live_key, "sk_live_bogus"),
        ("sk_live_bogus", world.live_key),
        (world.read_key, world.live_key),  # revoked beside valid
        (world.live_key, world.read_key),
        (world.test_key, world.live_key),  # test and live
    ]:
        response = await client.get(
            "/v1/accounts", headers={"Authorization": f"Bearer {bearer}", "x-api-key": header}
        )
        assert response.status_code == 401, (bearer, header)
        assert response.json()["error"]["code"] == "invalid_api_key"
    same = await client.get("/v1/accounts", headers={**world.auth(), "x-api-key": world.live_key})
    assert same.status_code == 200
