"""Cancelling an action so that it never runs: who may, from which statuses, and what it emits."""

from __future__ import annotations

import pytest

from service.actions import lifecycle
from service.actions.decisions import decide_action
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def make(client, world, key="k1", token=None):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        headers={**world.auth(token), "Idempotency-Key": key},
        json={"type": "add_fan_to_list", "params": {"fanId": "7", "listId": "9"}},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]["id"]


async def approve(store, clock, world, action_id):
    return await decide_action(
        store,
        clock,
        world.owner,
        action_id,
        approve=True,
        note=None,
        wake_executor=lambda: None,
    )


async def cancel(client, world, action_id, body=None, token=None):
    return await client.post(
        f"/v1/actions/{action_id}/cancel", json=body or {}, headers=world.auth(token)
    )


def code(response):
    return response.status_code, response.json()["error"]["code"]


async def test_a_key_cancels_a_pending_action_with_event_and_audit(client, world, store, clock):
    action_id = await make(client, world)
    clock.advance(seconds=5)
    response = await cancel(client, world, action_id, {"note": "Posting it herself"})
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert data["status"] == "cancelled"
    assert data["decidedBy"] == {"name": "backend", "email": "", "kind": "api_key"}
    assert data["decidedAt"] is not None and data["decidedAt"] > data["createdAt"]
    assert data["decisionNote"] == "Posting it herself"
    async with store.reading() as uow:
        events = await uow.events.list(world.workspace_id)
        audit = await uow.audit.list(world.workspace_id, action="action.cancelled")
    assert [e.type for e in events] == ["action.created", "action.cancelled"]
    assert events[1].data["status"] == "cancelled"
    assert [a.target for a in audit] == [action_id]
    listed = (await client.get("/v1/actions?status=cancelled", headers=world.auth())).json()
    assert [a["id"] for a in listed["data"]] == [action_id]


async def test_a_key_may_send_the_csrf_header_empty_or_not(client, world):
    """The header is a session's: a key's call ignores it, empty or not (as the contract says)."""
    for token in ("", "anything"):
        action_id = await make(client, world, key=f"k-{token}")
        response = await client.post(
            f"/v1/actions/{action_id}/cancel",
            json={},
            headers={**world.auth(), "x-csrf-token": token},
        )
        assert response.status_code == 200, response.text


async def test_an_approved_action_cancelled_is_never_claimed(client, world, store, clock):
    action_id = await make(client, world)
    await approve(store, clock, world, action_id)
    response = await cancel(client, world, action_id)
    assert response.status_code == 200, response.text
    assert response.json()["data"]["status"] == "cancelled"
    async with store.transaction() as uow:
        assert await lifecycle.claim_next(uow, "w1", clock.now()) is None


async def test_once_claimed_a_cancel_is_refused(client, world, store, clock):
    action_id = await make(client, world)
    await approve(store, clock, world, action_id)
    async with store.transaction() as uow:
        claimed = await lifecycle.claim_next(uow, "w1", clock.now())
    assert claimed is not None and claimed.id == action_id
    assert code(await cancel(client, world, action_id)) == (409, "action_not_pending")
    after = (await client.get(f"/v1/actions/{action_id}", headers=world.auth())).json()
    assert after["data"]["status"] == "executing"


async def test_cancel_twice_rejected_and_expired_are_conflicts(client, world, store, clock):
    first = await make(client, world, "a")
    assert (await cancel(client, world, first)).status_code == 200
    assert code(await cancel(client, world, first)) == (409, "action_not_pending")
    rejected = await make(client, world, "b")
    await decide_action(
        store,
        clock,
        world.owner,
        rejected,
        approve=False,
        note=None,
        wake_executor=lambda: None,
    )
    assert code(await cancel(client, world, rejected)) == (409, "action_not_pending")
    late = await make(client, world, "c")
    clock.advance(hours=24, seconds=1)
    assert code(await cancel(client, world, late)) == (409, "action_expired")
    async with store.reading() as uow:
        stored = await uow.actions.get(world.workspace_id, late)
    assert stored is not None and stored.status == "expired"  # persisted with its event


async def test_scope_mode_and_reach(client, world):
    action_id = await make(client, world)
    assert code(await cancel(client, world, action_id, token=world.read_key)) == (
        403,
        "missing_scope",
    )
    assert code(await cancel(client, world, action_id, token=world.test_key)) == (
        404,
        "action_not_found",
    )
    assert code(await cancel(client, world, "act_doesnotexist")) == (404, "action_not_found")
    missing = await client.post(f"/v1/actions/{action_id}/cancel", json={})
    assert code(missing) == (401, "missing_api_key")
    long_note = await cancel(client, world, action_id, {"note": "x" * 501})
    assert code(long_note) == (400, "invalid_parameter")


async def test_a_person_cancels_with_a_session_and_csrf(client, world):
    action_id = await make(client, world)
    await sign_in(client)
    csrf = await csrf_of(client)
    no_token = await client.post(f"/v1/actions/{action_id}/cancel", json={})
    assert code(no_token) == (400, "invalid_parameter")
    assert no_token.json()["error"]["param"] == "x-csrf-token"
    empty = await client.post(
        f"/v1/actions/{action_id}/cancel", json={}, headers={"x-csrf-token": ""}
    )
    assert code(empty) == (403, "missing_permission")  # an empty token does not match
    wrong = await client.post(
        f"/v1/actions/{action_id}/cancel", json={}, headers={"x-csrf-token": "nope"}
    )
    assert code(wrong) == (403, "missing_permission")
    response = await client.post(
        f"/v1/actions/{action_id}/cancel", json={}, headers={"x-csrf-token": csrf}
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"]["decidedBy"] == {
        "name": "Olive Owner",
        "email": "owner@agency.test",
        "kind": "user",
    }


async def test_the_dashboard_cancel_button_without_javascript(client, world):
    action_id = await make(client, world)
    await sign_in(client)
    page = await client.get(f"/dashboard/actions/{action_id}")
    assert 'id="cancel"' in page.text
    csrf = await csrf_of(client)
    done = await client.post(
        f"/dashboard/actions/{action_id}/cancel", data={"csrf_token": csrf}, follow_redirects=True
    )
    assert done.status_code == 200
    assert "You cancelled this action" in done.text
    assert "Cancelled by Olive Owner &lt;owner@agency.test&gt;" in done.text
    assert 'id="cancel"' not in done.text
    read = (await client.get(f"/v1/actions/{action_id}", headers=world.auth())).json()
    assert read["data"]["status"] == "cancelled"
