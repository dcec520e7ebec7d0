"""The dashboard's policy form, quorum display, edit form and "ask again" over HTTP, and what
the mails say about approvals still needed (issue 21), on both drivers."""

from __future__ import annotations

import datetime as dt

import pytest

from service.mail.compose import Item, compose
from tests.dashboard.dashboard_helpers import CSRF, csrf_of, sign_in
from tests.factories import build_world
from tests.policies.kit import PASSWORD, create, decide, message, people, set_policy

TWO = [{"types": ["send_message"], "approvals": 2, "approvers": "admins"}]


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_policy_form_saves_rules_and_is_hidden_from_members(client, store, clock, world):
    await people(store, clock, world)
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/accounts")
    response = await client.post(
        f"/dashboard/accounts/{world.live_account}/policy",
        data={
            "csrf_token": csrf,
            "types": ["send_mass_message", "send_message"],
            "approvals": "2",
            "approvers": "admins",
            "minPriceCents": "5000",
        },
    )
    assert response.status_code == 303, response.text
    detail = await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())
    assert detail.json()["data"]["policy"]["rules"] == [
        {
            "types": ["send_mass_message", "send_message"],
            "approvals": 2,
            "approvers": "admins",
            "minPriceCents": 5000,
            "minRecipients": None,
        }
    ]
    page = (await client.get("/dashboard/accounts")).text
    assert "from $50.00: 2 different people, admins and owners only" in page
    # Untick the rule: no rules left.
    await client.post(f"/dashboard/accounts/{world.live_account}/policy", data={"csrf_token": csrf})
    detail = await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())
    assert detail.json()["data"]["policy"] == {"rules": [], "source": "account"}

    await client.post("/dashboard/sign-out", data={"csrf_token": csrf})
    await sign_in(client, "meg@agency.test", PASSWORD)
    page = await client.get("/dashboard/accounts")
    assert "Owners and admins change approval policies." in page.text
    assert 'class="stack policy-form"' not in page.text
    member_csrf = CSRF.search(page.text).group(1)
    refused = await client.post(
        f"/dashboard/accounts/{world.live_account}/policy",
        data={"csrf_token": member_csrf, "types": ["send_message"]},
    )
    assert refused.status_code == 403


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
    edited = await client.post(
        f"/dashboard/actions/{action['id']}/edit",
        data={"csrf_token": csrf, "text": "Hello!", "priceCents": "400"},
    )
    assert edited.status_code == 303
    body = (await client.get(f"/v1/actions/{action['id']}", headers=world.auth())).json()["data"]
    assert body["status"] == "approved" and body["params"]["priceCents"] == 400
    assert body["params"]["text"] == "<p>Hello!</p>" and body["editedBy"]["name"] == "Olive Owner"
    wider = await client.post(
        f"/dashboard/actions/{(await create(client, world, message(price=900), 'k2'))['id']}/edit",
        data={"csrf_token": csrf, "text": "Hello!", "priceCents": "1000"},
    )
    assert wider.status_code == 400 and "can only be lowered" in wider.text

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
