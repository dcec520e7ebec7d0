"""Patience with the platform as the approver sees it, in real headless Chromium at
phone size, both drivers: approved from the action page while the fake platform refuses every
send with 503, the action stays `approved` and its page shows "Waiting for the platform": how
many sends were refused, that nothing was sent, the refusal and when the next attempt is."""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.sync_api import expect

from harness.platform import run_platform_in_thread
from service.app import build_services
from tests.dashboard.journeys_kit import no_overflow, open_as
from tests.dashboard.live_service import clean, live_service, run_store
from tests.dashboard.test_dashboard_browser import WAIT_MS, shot
from tests.factories import build_world
from tests.platform_world import link_creator

pytestmark = pytest.mark.browser


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        return await build_world(store, clock)

    return run_store(database_url, seed)


def test_an_approved_action_the_platform_refuses_shows_waiting_for_the_platform_on_a_phone(
    browser, world, database_url, clock
):
    with (
        run_platform_in_thread(seed=7) as platform,
        live_service(database_url, clock, platform.base_url) as service,
    ):

        async def link(store):
            services = build_services(service.settings, store=store, clock=clock)
            return await link_creator(services, platform, world.workspace_id, clock)

        creator = run_store(database_url, link)
        fan = next(iter(platform.state.creator(creator.user_id).fans))
        refused = platform.state.faults.add({"route": "POST /chats/:id/messages", "status": 503})
        base, auth = service.base_url, {"Authorization": f"Bearer {world.live_key}"}
        created = httpx.post(
            f"{base}/v1/accounts/{creator.user_id}/actions",
            headers={**auth, "Idempotency-Key": "patience-phone"},
            json={"type": "send_message", "params": {"fanId": fan, "text": "<p>Hi!</p>"}},
        )
        assert created.status_code == 202, created.text
        action_id = created.json()["data"]["id"]

        page = open_as(browser, base, phone=True, start=f"/dashboard/actions/{action_id}")
        expect(page.locator("#execution")).to_have_count(0)
        page.click("#approve")
        # The service's executor sends it, the platform refuses, the action waits (approved).
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            action = httpx.get(f"{base}/v1/actions/{action_id}", headers=auth).json()["data"]
            if (action.get("execution") or {}).get("nextAttemptAt"):
                break
        assert action["status"] == "approved" and refused.hits >= 1, action
        attempts = action["execution"]["attempts"]

        page.reload()
        section = page.locator("#execution")
        expect(section.locator("h2")).to_have_text("Waiting for the platform")
        expect(section).to_contain_text(f"The platform refused {attempts} send")
        expect(section).to_contain_text("nothing was sent")
        expect(section.locator("#next-attempt")).to_be_visible()
        expect(section.locator("#last-refusal")).to_contain_text("HTTP 503")
        expect(page.locator("#action-status")).to_have_text("approved")
        section.scroll_into_view_if_needed()
        no_overflow(page)
        shot(page, "patience-waiting-phone")
        assert not [w for w in platform.state.writes_for(creator.user_id) if w["applied"]]
        page.context.close()
