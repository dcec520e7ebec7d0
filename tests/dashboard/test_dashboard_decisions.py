"""Deciding actions with a dashboard session: approve, reject with a note, and the conflicts."""

from __future__ import annotations

import pytest

from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.workspaces.usecases import create_workspace
from tests.dashboard.dashboard_helpers import code_of, create_action, csrf_of, sign_in
from tests.factories import add_live_account, build_world

EVIL = {
    "type": "send_message",
    "params": {
        "fanId": "f1",
        "text": (
            '<p>Hi <b>there</b></p><script>alert("x")</script>'
            '<img src=x onerror="alert(1)"><a href="javascript:alert(2)">tap</a>'
        ),
    },
}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def decide(client, action_id, csrf, verb="approve", body=None):
    return await client.post(
        f"/v1/actions/{action_id}/{verb}", json=body or {}, headers={"x-csrf-token": csrf}
    )


async def test_approve_with_session_records_decider_and_audit(client, world, store):
    await sign_in(client)
    action = await create_action(client, world)
    csrf = await csrf_of(client)
    response = await decide(client, action["id"], csrf)
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert data["status"] == "approved"
    assert data["decidedBy"] == {"name": "Olive Owner", "email": "owner@agency.test"}
    again = await decide(client, action["id"], csrf, "reject")
    assert again.status_code == 409 and code_of(again) == "action_not_pending"
    audit = await client.get("/dashboard/audit")
    assert "action.approved" in audit.text and action["id"] in audit.text


async def test_reject_with_note_emits_action_rejected(client, world, store):
    await sign_in(client)
    action = await create_action(client, world)
    csrf = await csrf_of(client)
    response = await decide(client, action["id"], csrf, "reject", {"note": "Too pushy"})
    assert response.status_code == 200
    assert response.json()["data"]["decisionNote"] == "Too pushy"
    async with store.reading() as uow:
        events = await uow.events.list(world.workspace_id)
    assert [e.type for e in events] == ["action.created", "action.rejected"]
    assert events[1].data["decisionNote"] == "Too pushy"


async def test_expired_action_cannot_be_approved(client, world, clock):
    action = await create_action(client, world)
    clock.advance(hours=24, seconds=1)
    await sign_in(client)  # a fresh session: the first one would have ended after 12 hours
    csrf = await csrf_of(client)
    response = await decide(client, action["id"], csrf)
    assert response.status_code == 409 and code_of(response) == "action_expired"
    form = await client.post(
        f"/dashboard/actions/{action['id']}/decide",
        data={"csrf_token": csrf, "decision": "approve"},
    )
    assert form.status_code == 409 and 'data-error-code="action_expired"' in form.text


async def test_unavailable_account_cannot_be_approved(client, world, store):
    await sign_in(client)
    action = await create_action(client, world)
    async with store.transaction() as uow:
        await uow.accounts.update(
            world.workspace_id,
            world.live_account,
            status="needs_relink",
            status_reason="The platform session expired.",
        )
    response = await decide(client, action["id"], await csrf_of(client))
    assert response.status_code == 409 and code_of(response) == "account_unavailable"
    assert response.json()["error"]["accountStatus"] == "needs_relink"


async def test_form_decision_without_javascript(client, world):
    await sign_in(client)
    action = await create_action(client, world)
    csrf = await csrf_of(client)
    response = await client.post(
        f"/dashboard/actions/{action['id']}/decide",
        data={"csrf_token": csrf, "decision": "reject", "note": "no"},
    )
    assert response.status_code == 303
    page = await client.get(response.headers["location"])
    assert 'id="action-status">rejected<' in page.text


async def test_action_page_sanitises_the_message(client, world):
    await sign_in(client)
    action = await create_action(client, world, body=EVIL)
    page = await client.get(f"/dashboard/actions/{action['id']}")
    assert page.status_code == 200
    preview = page.text.split('id="message-preview">')[1].split("</div>")[0]
    assert "<b>there</b>" in preview
    assert "<script" not in preview and "onerror" not in preview and "javascript:" not in preview
    assert "script-src 'self'" in page.headers["content-security-policy"]


async def test_action_of_another_workspace_is_not_found(client, world, store, clock):
    other = await create_workspace(store, clock, "Another agency")  # our owner is not in it
    await add_live_account(store, clock, other.id)
    _, key = await create_key(
        store,
        clock,
        Principal.operator(other.id),
        name="theirs",
        scopes=["read", "write"],
        mode="live",
    )
    foreign = await create_action(client, world, key="foreign", token=key)
    await sign_in(client)
    page = await client.get(f"/dashboard/actions/{foreign['id']}")
    assert page.status_code == 404 and 'data-error-code="action_not_found"' in page.text
    response = await decide(client, foreign["id"], await csrf_of(client))
    assert response.status_code == 404 and code_of(response) == "action_not_found"


async def test_inbox_lists_pending_soonest_expiry_first_and_keeps_modes_apart(client, world, clock):
    await sign_in(client)
    first = await create_action(client, world, key="a")
    clock.advance(seconds=5)
    second = await create_action(client, world, key="b")
    test_action = await create_action(
        client, world, key="t", token=world.test_key, account=world.sandbox_accounts[0]
    )
    page = (await client.get("/dashboard/approvals")).text
    # Pending: the soonest to expire first; every other view: newest first.
    assert page.index(first["id"]) < page.index(second["id"])
    everything = (await client.get("/dashboard/approvals", params={"status": "all"})).text
    assert everything.index(second["id"]) < everything.index(first["id"])
    assert test_action["id"] not in page and "backend (api_key)" in page
    csrf = await csrf_of(client)
    await client.post(
        "/dashboard/mode", data={"csrf_token": csrf, "mode": "test", "next": "/dashboard/approvals"}
    )
    test_page = (await client.get("/dashboard/approvals")).text
    assert test_action["id"] in test_page and first["id"] not in test_page
    assert 'id="test-banner"' in test_page
    filtered = await client.get("/dashboard/approvals", params={"type": "send_mass_message"})
    assert test_action["id"] not in filtered.text


async def test_inbox_filters_by_type_and_pages_to_older_actions(client, world, clock):
    await sign_in(client)
    ids = []
    for i in range(52):
        ids.append((await create_action(client, world, key=f"p{i}"))["id"])
        clock.advance(seconds=1)
    mass = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        headers={**world.auth(), "Idempotency-Key": "mass"},
        json={
            "type": "send_mass_message",
            "params": {"text": "<p>hi all</p>", "audience": {"fanIds": ["f1", "f2"]}},
        },
    )
    only_mass = (
        await client.get("/dashboard/approvals", params={"type": "send_mass_message"})
    ).text
    assert mass.json()["data"]["id"] in only_mass and ids[-1] not in only_mass
    # Paging is for the views other than pending (pending lists the 100 expiring first).
    first = (
        await client.get("/dashboard/approvals", params={"type": "send_message", "status": "all"})
    ).text
    assert ids[-1] in first and ids[1] not in first
    older = first.split('id="inbox-older" href="')[1].split('"')[0].replace("&amp;", "&")
    second = (await client.get("/dashboard/approvals" + older)).text
    assert ids[1] in second and ids[0] in second and ids[-1] not in second
    assert 'id="inbox-older"' not in second
    forged = await client.get("/dashboard/approvals", params={"older": "forged"})
    assert forged.status_code == 400


async def test_the_no_javascript_form_keeps_the_note_limit_and_decides_nothing(
    client, world, store
):
    await sign_in(client)
    action = await create_action(client, world)
    csrf = await csrf_of(client)
    form = await client.post(
        f"/dashboard/actions/{action['id']}/decide",
        data={"csrf_token": csrf, "decision": "reject", "note": "x" * 501},
    )
    assert form.status_code == 400 and 'data-error-code="invalid_parameter"' in form.text
    assert "at most 500 characters" in form.text
    async with store.reading() as uow:
        shown = await uow.actions.get(world.workspace_id, action["id"])
    assert shown is not None and shown.status == "pending"
    kept = await client.post(
        f"/dashboard/actions/{action['id']}/decide",
        data={"csrf_token": csrf, "decision": "reject", "note": "x" * 500},
    )
    assert kept.status_code in (302, 303)
    async with store.reading() as uow:
        shown = await uow.actions.get(world.workspace_id, action["id"])
    assert shown is not None and shown.status == "rejected" and shown.decision_note == "x" * 500
