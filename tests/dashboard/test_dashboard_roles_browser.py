"""The dashboard's words and roles in real headless Chromium: what a member sees, the audit
log, local times, the delivery log, and the first run (sign-in page, favicon). Runs on SQLite
and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt

import httpx
import pytest
from playwright.sync_api import expect

from harness.receiver import Receiver, run_receiver_in_thread
from service.kit.crypto import SecretBox
from service.webhooks import usecases as hooks
from tests.dashboard.journeys_kit import (
    DESKTOP,
    open_as,
    seed_world,
)
from tests.dashboard.live_service import run_store
from tests.dashboard.test_dashboard_browser import MEMBER, OWNER, WAIT_MS, api_action, shot

pytestmark = pytest.mark.browser

world = pytest.fixture(seed_world, name="world")


# --- 4. words and roles ------------------------------------------------------------------
def test_member_sees_only_what_a_member_can_use(browser, service, world):
    base = service.base_url
    page = open_as(browser, base, MEMBER)
    page.goto(base + "/dashboard/members")
    expect(page.locator("#members")).to_contain_text("Olive Owner")
    expect(page.locator("#invite-form")).to_have_count(0)
    # Nothing of anyone else's: only their own hours' Save, one form.
    expect(page.locator("#members button")).to_have_count(1)
    expect(page.locator("#members .shift-form button")).to_have_count(1)
    expect(page.locator("#members .assign-form")).to_have_count(0)
    expect(page.locator("#members-readonly")).to_be_visible()
    page.goto(base + "/dashboard/keys")
    expect(page.locator("#create-key")).to_have_count(0)
    expect(page.locator("#keys button")).to_have_count(0)
    page.goto(base + "/dashboard/accounts")
    expect(page.locator(".writes-switch")).to_have_count(0)
    page.goto(base + "/dashboard/webhooks")
    expect(page.locator("#missing-permission")).to_contain_text("manage webhooks")
    expect(page.locator("#permission-holders")).to_contain_text("Olive Owner (owner)")
    expect(page.locator("nav")).to_be_visible()  # the forbidden page keeps the navigation
    shot(page, "forbidden")
    page.context.close()


def test_audit_log_is_readable_linked_and_filtered(browser, service, world, clock):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "audit-1")
    page = open_as(browser, base, start=f"/dashboard/actions/{action['id']}")
    page.click("#reject")
    expect(page.locator("#action-status")).to_have_text("rejected")
    page.goto(base + "/dashboard/keys")
    page.fill("#key-name", "audited")
    page.check("input[name=scopes][value=write]")
    page.click("#create-key button[type=submit]")
    page.goto(base + "/dashboard/audit")
    table = page.locator("#audit")
    expect(table).to_contain_text("scopes: read, write")
    expect(table).not_to_contain_text("[")
    page.click(f"#audit a[href='/dashboard/actions/{action['id']}']")
    expect(page.locator("#action-status")).to_have_text("rejected")
    page.goto(base + "/dashboard/audit")
    page.select_option("#audit-what", "key.")
    page.fill("#audit-who", "Olive Owner")  # the world's own keys are audited as the operator's
    page.click("#audit-filters button")
    expect(page.locator("#audit .audit-action")).to_have_text(["key.created"])
    page.fill("#audit-who", "nobody-by-this-name")
    page.click("#audit-filters button")
    expect(page.locator("#audit-empty")).to_be_visible()
    today = clock.now().date().isoformat()
    page.goto(f"{base}/dashboard/audit?from={today}&to={today}&who=Olive+Owner")
    expect(page.locator("#audit tbody tr")).to_have_count(2)
    shot(page, "audit")
    page.context.close()


def test_key_expiry_is_a_local_date_and_time_with_its_zone(browser, service, world, clock):
    base = service.base_url
    page = open_as(browser, base, start="/dashboard/keys", zone="Europe/Paris")
    expect(page.locator("#key-zone-label")).to_have_text("Europe/Paris")
    tomorrow = (clock.now() + dt.timedelta(days=1)).date().isoformat()
    page.fill("#key-name", "expiring")
    page.fill("#key-expires", f"{tomorrow}T12:30")
    page.click("#create-key button[type=submit]")
    state = page.locator("#keys tr", has_text="expiring").locator(".key-state time")
    assert state.get_attribute("datetime") == f"{tomorrow}T11:30:00Z"  # 12:30 in Paris, winter
    page.fill("#key-name", "past")
    page.fill("#key-expires", "2001-01-01T00:00")
    page.click("#create-key button[type=submit]")
    expect(page.locator("[data-error-code=invalid_parameter]")).to_contain_text("future")
    page.context.close()


def test_delivery_log_lists_every_attempt_and_the_endpoint_says_retrying(
    browser, service, world, database_url, clock
):
    base = service.base_url
    receiver = Receiver()
    receiver.set_mode("fail", 503)
    with run_receiver_in_thread(receiver) as url:

        async def add(store):
            return await hooks.add_event_endpoint(
                store,
                clock,
                world.owner,
                url + "/events",
                None,
                allow_loopback=True,
                box=SecretBox(service.settings.secret_key),
            )

        endpoint = run_store(database_url, add)
        action = api_action(base, world.live_key, world.live_account, "hook-1")
        page = open_as(browser, base, start=f"/dashboard/actions/{action['id']}")
        page.click("#reject")
        # The rejection's own page first: navigating away at once can cancel the form's POST.
        expect(page.locator("#action-status")).to_have_text("rejected")
        page.goto(base + "/dashboard/webhooks")
        health = page.locator(".endpoint-health")
        expect(health).to_contain_text("retrying at", timeout=WAIT_MS)
        page.click(".delivery-log-link")
        expect(page).to_have_url(f"{base}/dashboard/webhooks/endpoints/{endpoint.id}/deliveries")
        expect(page.locator(".attempt-status").first).to_have_text("503")
        expect(page.locator("#deliveries")).to_contain_text("action.rejected")
        expect(page.locator("#deliveries")).to_contain_text("next attempt")
        shot(page, "delivery-log")
    page.context.close()


# --- 7. the first run --------------------------------------------------------------------
def test_sign_in_page_without_error_root_redirect_and_favicon(browser, service, world):
    base = service.base_url
    page = browser.new_page(viewport=DESKTOP)
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(base + "/")
    # Signed out: on to the sign-in page (303), which comes back to the inbox; no 401 logged.
    expect(page).to_have_url(base + "/dashboard/sign-in?next=%2Fdashboard%2Fapprovals")
    expect(page.locator("h1")).to_have_text("Sign in")
    assert errors == [], errors
    expect(page.locator("[role=alert]")).to_have_count(0)
    expect(page.locator("#demo-credentials")).to_have_count(0)  # not a demo
    assert httpx.get(base + "/favicon.ico").status_code == 200
    assert page.evaluate("fetch('/dashboard/static/favicon.svg').then(r => r.status)") == 200
    assert not missing, missing
    page.fill("input[name=email]", OWNER[0])
    page.fill("input[name=password]", "wrong")
    page.click("button[type=submit]")
    expect(page.locator("[role=alert]")).to_be_visible()
    page.close()
