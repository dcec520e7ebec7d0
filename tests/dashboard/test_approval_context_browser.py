"""Approvals in context (docs/synced-data.md) in real Chromium at phone size, both drivers: the
approval page shows, from synced data, the fan and the chat for send_message, the message being
unsent for unsend_message, and the lists with their sizes and the estimate for
send_mass_message. docs/approval-chat-phone.png is the send_message page's screenshot."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.dashboard.journeys_kit import no_overflow, open_as
from tests.dashboard.live_service import clean, run_store
from tests.dashboard.test_dashboard_browser import ROOT, shot, write_whole
from tests.factories import build_world

pytestmark = pytest.mark.browser


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        return await build_world(store, clock)

    return run_store(database_url, seed)


def api(base: str, key: str, path: str, body: dict | None = None, idem: str | None = None):
    headers = {"Authorization": f"Bearer {key}"}
    if body is None:
        response = httpx.get(base + path, headers=headers)
        assert response.status_code == 200, response.text
    else:
        response = httpx.post(base + path, headers={**headers, "Idempotency-Key": idem}, json=body)
        assert response.status_code == 202, response.text
    return response.json()["data"]


def test_approval_pages_show_the_chat_the_unsent_message_and_the_audience(
    browser, service, world, database_url
):
    base, key = service.base_url, world.test_key
    sandbox = world.sandbox_accounts[0]
    chat = api(base, key, f"/v1/accounts/{sandbox}/chats?limit=1")[0]
    fan_id = chat["fanId"]
    fan = api(base, key, f"/v1/accounts/{sandbox}/fans/{fan_id}")
    messages = api(base, key, f"/v1/accounts/{sandbox}/chats/{fan_id}/messages")
    assert messages

    send = api(
        base,
        key,
        f"/v1/accounts/{sandbox}/actions",
        {"type": "send_message", "params": {"fanId": fan_id, "text": "See you tonight?"}},
        "context-send",
    )
    page = open_as(browser, base, phone=True, start=f"/dashboard/actions/{send['id']}")
    expect(page.locator("#context-fan")).to_contain_text(fan["username"])
    expect(page.locator("#context-fan-status")).to_contain_text(fan["subscriptionStatus"])
    expect(page.locator("#context-spend")).to_contain_text(
        f"{fan['spend']['gross']['amount'] / 100:,.2f} USD"
    )
    bubbles = page.locator("#context-chat li")
    expect(bubbles).to_have_count(min(len(messages), 6))
    newest = page.locator("#context-chat li").last
    expect(newest).to_have_attribute("data-message-id", messages[0]["id"])
    no_overflow(page)
    shot(page, "approval-chat-phone-full")
    # What the approver sees once the chat is scrolled into view, the decision dock below it.
    page.locator("#context").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('context').scrollIntoView({block: 'start'})")
    picture = shot(page, "approval-chat-phone", full_page=False)
    if database_url.startswith("sqlite"):
        write_whole(ROOT / "docs" / "approval-chat-phone.png", picture)

    mine = next(m for m in messages if m["fromCreator"])
    unsend = api(
        base,
        key,
        f"/v1/accounts/{sandbox}/actions",
        {"type": "unsend_message", "params": {"messageId": mine["id"], "fanId": fan_id}},
        "context-unsend",
    )
    page.goto(f"{base}/dashboard/actions/{unsend['id']}")
    unsent = page.locator("#context-unsending")
    expect(unsent.locator(".bubble")).to_contain_text("thanks for subscribing")
    expect(unsent).to_contain_text(fan["username"])
    expect(unsent.locator("time")).to_have_count(1)
    no_overflow(page)

    lists = api(base, key, f"/v1/accounts/{sandbox}/lists")
    chosen, left_out = lists[0], lists[1]
    mass = api(
        base,
        key,
        f"/v1/accounts/{sandbox}/actions",
        {
            "type": "send_mass_message",
            "params": {
                "text": "Weekend sale",
                "audience": {"listIds": [chosen["id"]], "excludeListIds": [left_out["id"]]},
            },
        },
        "context-mass",
    )
    page.goto(f"{base}/dashboard/actions/{mass['id']}")
    audience = page.locator("#context-audience")
    expect(audience.locator("tr.list-in")).to_contain_text(chosen["name"])
    expect(audience.locator("tr.list-in")).to_contain_text(f"{chosen['fansCount']} fans")
    expect(audience.locator("tr.list-out")).to_contain_text(f"minus {left_out['name']}")
    expect(page.locator("#context-estimate")).to_have_text(str(mass["estimatedRecipients"]))
    no_overflow(page)
    shot(page, "approval-mass-phone")
    page.context.close()
