"""Batch decisions in the inbox in real headless Chromium: tick, read the warnings on the
cards and again on the confirmation page, approve exactly those, see each outcome; on desktop
with the keyboard too. Desktop and phone, both drivers; docs/inbox-warned-phone.png and
docs/approve-confirm-phone.png are the phone's pictures."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.dashboard.live_service import clean, run_store
from tests.dashboard.test_dashboard_browser import (
    OWNER,
    ROOT,
    api_action,
    shot,
    sign_in,
    write_whole,
)
from tests.factories import build_world

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        return await build_world(store, clock)

    return run_store(database_url, seed)


def row(page, action_id):
    return page.locator(f'#inbox .row[data-action-id="{action_id}"]')


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_tick_two_of_three_and_approve_exactly_those(
    browser: Browser, service, world, size, database_url
):
    base = service.base_url
    made = [api_action(base, world.live_key, world.live_account, f"{size}-{i}") for i in range(3)]
    page = browser.new_page(viewport=SIZES[size])
    sign_in(page, base, OWNER)
    expect(page.locator("#pending-total")).to_have_text("3")
    expect(page.locator("#batch-approve")).to_be_disabled()
    for action in made[:2]:
        row(page, action["id"]).locator("input[name=actionId]").check()
    expect(page.locator("#batch-count")).to_have_text("2 selected")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    # The fans they name are not in the last sync: each card says so.
    for action in made[:2]:
        expect(page.locator(f'[data-warnings-for="{action["id"]}"]')).to_contain_text("not among @")
    inbox = shot(page, f"inbox-batch-{size}", full_page=False)
    if size == "phone" and database_url.startswith("sqlite"):
        write_whole(ROOT / "docs" / "inbox-warned-phone.png", inbox)
    page.click("#batch-approve")
    # Nothing is approved before the person has read the warnings, on a page of its own.
    expect(page.locator("h1")).to_have_text("Approve 2 actions?")
    for action in made[:2]:
        expect(page.locator(f'[data-warned-action="{action["id"]}"]')).to_contain_text(
            "Check this:"
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    confirm = shot(page, f"inbox-batch-confirm-{size}", full_page=False)
    if size == "phone" and database_url.startswith("sqlite"):
        write_whole(ROOT / "docs" / "approve-confirm-phone.png", confirm)
    page.click("#confirm-approve")
    expect(page.locator("h1")).to_have_text("You approved 2 of 2")
    for action in made[:2]:
        expect(page.locator(f'[data-outcome-for="{action["id"]}"]')).to_contain_text("approved")
    shot(page, f"inbox-batch-done-{size}")
    page.click("#back-to-inbox")
    expect(page.locator("#pending-total")).to_have_text("1")
    expect(row(page, made[2]["id"])).to_be_visible()
    page.close()


def test_keyboard_moves_selects_and_rejects_on_desktop(browser: Browser, service, world):
    base = service.base_url
    made = [api_action(base, world.live_key, world.live_account, f"kb-{i}") for i in range(2)]
    page = browser.new_page(viewport=SIZES["desktop"])
    sign_in(page, base, OWNER)
    expect(page.locator("#inbox .row")).to_have_count(2)
    page.locator("h1").click()  # focus on the page, not a field
    page.keyboard.press("j")  # the first row (the soonest to expire)
    first = page.locator("#inbox .row").first.get_attribute("data-action-id")
    expect(page.locator("#inbox .row.cursor")).to_have_attribute("data-action-id", first)
    page.keyboard.press("j")
    page.keyboard.press("k")  # and back
    expect(page.locator("#inbox .row.cursor")).to_have_attribute("data-action-id", first)
    page.keyboard.press("x")
    expect(page.locator("#batch-count")).to_have_text("1 selected")
    page.keyboard.press("r")
    expect(page.locator("h1")).to_have_text("You rejected 1 of 1")
    expect(page.locator(f'[data-outcome-for="{first}"]')).to_contain_text("rejected")
    other = next(a["id"] for a in made if a["id"] != first)
    page.click("#back-to-inbox")
    expect(page.locator("#inbox .row")).to_have_count(1)
    expect(row(page, other)).to_be_visible()
    page.close()
