"""The dashboard and the hosted link on a phone (390×844) in real headless Chromium: Approve in
view without scrolling, no horizontal overflow, tables as labelled cards, a one-row header.
Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness.receiver import Receiver, run_receiver_in_thread
from tests.dashboard.journeys_kit import (
    LONG_TEXT,
    PAGES,
    PHONE,
    in_view,
    no_overflow,
    open_as,
    seed_world,
)
from tests.dashboard.test_dashboard_browser import WAIT_MS, api_action, shot

pytestmark = pytest.mark.browser

world = pytest.fixture(seed_world, name="world")


# --- 3. phone first ----------------------------------------------------------------------
def test_phone_action_page_shows_preview_and_approve_without_scrolling(browser, service, world):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "phone-1", text=LONG_TEXT)
    page = open_as(browser, base, phone=True, start=f"/dashboard/actions/{action['id']}")
    in_view(page, "h1")
    in_view(page, "#message-preview")
    in_view(page, "#approve")
    in_view(page, "#reject")
    expect(page.locator("#raw-params pre")).not_to_be_visible()  # folded away
    expect(page.locator("#recipient")).to_contain_text("Sam Fan (@sam.fan)")
    header = page.locator("#top").bounding_box()
    assert header["height"] < 64, header
    no_overflow(page)
    shot(page, "action-phone")
    page.click("#approve")
    expect(page.locator("#action-status")).not_to_have_text("pending", timeout=WAIT_MS)
    # Decided: the outcome comes first, and the decision bar is gone.
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#decide-dock")).to_have_count(0)
    expect(page.locator("#action-status")).to_have_text(
        re.compile("executed|failed"), timeout=WAIT_MS
    )
    page.reload()
    status = page.locator("#action-status").inner_text()
    words = {"executed": "Executed", "failed": "Failed"}[status]
    expect(page.locator("#outcome-words")).to_contain_text(words)
    if status == "failed":  # the reason, in the outcome at the top
        expect(page.locator("#outcome #action-error")).not_to_be_empty()
    in_view(page, "#outcome")
    assert (
        page.locator("#outcome").bounding_box()["y"]
        < page.locator("#message-preview").bounding_box()["y"]
    )
    expect(page.locator("#decide-dock")).to_have_count(0)
    shot(page, "action-phone-decided")
    page.context.close()


def test_no_page_overflows_at_390_and_tables_become_labelled_cards(browser, service, world):
    base = service.base_url
    api_action(base, world.live_key, world.live_account, "cards-1")
    page = open_as(browser, base, phone=True)
    with run_receiver_in_thread(Receiver()) as receiver:
        page.goto(base + "/dashboard/webhooks")
        page.click("#menu-toggle")
        expect(page.locator("nav")).to_be_visible()
        page.fill("#endpoint-url", receiver + "/a-rather-long-path/for/the/events/endpoint")
        page.click("text=Add endpoint")
        page.click(".test-send")
        for path in PAGES:
            page.goto(base + path)
            expect(page.locator("h1")).to_be_visible()
            expect(page.locator("nav")).not_to_be_visible()  # folded into the menu
            no_overflow(page)
            shot(page, "phone-" + path.rsplit("/", 1)[1])
    page.goto(base + "/dashboard/audit")
    label = page.evaluate(
        "getComputedStyle(document.querySelector('#audit td'), '::before').content"
    )
    assert label == '"When"'
    page.context.close()


def test_header_is_one_row_with_a_menu_on_a_phone(browser, service, world):
    base = service.base_url
    page = open_as(browser, base, phone=True)
    assert page.locator("#top").bounding_box()["height"] < 64
    expect(page.locator("#sign-out")).not_to_be_visible()
    # Going off shift is one tap, outside the menu, and the header stays one row.
    expect(page.locator("#shift-switch")).to_have_attribute("aria-checked", "true")
    page.click("#shift-switch")
    expect(page.locator("#shift-switch")).to_have_attribute("aria-checked", "false")
    assert page.locator("#top").bounding_box()["height"] < 64
    page.click("#menu-toggle")
    expect(page.locator("#sign-out")).to_be_visible()
    page.click("nav >> text=Audit log")
    expect(page).to_have_url(base + "/dashboard/audit")
    page.context.close()


# --- 5. the hosted link page -------------------------------------------------------------
def test_hosted_link_on_a_phone_names_agency_and_platform_never_the_note(browser, service, world):
    base = service.base_url
    page = open_as(browser, base, start="/dashboard/links")
    page.fill("#link-note", "INTERNAL: whale, push PPV")
    page.fill("#link-message", "Hi Mia, this is Anna from Agency.")
    page.click("#create-link")
    url = page.input_value("#created-url")
    creator = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    creator.goto(url)
    expect(creator.locator("#link-who")).to_contain_text("Agency")
    expect(creator.locator("#link-who")).to_contain_text("the creator platform")
    expect(creator.locator("#creator-message")).to_contain_text("this is Anna")
    expect(creator.locator("#grants")).to_contain_text("every change needs a person")
    expect(creator.locator("body")).not_to_contain_text("INTERNAL")
    expect(creator.locator("body")).not_to_contain_text("Waiting for the creator")
    no_overflow(creator)
    shot(creator, "hosted-link-phone")
    creator.fill("#email", "mia@creators.test")
    creator.fill("#password", "mia-password-1")
    creator.click("text=Sign in and connect")
    expect(creator.locator("#connected-account")).to_contain_text("@", timeout=WAIT_MS)
    expect(creator.locator("#connected-account")).to_contain_text("is now connected to Agency")
    no_overflow(creator)
    page.context.close()
    creator.context.close()
