"""Auto-disable as an owner sees it, in real headless Chromium at 1280×800 and 390×844: the page
leads with every endpoint's health, worst first, in the first screenful; an endpoint that
answered 410 Gone shows as disabled with its reason and its latest deliveries only (the full
log pages the rest), and the re-enable form
(with "resend what failed since", defaulting to when the failures began) brings it back and
resends the failed delivery with its delivery id, to the real receiver. Both drivers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harness.receiver import Receiver, run_receiver_in_thread
from service.kit.crypto import SecretBox
from service.webhooks import usecases as hooks
from tests.dashboard.journeys_kit import in_view, no_overflow, open_as, seed_world
from tests.dashboard.live_service import run_store
from tests.dashboard.test_dashboard_browser import WAIT_MS, shot
from tests.webhooks_delivery.delivery_kit import add_event, deliveries_of

pytestmark = pytest.mark.browser
world = pytest.fixture(seed_world, name="world")  # the journeys' seeded world


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_disabled_endpoint_says_why_and_the_form_enables_it_and_resends(
    browser, service, world, database_url, clock, phone
):
    base, box = service.base_url, SecretBox(service.settings.secret_key)
    receiver = Receiver()
    with run_receiver_in_thread(receiver) as url:

        async def add(store):
            return await hooks.add_event_endpoint(
                store, clock, world.owner, url + "/events", None, allow_loopback=True, box=box
            )

        endpoint = run_store(database_url, add)
        receiver.set_secrets([hooks.current_secret(endpoint, box)])
        receiver.set_mode("fail", 410)

        async def event(store):
            return await add_event(
                store, clock, world.workspace_id, "link.failed", None, {"id": "link_1"}
            )

        async def healthy(store):
            # Subscribed to an event this test never sends: the failing receiver never sees it.
            return await hooks.add_event_endpoint(
                store,
                clock,
                world.owner,
                url + "/aaa",
                ["action.executed"],
                allow_loopback=True,
                box=box,
            )

        sent = run_store(database_url, event)
        receiver.wait_for(1, timeout=WAIT_MS / 1000, where=lambda r: r.status == 410)
        run_store(database_url, healthy)
        for _ in range(6):  # logged as failed at once: the endpoint is disabled
            run_store(database_url, event)
        page = open_as(browser, base, phone=phone, start="/dashboard/webhooks")
        card = page.locator(f"section.endpoint[data-endpoint-id={endpoint.id}]")
        expect(card.locator(".endpoint-health")).to_have_text("disabled", timeout=WAIT_MS)
        states = page.locator("#endpoint-health li [data-health]")
        expect(states).to_have_text(["disabled", "ok"])  # worst first, whatever the URLs
        in_view(page, "#endpoint-health")
        expect(card.locator("table.deliveries tbody tr")).to_have_count(5)
        expect(card.locator(".delivery-log-link")).to_be_visible()
        expect(card.locator(".disabled-reason")).to_have_text("The endpoint answered 410 Gone.")
        since = card.locator("input[name=since]")
        assert since.input_value() == clock.now().strftime("%Y-%m-%dT%H:%M")
        expect(card.locator("input[name=resend]")).to_be_checked()
        if phone:
            no_overflow(page)
        shot(page, f"webhook-disabled-{'phone' if phone else 'desktop'}")

        receiver.recover()
        card.locator(".enable-form button[type=submit]").click()
        expect(page.locator("#notice")).to_have_text(
            "Endpoint enabled. 7 failed deliveries queued again."
        )
        expect(card.locator(".endpoint-health")).not_to_have_text("disabled")
        expect(card.locator(".endpoint-disabled")).to_have_count(0)
        got = receiver.wait_for(7, timeout=WAIT_MS / 1000)

        async def log(store):
            return await deliveries_of(store, endpoint.id)

        deliveries = run_store(database_url, log)
        assert {(g.json["id"], g.delivery_id) for g in got} == {
            (d.event_id, d.id) for d in deliveries
        }
        assert sent.id in {g.json["id"] for g in got}
        if phone:
            no_overflow(page)
    page.context.close()
