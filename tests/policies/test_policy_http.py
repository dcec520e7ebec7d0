"""The session-authorised policy, approve-with-params and request-again endpoints."""

from __future__ import annotations

import httpx
import pytest

from service.actions.decisions import decide_action
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world
from tests.policies.kit import PASSWORD, create, message, people

TWO = [{"types": ["send_message"], "approvals": 2, "approvers": "members"}]


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def post(client, path, body):
    csrf = await csrf_of(client)
    return await client.post(path, json=body, headers={"x-csrf-token": csrf})


async def test_owner_sets_policy_and_account_detail_shows_it(client, world):
    await sign_in(client)
    response = await post(client, f"/v1/accounts/{world.live_account}/policy", {"rules": TWO})
    assert response.status_code == 200, response.text
    policy = response.json()["data"]["policy"]
    assert policy == {
        "rules": [
            {
                "types": ["send_message"],
                "approvals": 2,
                "approvers": "members",
                "minPriceCents": None,
                "minRecipients": None,
            }
        ],
        "source": "account",
        "limits": [],
    }
    detail = await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())
    assert detail.json()["data"]["policy"] == policy
    default = await post(client, "/v1/workspace/policy", {"rules": []})
    assert default.status_code == 200 and default.json()["data"] == {"rules": [], "limits": []}


@pytest.mark.parametrize(
    ("rules", "param"),
    [
        ([{"types": [], "approvals": 2, "approvers": "members"}], "rules"),
        ([{"types": ["send_message"], "approvals": 3, "approvers": "members"}], "rules"),
        ([{"types": ["send_message"], "approvals": 2, "approvers": "everyone"}], "rules"),
        ([{"types": ["post_photo"], "approvals": 2, "approvers": "members"}], "rules"),
    ],
)
async def test_invalid_rules_are_invalid_parameter(client, world, rules, param):
    await sign_in(client)
    response = await post(client, f"/v1/accounts/{world.live_account}/policy", {"rules": rules})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter" and error["param"].startswith(param)


async def test_keys_without_the_admin_scope_cannot_set_policies(client, world):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/policy", json={"rules": TWO}, headers=world.auth()
    )
    assert (response.status_code, response.json()["error"]["code"]) == (403, "missing_scope")


async def test_member_gets_missing_permission(client, store, clock, world):
    await people(store, clock, world)
    await sign_in(client, "meg@agency.test", PASSWORD)
    response = await post(client, f"/v1/accounts/{world.live_account}/policy", {"rules": TWO})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "missing_permission"
    assert response.json()["error"]["permission"] == "policies.manage"


async def test_two_sessions_approve_over_http(client, app, store, clock, world):
    await people(store, clock, world)
    await sign_in(client)
    await post(client, f"/v1/accounts/{world.live_account}/policy", {"rules": TWO})
    action = await create(client, world, message(), "k1")
    first = await post(client, f"/v1/actions/{action['id']}/approve", {"note": "ok"})
    assert first.status_code == 200, first.text
    assert (first.json()["data"]["status"], first.json()["data"]["approvalsNeeded"]) == (
        "pending",
        1,
    )
    twice = await post(client, f"/v1/actions/{action['id']}/approve", {})
    assert twice.status_code == 403 and twice.json()["error"]["permission"] == (
        "actions.approve_twice"
    )
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as other:
        await sign_in(other, "meg@agency.test", PASSWORD)
        second = await post(other, f"/v1/actions/{action['id']}/approve", {})
    assert second.status_code == 200, second.text
    body = second.json()["data"]
    assert body["status"] == "approved" and body["approvalsNeeded"] == 0
    assert body["decidedBy"]["email"] == "meg@agency.test"


async def test_request_again_and_self_approval(client, store, clock, world):
    crew = await people(store, clock, world)
    action = await create(client, world, message(), "k1")
    await decide_action(
        store,
        clock,
        crew["admin"],
        action["id"],
        approve=False,
        note="not now",
        wake_executor=lambda: None,
    )
    await sign_in(client)
    pending = await create(client, world, message(text="<p>other</p>"), "k2")
    refused = await post(client, f"/v1/actions/{pending['id']}/request-again", None)
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "action_not_pending")

    again = await post(client, f"/v1/actions/{action['id']}/request-again", None)
    assert again.status_code == 201, again.text
    new = again.json()["data"]
    assert new["status"] == "pending" and new["replaces"] == action["id"]
    assert new["params"] == action["params"] and new["id"] != action["id"]
    assert new["requestedBy"] == {
        "kind": "user",
        "label": "Olive Owner",
        "client": None,
        "tool": None,
    }
    original = await client.get(f"/v1/actions/{action['id']}", headers=world.auth())
    assert original.json()["data"]["replacedBy"] == new["id"]
    repeat = await post(client, f"/v1/actions/{action['id']}/request-again", None)
    assert repeat.status_code == 200 and repeat.json()["data"]["id"] == new["id"]

    own = await post(client, f"/v1/actions/{new['id']}/approve", {})
    assert own.status_code == 403
    assert own.json()["error"]["permission"] == "actions.approve_own"
    still = await client.get(f"/v1/actions/{new['id']}", headers=world.auth())
    assert still.json()["data"]["status"] == "pending"
    # Someone else may approve it; the requester may still withdraw (reject) it.
    done = await decide_action(
        store,
        clock,
        crew["member"],
        new["id"],
        approve=True,
        note=None,
        wake_executor=lambda: None,
    )
    assert done.status == "approved"


async def test_request_again_after_expiry(client, store, clock, world):
    action = await create(client, world, message(), "k1")
    clock.advance(hours=25)
    await sign_in(client)
    again = await post(client, f"/v1/actions/{action['id']}/request-again", None)
    assert again.status_code == 201, again.text
    assert again.json()["data"]["expiresAt"] > action["expiresAt"]
    original = await client.get(f"/v1/actions/{action['id']}", headers=world.auth())
    assert original.json()["data"]["status"] == "expired"
    assert original.json()["data"]["replacedBy"] == again.json()["data"]["id"]


async def test_api_keys_cannot_request_again(client, world):
    action = await create(client, world, message(), "k1")
    response = await client.post(f"/v1/actions/{action['id']}/request-again", headers=world.auth())
    assert (response.status_code, response.json()["error"]["code"]) == (403, "dashboard_key_only")
