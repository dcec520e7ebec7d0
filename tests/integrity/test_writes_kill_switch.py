"""Writes off is a kill switch, per account and for the whole workspace, audited."""

from __future__ import annotations

import pytest

from service.accounts import usecases as account_cases
from service.domain.audit import recent
from service.domain.principal import Principal
from tests.dashboard.dashboard_helpers import code_of, create_action, csrf_of, sign_in
from tests.dashboard.test_dashboard_decisions import decide
from tests.factories import PASSWORDS, build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_approving_while_writes_are_off_is_refused_and_the_action_waits(
    client, world, store, clock
):
    await sign_in(client)
    action = await create_action(client, world)
    await account_cases.switch_writes(store, clock, world.owner, world.live_account, False)
    csrf = await csrf_of(client)
    refused = await decide(client, action["id"], csrf)
    assert (refused.status_code, code_of(refused)) == (403, "writes_disabled")
    async with store.reading() as uow:
        assert (await uow.actions.get(world.workspace_id, action["id"])).status == "pending"
    await account_cases.switch_writes(store, clock, world.owner, world.live_account, True)
    approved = await decide(client, action["id"], csrf)
    assert approved.status_code == 200 and approved.json()["data"]["status"] == "approved"


async def test_rejecting_still_works_while_writes_are_off(client, world, store, clock):
    await sign_in(client)
    action = await create_action(client, world)
    await account_cases.switch_writes(store, clock, world.owner, world.live_account, False)
    rejected = await decide(client, action["id"], await csrf_of(client), "reject")
    assert rejected.status_code == 200 and rejected.json()["data"]["status"] == "rejected"


async def test_the_workspace_kill_switch_stops_every_account_and_is_audited(client, world, store):
    await sign_in(client)
    test_action = await create_action(
        client, world, key="t", token=world.test_key, account=world.sandbox_accounts[0]
    )
    csrf = await csrf_of(client, "/dashboard/accounts")
    off = await client.post(
        "/dashboard/accounts/writes", data={"enabled": "off", "csrf_token": csrf}
    )
    assert off.status_code == 303
    async with store.reading() as uow:
        everything = [
            *await uow.accounts.list(world.workspace_id, mode="live"),
            *await uow.accounts.list(world.workspace_id, mode="test"),
        ]
    assert everything and not any(a.writes_enabled for a in everything)
    blocked = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "send_message", "params": {"fanId": "1", "text": "hi"}},
        headers={**world.auth(), "Idempotency-Key": "k9"},
    )
    assert (blocked.status_code, code_of(blocked)) == (403, "writes_disabled")
    await client.post("/dashboard/mode", data={"mode": "test", "csrf_token": csrf})
    refused = await decide(client, test_action["id"], await csrf_of(client))
    assert code_of(refused) == "writes_disabled"
    [entry] = [
        e
        for e in await recent(store, world.workspace_id)
        if e.action == "workspace.writes_switched"
    ]
    assert entry.details == {"enabled": False, "accounts": len(everything)}
    assert entry.actor["email"] == world.owner.email


async def test_a_member_cannot_use_the_kill_switch(client, world, store, clock):
    from service.workspaces.usecases import create_user

    await create_user(
        store,
        clock,
        Principal.operator(world.workspace_id),
        "m@agency.test",
        "Mem",
        "member pw 1",
        "member",
        passwords=PASSWORDS,
    )
    await sign_in(client, "m@agency.test", "member pw 1")
    csrf = await csrf_of(client)
    response = await client.post(
        "/dashboard/accounts/writes", data={"enabled": "off", "csrf_token": csrf}
    )
    assert response.status_code == 403
    async with store.reading() as uow:
        assert (await uow.accounts.get(world.workspace_id, world.live_account)).writes_enabled
