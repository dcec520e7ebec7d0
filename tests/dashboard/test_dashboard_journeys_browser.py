"""The dashboard's journeys in real headless Chromium (desktop, 1280×800): pages follow changes made
by a second session, and every form's refresh repeats nothing. Runs on SQLite and PostgreSQL.
Screenshots land in test-artifacts/screenshots/ (the ones the README shows are copied to docs/).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harness.receiver import Receiver, run_receiver_in_thread
from tests.dashboard.journeys_kit import (
    DESKTOP,
    PHONE,
    open_as,
    seed_world,
    set_account,
)
from tests.dashboard.test_dashboard_browser import MEMBER, WAIT_MS, api_action, sign_in

pytestmark = pytest.mark.browser

world = pytest.fixture(seed_world, name="world")


# --- 1. live, whoever changed it ---------------------------------------------------------
def test_action_page_follows_a_decision_made_in_another_session(browser, service, world):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "live-1")
    watcher = open_as(
        browser, base, start=f"/dashboard/actions/{action['id']}", zone="America/New_York"
    )
    expect(watcher.locator("#action-status")).to_have_text("pending")
    expect(watcher.locator("#approve")).to_be_enabled()
    other = open_as(browser, base, MEMBER, start=f"/dashboard/actions/{action['id']}")
    other.click("#approve")
    expect(other.locator("#action-status")).not_to_have_text("pending", timeout=WAIT_MS)
    # The first page, never reloaded, follows: status, who decided, the outcome, and no
    # decision bar left.
    expect(watcher.locator("#action-status")).not_to_have_text("pending", timeout=WAIT_MS)
    expect(watcher.locator("#decided")).to_contain_text("Max Member")
    expect(watcher.locator("#outcome-decided")).to_contain_text("Approved by Max Member")
    expect(watcher.locator("#decide-dock")).to_have_count(0)
    # Times stay readable in the viewer's zone after the update (no raw ISO, no UTC).
    decided = watcher.locator("#decided time").inner_text()
    assert "UTC" not in decided and "T" not in decided.split(",")[0] and "Z" not in decided
    created = watcher.locator("#fields time").first
    assert created.get_attribute("datetime").endswith("Z") and "UTC" not in created.inner_text()
    watcher.context.close()
    other.context.close()


def test_approve_disabled_with_the_reason_when_the_account_cannot_take_it(
    browser, service, world, database_url
):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "relink-1")
    page = open_as(browser, base, start=f"/dashboard/actions/{action['id']}")
    expect(page.locator("#approve")).to_be_enabled()
    set_account(
        database_url, world, status="needs_relink", status_reason="The platform session expired."
    )
    expect(page.locator("#approve")).to_be_disabled(timeout=WAIT_MS)
    expect(page.locator("#decide-blocked")).to_contain_text("needs relink")
    set_account(database_url, world, status="healthy", status_reason=None, writes_enabled=False)
    expect(page.locator("#decide-blocked")).to_contain_text(
        "Writes are switched off", timeout=WAIT_MS
    )
    expect(page.locator("#reject")).to_be_disabled()
    page.context.close()


def test_inbox_and_accounts_follow_changes_from_elsewhere(browser, service, world):
    base = service.base_url
    page = open_as(browser, base)
    accounts = page.context.new_page()
    accounts.goto(base + "/dashboard/accounts")
    expect(accounts.locator(".writes").first).to_have_text("on")
    action = api_action(base, world.live_key, world.live_account, "inbox-1")
    expect(page.locator(f"[data-action-id={action['id']}]")).to_be_visible(timeout=WAIT_MS)
    other = open_as(browser, base, start="/dashboard/accounts")
    other.click(".writes-switch")
    expect(other.locator("#notice")).to_contain_text("Writes are off")
    expect(accounts.locator(".writes").first).to_have_text("off", timeout=WAIT_MS)
    page.context.close()
    other.context.close()


def test_links_page_follows_the_creator(browser, service, world):
    base = service.base_url
    page = open_as(browser, base)
    page.goto(base + "/dashboard/links")
    page.fill("#link-note", "for mia")
    page.click("#create-link")
    url = page.input_value("#created-url")
    row = page.locator("#links tbody tr").first
    expect(row.locator(".link-status")).to_have_text("waiting")
    creator = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    creator.goto(url)
    creator.fill("#email", "mia@creators.test")
    creator.fill("#password", "mia-password-1")
    creator.click("button[type=submit] >> nth=0")
    expect(creator.locator("#connected-account")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#links tbody tr").first.locator(".link-status")).to_have_text(
        "connected", timeout=WAIT_MS
    )
    page.context.close()
    creator.context.close()


# --- 2. post/redirect/get ----------------------------------------------------------------
def test_refresh_after_create_key_shows_no_secret_and_makes_no_second_key(browser, service, world):
    base = service.base_url
    page = open_as(browser, base, start="/dashboard/keys")
    rows = page.locator("#keys tbody tr").count()
    page.fill("#key-name", "refresh me")
    page.click("#create-key button[type=submit]")
    expect(page).to_have_url(base + "/dashboard/keys")
    secret = page.input_value("#key-secret")
    assert secret.startswith("sk_") and secret not in page.url
    expect(page.locator("#keys tbody tr")).to_have_count(rows + 1)
    page.reload()
    expect(page.locator("#key-secret")).to_have_count(0)
    expect(page.locator("#keys tbody tr")).to_have_count(rows + 1)
    page.context.close()


def test_refresh_after_link_invite_and_webhook_roll_repeats_nothing(browser, service, world):
    base = service.base_url
    page = open_as(browser, base, start="/dashboard/links")
    page.click("#create-link")
    expect(page.locator("#created-url")).to_be_visible()
    page.reload()
    expect(page.locator("#links tbody tr")).to_have_count(1)
    expect(page.locator("#created-url")).to_have_count(0)

    page.goto(base + "/dashboard/members")
    page.fill("input[name=email]", "new@agency.test")
    page.click("#invite-form button[type=submit]")
    expect(page.locator("#invite-url")).to_be_visible()
    page.reload()
    expect(page.locator("#invite-url")).to_have_count(0)

    with run_receiver_in_thread(Receiver()) as receiver:
        page.goto(base + "/dashboard/webhooks")
        page.fill("#endpoint-url", receiver + "/events")
        page.click("text=Add endpoint")
        page.click("text=Roll secret")
        expect(page).to_have_url(base + "/dashboard/webhooks")
        expect(page.locator("#secret-value")).to_be_visible()
        page.reload()
        expect(page.locator("#secret-value")).to_have_count(0)
        expect(page.locator(".endpoint")).to_have_count(1)
    page.context.close()


def test_decide_without_javascript_redirects(browser, service, world):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "nojs-1")
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, base, start=f"/dashboard/actions/{action['id']}")
    page.click("#reject")
    expect(page).to_have_url(action["approvalUrl"])
    expect(page.locator("#notice")).to_contain_text("You rejected")
    page.reload()
    expect(page.locator("#action-status")).to_have_text("rejected")
    context.close()
