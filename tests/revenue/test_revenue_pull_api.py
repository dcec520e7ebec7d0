"""Pulling revenue over the HTTP edge: the page shape, cursor paging, filters and every
documented error (docs/revenue.md)."""

from __future__ import annotations

import pytest

from service.domain.principal import Principal
from service.keys.usecases import create_key, revoke_key
from service.revenue.usecases import observe_transactions
from tests.factories import add_live_account, build_world, tampered

URL = "/v1/revenue/transactions"


def platform_row(tx_id: str, **changes) -> dict:
    row = {
        "id": tx_id,
        "fanId": "f1",
        "kind": "tip",
        "description": "Tip",
        "status": "pending",
        "grossCents": 500,
        "netCents": 400,
        "feeCents": 100,
        "vatCents": 0,
        "currency": "USD",
        "occurredAt": "2026-11-01T10:00:00Z",
        "deleted": False,
    }
    row.update(changes)
    return row


async def observe(store, clock, world, account, rows):
    async with store.transaction() as uow:
        return await observe_transactions(uow, clock.now(), world.workspace_id, account, rows)


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def key(secret: str) -> dict[str, str]:
    return {"x-service-api-key": secret}


async def error(response) -> tuple[int, str, str | None]:
    body = response.json()["error"]
    return response.status_code, body["code"], body.get("param") or body.get("permission")


async def test_page_shape_order_and_cursor_paging(client, store, clock, world):
    await observe(store, clock, world, "40001", [platform_row(f"t{i}") for i in range(5)])
    clock.advance(seconds=1)
    await observe(store, clock, world, "40001", [platform_row("t1", status="completed")])
    response = await client.get(URL, params={"limit": 4}, headers=key(world.live_key))
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"transactions", "count", "hasMore", "nextCursor", "checkedAt"}
    assert body["count"] == 4 and body["hasMore"] is True and body["nextCursor"]
    rest = (
        await client.get(URL, params={"cursor": body["nextCursor"]}, headers=key(world.live_key))
    ).json()
    rows = body["transactions"] + rest["transactions"]
    assert rest["hasMore"] is False and rest["count"] == 2
    assert [r["id"] for r in rows] == ["t0", "t1", "t2", "t3", "t4", "t1"]
    assert rows[-1]["status"] == "completed"
    assert [r["observedAt"] for r in rows] == sorted(r["observedAt"] for r in rows)
    idle = (
        await client.get(URL, params={"cursor": rest["nextCursor"]}, headers=key(world.live_key))
    ).json()
    assert idle["count"] == 0 and idle["nextCursor"]
    await observe(store, clock, world, "40001", [platform_row("t9")])
    after = (
        await client.get(URL, params={"cursor": idle["nextCursor"]}, headers=key(world.live_key))
    ).json()
    assert [r["id"] for r in after["transactions"]] == ["t9"]


async def test_since_defaults_to_last_day_and_filters(client, store, clock, world):
    await observe(store, clock, world, "40001", [platform_row("old")])
    clock.advance(hours=25)
    await observe(store, clock, world, "40001", [platform_row("new")])
    default = (await client.get(URL, headers=key(world.live_key))).json()
    assert [r["id"] for r in default["transactions"]] == ["new"]
    everything = (
        await client.get(URL, params={"since": "2000-01-01T00:00:00Z"}, headers=key(world.live_key))
    ).json()
    assert [r["id"] for r in everything["transactions"]] == ["old", "new"]


async def test_test_keys_read_sandbox_creators_only(client, store, clock, world):
    sandbox = world.sandbox_accounts[0]
    await observe(store, clock, world, "40001", [platform_row("live1")])
    await observe(store, clock, world, sandbox, [platform_row("sand1")])
    live = (await client.get(URL, headers=key(world.live_key))).json()
    test = (await client.get(URL, headers=key(world.test_key))).json()
    assert [r["id"] for r in live["transactions"]] == ["live1"]
    assert [(r["id"], r["accountId"]) for r in test["transactions"]] == [("sand1", sandbox)]


async def test_account_filter_and_limited_keys(client, store, clock, world):
    await add_live_account(store, clock, world.workspace_id, "40002", username="other")
    await observe(store, clock, world, "40001", [platform_row("a")])
    await observe(store, clock, world, "40002", [platform_row("b")])
    one = await client.get(URL, params={"account": "40002"}, headers=key(world.live_key))
    assert [r["id"] for r in one.json()["transactions"]] == ["b"]
    _, limited = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="lim",
        scopes=["read"],
        mode="live",
        account_ids=["40001"],
    )
    assert await error(await client.get(URL, headers=key(limited))) == (
        400,
        "invalid_parameter",
        "account",
    )
    allowed = await client.get(URL, params={"account": "40001"}, headers=key(limited))
    assert [r["id"] for r in allowed.json()["transactions"]] == ["a"]
    assert await error(
        await client.get(URL, params={"account": "40002"}, headers=key(limited))
    ) == (403, "missing_permission", "account:40002")
    assert await error(
        await client.get(
            URL, params={"account": world.sandbox_accounts[0]}, headers=key(world.live_key)
        )
    ) == (403, "missing_permission", f"account:{world.sandbox_accounts[0]}")


async def test_authentication_errors(client, store, clock, world):
    assert (await error(await client.get(URL)))[:2] == (401, "missing_api_key")
    assert (await error(await client.get(URL, headers=key("sk_live_nope"))))[:2] == (
        401,
        "invalid_api_key",
    )
    stored, secret = await create_key(
        store,
        clock,
        Principal.operator(world.workspace_id),
        name="gone",
        scopes=["read"],
        mode="live",
    )
    await revoke_key(store, clock, Principal.operator(world.workspace_id), stored.id)
    assert (await error(await client.get(URL, headers=key(secret))))[:2] == (401, "revoked_api_key")
    bearer = await client.get(URL, headers={"Authorization": f"Bearer {world.live_key}"})
    assert (await error(bearer))[:2] == (401, "missing_api_key")
    hint = bearer.json()["error"]["hint"]  # the header this endpoint reads, never Bearer
    assert "`x-service-api-key`" in hint and "Bearer" not in hint


@pytest.mark.parametrize(
    "since", ["yesterday", "2026-13-01T00:00:00Z", "2026-11-01", "2026-11-01T00:00:00"]
)
async def test_bad_since(client, world, since):
    response = await client.get(URL, params={"since": since}, headers=key(world.live_key))
    assert await error(response) == (400, "invalid_parameter", "since")


async def test_since_with_cursor_and_bad_cursors(client, store, clock, world):
    await observe(store, clock, world, "40001", [platform_row("a"), platform_row("b")])
    page = (await client.get(URL, params={"limit": 1}, headers=key(world.live_key))).json()
    both = await client.get(
        URL,
        params={"cursor": page["nextCursor"], "since": "2026-01-01T00:00:00Z"},
        headers=key(world.live_key),
    )
    assert await error(both) == (400, "invalid_parameter", "since")
    for bad in ["garbage", tampered(page["nextCursor"])]:
        response = await client.get(URL, params={"cursor": bad}, headers=key(world.live_key))
        assert (await error(response))[:2] == (400, "invalid_cursor")
    other = await client.get(
        URL, params={"cursor": page["nextCursor"], "account": "40001"}, headers=key(world.live_key)
    )
    assert (await error(other))[:2] == (400, "invalid_cursor")
    for limit in ["0", "1001", "x"]:
        response = await client.get(URL, params={"limit": limit}, headers=key(world.live_key))
        assert await error(response) == (400, "invalid_parameter", "limit")
