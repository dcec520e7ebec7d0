"""The settings over /v1, tried as a script would: an admin key, the refusals, ETags."""

from __future__ import annotations

import pytest

from harness.receiver import Receiver, run_receiver_in_thread
from service.keys.usecases import create_key
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world
from tests.policies.kit import person

RULES = [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 300}]
LIMITS = [{"types": ["send_mass_message"], "perDay": 5}]

# Every admin route, with a body a read/write key never gets to have checked.
ADMIN_ROUTES = [
    ("GET", "/v1/accounts/40001/policy", None),
    ("POST", "/v1/accounts/40001/policy", {"rules": []}),
    ("GET", "/v1/workspace/policy", None),
    ("POST", "/v1/workspace/policy", {"rules": []}),
    ("GET", "/v1/webhook-endpoints", None),
    ("POST", "/v1/webhook-endpoints", {"url": "https://example.com/h"}),
    ("GET", "/v1/webhook-endpoints/whe_x", None),
    ("PATCH", "/v1/webhook-endpoints/whe_x", {"enabled": False}),
    ("DELETE", "/v1/webhook-endpoints/whe_x", None),
    ("POST", "/v1/webhook-endpoints/whe_x/roll-secret", None),
    ("POST", "/v1/webhook-endpoints/whe_x/test", None),
    ("GET", "/v1/members", None),
    ("PATCH", "/v1/members/usr_x", {"role": "admin"}),
    ("DELETE", "/v1/members/usr_x", None),
    ("GET", "/v1/invites", None),
    ("POST", "/v1/invites", {"email": "a@b.test", "role": "member"}),
    ("GET", "/v1/api-keys", None),
    ("POST", "/v1/api-keys", {"name": "x", "scopes": ["read"]}),
    ("DELETE", "/v1/api-keys/key_x", None),
    ("POST", "/v1/api-keys/key_x/roll", None),
]


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def admin_key(store, clock, world, mode="live", scopes=("admin",)) -> str:
    _, secret = await create_key(
        store, clock, world.owner, name="config repo", scopes=list(scopes), mode=mode
    )
    return secret


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


async def test_admin_key_sets_and_reads_a_policy_and_other_keys_are_refused(
    client, store, clock, world
):
    key = bearer(await admin_key(store, clock, world))
    path = f"/v1/accounts/{world.live_account}/policy"
    body = {"rules": RULES, "limits": LIMITS}
    set_ = await client.post(path, json=body, headers=key)
    assert set_.status_code == 200, set_.text
    read = await client.get(path, headers=key)
    assert read.status_code == 200, read.text
    data = read.json()["data"]
    assert (data["source"], data["rules"][0]["maxPerDay"]) == ("account", 300)
    assert data["limits"] == [{**LIMITS[0], "used": 0}]
    assert read.headers["etag"] == set_.headers["etag"]

    # A stale If-Match is refused and changes nothing; the current one goes through.
    stale = await client.post(path, json={"rules": []}, headers={**key, "If-Match": '"old"'})
    assert (stale.status_code, stale.json()["error"]["code"]) == (412, "precondition_failed")
    assert (await client.get(path, headers=key)).json()["data"]["rules"] == data["rules"]
    fresh = await client.post(
        path, json={"rules": []}, headers={**key, "If-Match": read.headers["etag"]}
    )
    assert fresh.status_code == 200 and fresh.headers["etag"] != read.headers["etag"]

    # Every change names the key in the audit log.
    async with store.reading() as uow:
        entries = [e for e in await uow.audit.list(world.workspace_id) if e.target == "40001"]
    assert entries and all(e.actor["kind"] == "api_key" for e in entries)
    assert entries[0].actor["name"] == "config repo" and entries[0].actor["id"].startswith("key_")

    for token in (world.live_key, world.read_key):
        for method, route, payload in ADMIN_ROUTES:
            refused = await client.request(method, route, json=payload, headers=bearer(token))
            assert refused.status_code == 403, (method, route, refused.text)
            assert refused.json()["error"]["code"] == "missing_scope", (method, route)

    # A test-mode admin key never changes a live setting; a session keeps working.
    test_key = bearer(await admin_key(store, clock, world, mode="test"))
    for method, route, payload in [
        ("POST", "/v1/workspace/policy", {"rules": []}),
        ("POST", path, {"rules": []}),
        ("POST", "/v1/invites", {"email": "new@agency.test", "role": "member"}),
        ("POST", "/v1/api-keys", {"name": "live one", "scopes": ["read"], "mode": "live"}),
    ]:
        refused = await client.request(method, route, json=payload, headers=test_key)
        assert refused.status_code == 403, (route, refused.text)
        assert refused.json()["error"]["code"] == "test_key_live_setting"
    sandbox = world.sandbox_accounts[0]
    sandboxed = await client.post(f"/v1/accounts/{sandbox}/policy", json=body, headers=test_key)
    assert sandboxed.status_code == 200, sandboxed.text
    await sign_in(client)
    csrf = await csrf_of(client)
    by_session = await client.post(
        "/v1/workspace/policy", json={"rules": RULES}, headers={"x-csrf-token": csrf}
    )
    assert by_session.status_code == 200, by_session.text


async def test_keys_made_by_a_key_never_exceed_it(client, store, clock, world):
    key = bearer(await admin_key(store, clock, world, scopes=("read", "admin")))
    made = await client.post(
        "/v1/api-keys", json={"name": "bot", "scopes": ["read"], "mode": "live"}, headers=key
    )
    assert made.status_code == 201, made.text
    assert made.json()["data"]["secret"].startswith("sk_live_")
    assert (
        await client.get("/v1/accounts", headers=bearer(made.json()["data"]["secret"]))
    ).is_success
    for scopes in (["admin"], ["read", "write"]):
        limited = await client.post(
            "/v1/api-keys", json={"name": "more", "scopes": scopes}, headers=key
        )
        assert limited.status_code == 403, limited.text
    naive = await client.post(
        "/v1/api-keys",
        json={"name": "x", "scopes": ["read"], "expiresAt": "2099-01-01T00:00:00"},
        headers=key,
    )
    assert (naive.status_code, naive.json()["error"]["code"]) == (400, "invalid_parameter")
    admin = await person(store, clock, world, "ada@agency.test", "Ada", "admin")
    with pytest.raises(Exception, match="Only an owner"):
        await create_key(store, clock, admin, name="x", scopes=["admin"], mode="live")
    rolled = await client.post(f"/v1/api-keys/{made.json()['data']['id']}/roll", headers=key)
    assert rolled.status_code == 201, rolled.text
    revoked = await client.delete(f"/v1/api-keys/{rolled.json()['data']['id']}", headers=key)
    assert revoked.json()["data"]["revokedAt"] is not None
    listed = (await client.get("/v1/api-keys", headers=key)).json()["data"]
    assert made.json()["data"]["id"] not in {k["id"] for k in listed}


async def test_a_webhook_endpoint_over_v1_and_its_signatures(client, store, clock, world):
    key = bearer(await admin_key(store, clock, world))
    receiver = Receiver()
    with run_receiver_in_thread(receiver) as url:
        made = await client.post(
            "/v1/webhook-endpoints",
            json={"url": url + "/events", "eventTypes": ["action.executed"]},
            headers=key,
        )
        assert made.status_code == 201, made.text
        endpoint = made.json()["data"]
        receiver.set_secrets([endpoint["secret"]])
        one = f"/v1/webhook-endpoints/{endpoint['id']}"
        sent = await client.post(one + "/test", headers=key)
        assert sent.json()["data"]["status"] == "succeeded", sent.text
        rolled = await client.post(one + "/roll-secret", headers=key)
        new_secret = rolled.json()["data"]["secret"]
        assert new_secret != endpoint["secret"]
        receiver.set_secrets([new_secret])  # verifies with the new secret alone
        sent = await client.post(one + "/test", headers=key)
        assert sent.json()["data"]["status"] == "succeeded", sent.text
        assert [d.accepted for d in receiver.wait_for(2)] == [True, True]

    read = await client.get(one, headers=key)
    assert "secret" not in read.json()["data"]
    paused = await client.patch(
        one, json={"enabled": False}, headers={**key, "If-Match": read.headers["etag"]}
    )
    assert paused.json()["data"]["enabled"] is False
    stale = await client.patch(
        one, json={"enabled": True}, headers={**key, "If-Match": read.headers["etag"]}
    )
    assert stale.status_code == 412
    unsafe = await client.patch(one, json={"url": "https://10.0.0.1/x"}, headers=key)
    assert (unsafe.status_code, unsafe.json()["error"]["param"]) == (400, "url")
    put = await client.put(one, json={}, headers=key)
    allowed = {m.strip() for m in put.headers["allow"].split(",")}
    assert (put.status_code, allowed) == (405, {"GET", "HEAD", "PATCH", "DELETE"})
    assert (await client.delete(one, headers=key)).json()["data"]["deleted"] is True
    assert (await client.get(one, headers=key)).status_code == 404


async def test_invites_roles_and_the_last_owner(client, store, clock, world):
    key = bearer(await admin_key(store, clock, world))
    invited = await client.post(
        "/v1/invites", json={"email": "sam@agency.test", "role": "member"}, headers=key
    )
    assert invited.status_code == 201, invited.text
    assert "/dashboard/invites/" in invited.json()["data"]["url"]
    pending = (await client.get("/v1/invites", headers=key)).json()["data"]
    assert [i["email"] for i in pending] == ["sam@agency.test"]

    ada = await person(store, clock, world, "ada@agency.test", "Ada", "member")
    listed = await client.get("/v1/members", headers=key)
    changed = await client.patch(
        f"/v1/members/{ada.user_id}",
        json={"role": "admin"},
        headers={**key, "If-Match": listed.headers["etag"]},
    )
    assert changed.json()["data"]["role"] == "admin", changed.text
    stale = await client.patch(
        f"/v1/members/{ada.user_id}",
        json={"role": "member"},
        headers={**key, "If-Match": listed.headers["etag"]},
    )
    assert stale.status_code == 412
    demoted = await client.patch(
        f"/v1/members/{world.owner.user_id}", json={"role": "admin"}, headers=key
    )
    assert (demoted.status_code, demoted.json()["error"]["code"]) == (409, "last_owner")
    removed = await client.delete(f"/v1/members/{world.owner.user_id}", headers=key)
    assert removed.status_code == 409
    members = (await client.get("/v1/members", headers=key)).json()["data"]
    assert {m["email"]: m["role"] for m in members} == {
        "owner@agency.test": "owner",
        "ada@agency.test": "admin",
    }


async def test_two_writers_with_one_etag_one_wins(store, clock, world):
    """Both read the same ETag and write at once: one change goes through, the other is 412."""
    import asyncio

    from service.actions.policies.policy_rule import parse_rules
    from service.actions.policies.usecases import set_workspace_policy, workspace_etag
    from service.errors.api_error import ApiError

    async with store.reading() as uow:
        tag = await workspace_etag(uow, world.workspace_id)

    async def write(rules):
        try:
            await set_workspace_policy(store, clock, world.owner, parse_rules(rules), if_match=tag)
        except ApiError as error:
            return error.code
        return "ok"

    one = [{"types": ["send_message"], "approvals": 2, "approvers": "members"}]
    two = [{"types": ["send_mass_message"], "approvals": 2, "approvers": "admins"}]
    outcomes = await asyncio.gather(write(one), write(two))
    assert sorted(outcomes) == ["ok", "precondition_failed"]
