"""Keys, the writes switch, accounts and invitations through the dashboard, on both drivers."""

from __future__ import annotations

import re

import pytest

from service.domain.principal import Principal
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import PASSWORDS, add_live_account, build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def secret_in(html: str) -> str:
    return re.search(r'value="(sk_(?:live|test)_[^"]+)" id="key-secret"', html).group(1)


async def test_key_created_once_rolled_and_revoked(client, world, store):
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/keys")
    posted = await client.post(
        "/dashboard/keys",
        data={"csrf_token": csrf, "name": "zapier", "scopes": ["read", "write"], "mode": "test"},
    )
    assert posted.status_code == 303 and posted.headers["location"] == "/dashboard/keys"
    assert "sk_" not in posted.headers["location"] + posted.text
    created = await client.get("/dashboard/keys")
    secret = secret_in(created.text)
    assert secret.startswith("sk_test_")
    assert (await client.get("/v1/accounts", headers={"x-api-key": secret})).status_code == 200
    listing = await client.get("/dashboard/keys")
    assert secret not in listing.text and secret[:12] in listing.text
    key_id = re.search(
        r'<tr data-key-id="(key_[^"]+)">\s*<td data-label="Name">zapier', listing.text
    ).group(1)
    assert (
        await client.post(f"/dashboard/keys/{key_id}/roll", data={"csrf_token": csrf})
    ).status_code == 303
    rolled = await client.get("/dashboard/keys")
    new_secret = secret_in(rolled.text)
    old = await client.get("/v1/accounts", headers={"x-api-key": secret})
    assert old.json()["error"]["code"] == "revoked_api_key"
    new_id = re.search(
        r'<tr data-key-id="(key_[^"]+)">\s*<td data-label="Name">zapier</td>'
        r'<td data-label="Prefix"><code>' + re.escape(new_secret[:12]),
        rolled.text,
    )
    assert new_id is not None
    await client.post(f"/dashboard/keys/{new_id.group(1)}/revoke", data={"csrf_token": csrf})
    gone = await client.get("/v1/accounts", headers={"x-api-key": new_secret})
    assert gone.json()["error"]["code"] == "revoked_api_key"
    async with store.reading() as uow:
        actions = [
            e.action for e in await uow.audit.list(world.workspace_id) if e.actor["kind"] == "user"
        ]
    assert sorted(actions) == ["key.created", "key.revoked", "key.rolled"]


async def test_writes_switch_is_audited_and_enforced(client, world, store):
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/accounts")
    off = await client.post(
        f"/dashboard/accounts/{world.live_account}/writes",
        data={"csrf_token": csrf, "enabled": "off"},
    )
    assert off.status_code == 303
    refused = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "add_fan_to_list", "params": {"fanId": "f1", "listId": "l1"}},
        headers={**world.auth(), "Idempotency-Key": "w1"},
    )
    assert refused.json()["error"]["code"] == "writes_disabled"
    page = await client.get("/dashboard/accounts")
    assert "Switch writes on" in page.text
    async with store.reading() as uow:
        [entry] = [e for e in await uow.audit.list(world.workspace_id) if e.actor["kind"] == "user"]
    assert entry.action == "account.writes_switched" and entry.details["enabled"] is False


async def test_accounts_page_shows_reason_and_relink(client, world, store, clock):
    await add_live_account(
        store,
        clock,
        world.workspace_id,
        "40002",
        "nina",
        status="needs_relink",
        status_reason="The platform session expired. Link the account again.",
    )
    await sign_in(client)
    page = await client.get("/dashboard/accounts")
    assert "The platform session expired" in page.text and "Create a relink link" in page.text
    assert "100.00 USD gross" in page.text


async def test_invited_person_joins_and_signs_in(client, world, store):
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/members")
    posted = await client.post(
        "/dashboard/members/invite",
        data={"csrf_token": csrf, "email": "new@agency.test", "role": "admin"},
    )
    assert posted.status_code == 303
    invited = await client.get("/dashboard/members")
    url = re.search(
        r'value="(http://countersign.test/dashboard/invites/[^"]+)"', invited.text
    ).group(1)
    path = url.removeprefix("http://countersign.test")
    await client.post("/dashboard/sign-out")
    form = await client.get(path)
    assert form.status_code == 200 and "new@agency.test" in form.text
    joined = await client.post(path, data={"name": "Nia New", "password": "long password 1"})
    assert joined.status_code == 303 and joined.headers["location"].startswith("/dashboard/sign-in")
    assert (await client.get(path)).status_code == 404  # used once
    await sign_in(client, "new@agency.test", "long password 1")
    page = await client.get("/dashboard/members")
    assert page.status_code == 200 and "Nia New" in page.text
    async with store.reading() as uow:
        entries = [
            e.action for e in await uow.audit.list(world.workspace_id) if e.actor["kind"] == "user"
        ]
    assert entries == ["member.invited"]


async def test_removed_member_loses_access(client, world, store, clock):
    from service.workspaces.usecases import create_user

    member = await create_user(
        store,
        clock,
        Principal.operator(world.workspace_id),
        "m@agency.test",
        "Max",
        "member password",
        "member",
        passwords=PASSWORDS,
    )
    await sign_in(client, "m@agency.test", "member password")
    member_cookie = client.cookies.get("cs_session")
    client.cookies.clear()
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/members")
    removed = await client.post(f"/dashboard/members/{member.id}/remove", data={"csrf_token": csrf})
    assert removed.status_code == 303
    client.cookies.clear()
    client.cookies.set("cs_session", member_cookie)
    page = await client.get("/dashboard/approvals", headers={"accept": "application/json"})
    assert page.status_code == 401 and page.json()["error"]["code"] == "not_signed_in"
