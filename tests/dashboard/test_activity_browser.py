"""The Activity page in real headless Chromium at phone size, on both drivers: server-drawn SVG
charts that need no script (the context runs none), fit a 390-pixel screen, break no rule of the
CSP, and show the figures the database counted. docs/activity-phone.png is its screenshot."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest
from playwright.sync_api import expect

from service.actions.model import Action
from tests.dashboard.live_service import clean, run_store
from tests.dashboard.test_dashboard_browser import OWNER, shot, sign_in
from tests.factories import build_world

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# (days ago, status, approvals_required, seconds to the decision or None)
SEEDED = [
    (0, "executed", 0, 0),  # finished: the live service's executor leaves them be
    (0, "executed", 0, 0),
    (0, "executed", 1, 120),
    (0, "pending", 1, None),
    (1, "executed", 0, 0),
    (1, "failed", 1, 600),
    (1, "rejected", 1, 60),
    (3, "expired", 1, None),
    (3, "cancelled", 1, 30),
]


def seeded_action(n: int, world, now: dt.datetime, ago: int, status: str, need: int, wait):
    created = now.replace(hour=0, minute=30) - dt.timedelta(days=ago)
    action = Action(
        id=f"act_seed{n}",
        workspace_id=world.workspace_id,
        account_id=world.live_account,
        mode="live",
        type="send_message",
        status=status,
        params={"fanId": "40001", "text": "<p>Hi</p>"},
        summary="Send a message",
        estimated_recipients=1,
        price=None,
        requested_by={"kind": "api_key", "label": "backend"},
        idempotency_key=f"seed{n}",
        fingerprint="0" * 64,
        created_at=created,
        expires_at=created + dt.timedelta(days=2),
        approvals_required=need,
    )
    if wait is not None:
        action = attrs.evolve(
            action,
            decided_at=created + dt.timedelta(seconds=wait),
            decided_by={"kind": "policy" if need == 0 else "user", "name": "x", "email": ""},
        )
    return action


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        world = await build_world(store, clock)
        now = clock.now()
        async with store.transaction() as uow:
            for n, row in enumerate(SEEDED):
                await uow.actions.add(seeded_action(n, world, now, *row))
        return world

    return run_store(database_url, seed)


def test_activity_charts_on_a_phone_without_script(browser, service, world, clock):
    base = service.base_url
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console", lambda m: violations.append(m.text) if "Content Security" in m.text else None
    )
    sign_in(page, base, OWNER, start="/dashboard/accounts")
    page.click(f"[data-account-id='{world.live_account}'] a.activity-link")
    expect(page.locator("h1")).to_contain_text("Activity of @maya.live")

    expect(page.locator("#total-created")).to_have_text("9")
    expect(page.locator("#total-approved-by-allowance")).to_have_text("3")
    expect(page.locator("#total-approved-by-person")).to_have_text("2")
    expect(page.locator("#total-failed")).to_have_text("1")
    today = clock.now().date().isoformat()
    expect(page.locator(f"tr[data-day='{today}'] .median")).to_have_text("0 s")  # 0, 0, 120
    # The outcome chart: one column per day of the default 30, stacked to each day's count.
    outcomes = page.locator("#chart-outcomes svg.bars")
    expect(outcomes.locator("g.day")).to_have_count(30)
    expect(outcomes.locator("rect.seg-approved-by-allowance")).to_have_count(2)
    expect(outcomes.locator("g.day title").last).to_have_text(
        f"{clock.now():%b %-d}: 4 created (2 approved by an allowance, 1 approved by a person, "
        "1 pending)"
    )
    # Yesterday's waits 0, 60 and 600 s; today's median is 0 s and draws nothing.
    expect(page.locator("#chart-wait svg.bars rect.seg-wait")).to_have_count(1)
    expect(page.locator("#chart-wait g.day title").nth(28)).to_contain_text("median wait 60 s")
    # It reads on a phone: the charts fill the width and nothing scrolls sideways.
    width = outcomes.bounding_box()["width"]
    assert 300 <= width <= PHONE["width"], width
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "activity-phone")

    # A range the rule refuses says so on the page; the API's rule, word for word.
    page.goto(
        f"{base}/dashboard/accounts/{world.live_account}/activity?from=2026-01-01&to=2026-06-01"
    )
    expect(page.locator("body")).to_contain_text("A range covers at most 90 days")
    assert violations == []
    context.close()
