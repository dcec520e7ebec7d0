"""The dashboard's policy form, quorum display, edit form and "ask again" over HTTP, and what
the mails say about approvals still needed, on both drivers."""

from __future__ import annotations

import datetime as dt
import html
import json
import re

import pytest

from service.actions.policies.policy_rule import parse_rules, stored_json
from service.mail.compose import Item, compose
from tests.dashboard.dashboard_helpers import CSRF, csrf_of, sign_in
from tests.factories import build_world
from tests.policies.kit import PASSWORD, create, decide, message, people, set_policy

TWO = [{"types": ["send_message"], "approvals": 2, "approvers": "admins"}]


def form_rules(page: str, api: str) -> list:
    """The rules a policy form starts from (app.js keeps the ticked ones)."""
    found = re.search(f"data-api=\"{re.escape(api)}\"[^>]*data-rules='([^']*)'", page)
    assert found, api
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_policy_forms_call_v1_and_are_hidden_from_members(client, store, clock, world):
    """The forms post nowhere of their own: app.js sends them to the /v1 endpoints a script
    calls (tests/dashboard/test_policies_browser.py drives them in Chromium)."""
    await people(store, clock, world)
    await sign_in(client)
    page = (await client.get("/dashboard/accounts")).text
    assert f'data-api="/v1/accounts/{world.live_account}/policy"' in page
    assert 'data-api="/v1/workspace/policy"' in page
    assert "/dashboard/accounts/" + world.live_account + "/policy" not in page
    csrf = CSRF.search(page).group(1)
    rules = [
        {
            "types": ["send_mass_message", "send_message"],
            "approvals": 2,
            "approvers": "admins",
            "minPriceCents": 5000,
            "minRecipients": None,
        }
    ]
    saved = await client.post(
        f"/v1/accounts/{world.live_account}/policy",
        json={"rules": rules},
        headers={"x-csrf-token": csrf},
    )
    assert saved.status_code == 200, saved.text
    await client.post("/v1/workspace/policy", json={"rules": TWO}, headers={"x-csrf-token": csrf})
    page = (await client.get("/dashboard/accounts")).text
    assert "from $50.00: 2 different people, admins and owners only" in page
    # The form starts from the account's own rules (app.js keeps the ticked ones).
    own = form_rules(page, f"/v1/accounts/{world.live_account}/policy")
    default = form_rules(page, "/v1/workspace/policy")
    assert own == rules and default == stored_json(parse_rules(TWO))
    # The dashboard-only route is gone: the page has one way to change a policy.
    gone = await client.post(
        f"/dashboard/accounts/{world.live_account}/policy", data={"csrf_token": csrf}
    )
    assert gone.status_code == 404

    await client.post("/dashboard/sign-out", data={"csrf_token": csrf})
    await sign_in(client, "meg@agency.test", PASSWORD)
    page = (await client.get("/dashboard/accounts")).text
    assert "Owners and admins change approval policies." in page
    assert "policy-form" not in page and "data-api" not in page
    assert "Send a message: 2 different people, admins and owners only" in page  # the default
    member_csrf = CSRF.search(page).group(1)
    refused = await client.post(
        "/v1/workspace/policy", json={"rules": []}, headers={"x-csrf-token": member_csrf}
    )
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "missing_permission")


async def test_action_page_says_why_approve_is_disabled(client, store, clock, world):
    crew = await people(store, clock, world)
    await set_policy(store, clock, world, [{**TWO[0], "approvers": "members"}])
    action = await create(client, world, message(), "k1")
    await sign_in(client, "meg@agency.test", PASSWORD)
    page = (await client.get(f"/dashboard/actions/{action['id']}")).text
    assert "Needs 2 more approvals" in page and 'id="approve-blocked"' not in page
    await decide(store, clock, crew["member"], action["id"])
    page = (await client.get(f"/dashboard/actions/{action['id']}")).text
    assert "Needs 1 more approval</strong>" in page and "Approved by Meg Member" in page
    assert "You already approved this action" in page
    assert 'id="approve" disabled' in page and 'id="reject" disabled' not in page
    inbox = (await client.get("/dashboard/approvals")).text
    assert "needs 1 more approval" in inbox


async def test_edit_form_and_ask_again(client, store, clock, world):
    await people(store, clock, world)
    action = await create(client, world, message(price=900), "k1")
    await sign_in(client)
    csrf = await csrf_of(client, f"/dashboard/actions/{action['id']}")
    preview = await client.post("/dashboard/preview", data={"csrf_token": csrf, "text": "Hi <b>x"})
    assert preview.json()["data"]["html"] == "Hi <b>x</b>"
    page = (await client.get(f"/dashboard/actions/{action['id']}")).text
    assert f'data-api="/v1/actions/{action["id"]}/approve"' in page and 'id="edit-preview"' in page
    gone = await client.post(
        f"/dashboard/actions/{action['id']}/edit", data={"csrf_token": csrf, "text": "Hello!"}
    )
    assert gone.status_code == 404
    asked = action["params"]
    wider = await client.post(
        f"/v1/actions/{action['id']}/approve",
        json={"params": {**asked, "text": "Hello!", "priceCents": 1000}},
        headers={"x-csrf-token": csrf},
    )
    assert wider.status_code == 400 and "can only be lowered" in wider.text
    edited = await client.post(
        f"/v1/actions/{action['id']}/approve",
        json={"params": {**asked, "text": "Hello!", "priceCents": 400}},
        headers={"x-csrf-token": csrf},
    )
    assert edited.status_code == 200, edited.text
    body = (await client.get(f"/v1/actions/{action['id']}", headers=world.auth())).json()["data"]
    assert body["status"] == "approved" and body["params"]["priceCents"] == 400
    assert body["params"]["text"] == "<p>Hello!</p>" and body["editedBy"]["name"] == "Olive Owner"

    rejected = await create(client, world, message(text="<p>later</p>"), "k3")
    await client.post(
        f"/dashboard/actions/{rejected['id']}/decide",
        data={"csrf_token": csrf, "decision": "reject"},
    )
    page = (await client.get(f"/dashboard/actions/{rejected['id']}")).text
    assert 'id="ask-again"' in page
    again = await client.post(
        f"/dashboard/actions/{rejected['id']}/request-again", data={"csrf_token": csrf}
    )
    assert again.status_code == 303
    new_id = again.headers["location"].rsplit("/", 1)[1]
    page = (await client.get(f"/dashboard/actions/{new_id}")).text
    assert f'Asks again for <a href="/dashboard/actions/{rejected["id"]}"' in page
    assert "You asked for this action, so someone else must approve it." in page
    old = (await client.get(f"/dashboard/actions/{rejected['id']}")).text
    assert f'Asked again as <a href="/dashboard/actions/{new_id}"' in old
    assert 'id="ask-again"' not in old


async def test_mails_say_how_many_approvals_are_still_needed(client, store, clock, world):
    crew = await people(store, clock, world)
    await set_policy(store, clock, world, TWO)
    action = await create(client, world, message(), "k1")
    await decide(store, clock, crew["admin"], action["id"])
    async with store.reading() as uow:
        stored = await uow.actions.get(world.workspace_id, action["id"])
    mail = compose(
        "reminder",
        [Item(stored, "maya.live")],
        to="owner@agency.test",
        sender="countersign@agency.test",
        mode="live",
        workspace="Agency",
        public_url="http://countersign.test",
        now=stored.created_at + dt.timedelta(hours=1),
    )
    parts = {
        part.get_content_type(): part.get_payload(decode=True).decode()
        for part in mail.walk()
        if not part.is_multipart()
    }
    assert (
        "Approvals: 1 more of 2 needed, from different people (admins and owners only)"
        in parts["text/plain"]
    )
    assert "1 more of 2 needed" in parts["text/html"]
