"""Mail to approvers in real headless Chromium, desktop (1280×800) and phone (390×844): a member
opts in to mail on the Notifications page, a new action's mail arrives at a real SMTP server
(aiosmtpd), the demo's page shows it, and its link opens the approval page. SQLite and
PostgreSQL."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.mailbox import Mailbox
from harness.threaded import bound_socket, serve_in_thread
from service.app import create_app
from service.settings import Settings
from tests.dashboard.journeys_kit import seed_team
from tests.dashboard.live_service import run_store
from tests.dashboard.test_dashboard_browser import MEMBER, OWNER, WAIT_MS, api_action, shot, sign_in

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def world(database_url, clock):
    return run_store(database_url, lambda store: seed_team(store, clock))


@pytest.fixture
def mailbox():
    with Mailbox() as box:
        yield box


@pytest.fixture
def demo(database_url, clock, world, mailbox):
    """The service with its workers, mailing the real SMTP server, its page shown as in demo."""
    sock = bound_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = Settings(
        database_url=database_url,
        secret_key="browser-test-secret",
        public_url=base,
        development=True,
        validate_responses=True,
        run_workers=True,
        smtp_url=mailbox.url,
    )
    app = create_app(settings, clock=clock)
    app.state.dashboard.demo_mailbox = mailbox
    with serve_in_thread(app, name="countersign-mail", sock=sock, lifespan="on"):
        yield base


def no_overflow(page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"{page.url} is {wide}px wide"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_opt_in_then_the_mail_arrives_and_opens_the_approval_page(
    browser: Browser, demo, world, mailbox, size
):
    member = browser.new_page(viewport=SIZES[size])
    sign_in(member, demo, MEMBER, start="/dashboard/notifications")
    expect(member.locator("h1")).to_have_text("Notifications")
    expect(member.locator("#mail-off")).to_have_count(0)  # a server is configured
    # A member's default: nothing.
    expect(member.locator("input[name=new_approvals][value=off]")).to_be_checked()
    member.check("input[name=new_approvals][value=each]")
    member.check("input[name=scope][value=chosen]")
    member.check(f"input[name=accounts][value='{world.live_account}']")
    no_overflow(member)
    member.click("#save-notifications")
    expect(member.locator("#notice")).to_contain_text("saved")
    expect(member.locator("input[name=new_approvals][value=each]")).to_be_checked()
    expect(member.locator(f"input[name=accounts][value='{world.live_account}']")).to_be_checked()
    shot(member, f"notifications-{size}")

    action = api_action(demo, world.live_key, world.live_account, f"mail-{size}")
    member.goto(demo + "/dashboard/demo/mails")
    mail = member.locator("[data-mail]", has_text=MEMBER[0])
    expect(mail.first).to_be_visible(timeout=WAIT_MS)  # the page follows new mails by itself
    expect(mail.first.locator(".mail-subject")).to_contain_text("Approval needed for @maya.live")
    no_overflow(member)
    shot(member, f"demo-mails-{size}")
    mail.first.locator(".mail-link").click()
    expect(member).to_have_url(f"{demo}/dashboard/actions/{action['id']}")
    expect(member.locator("#action-status")).to_have_text("pending")
    # Exactly who asked: the owner (default), the member (opted in); nobody else exists.
    assert sorted(r for m in mailbox.messages for r in m.rcpt_to) == sorted([OWNER[0], MEMBER[0]])
    member.close()


def test_without_smtp_the_page_says_mail_is_off(browser: Browser, service, world):
    page = browser.new_page(viewport=SIZES["desktop"])
    sign_in(page, service.base_url, OWNER, start="/dashboard/notifications")
    expect(page.locator("#mail-off")).to_contain_text("COUNTERSIGN_SMTP_URL is not set")
    # An owner's default: each new approval and the 2-hour reminder.
    expect(page.locator("input[name=new_approvals][value=each]")).to_be_checked()
    expect(page.locator("input[name=reminder]")).to_be_checked()
    expect(page.locator("input[name=reminder_minutes]")).to_have_value("120")
    page.goto(service.base_url + "/dashboard/demo/mails")
    expect(page.locator("#demo-mails")).to_have_count(0)  # demo only
    page.close()
