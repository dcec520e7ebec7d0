"""The dashboard's journeys in real headless Chromium, at 1280×800 and at 390×844 (a phone).

Live updates made by a second session, refreshes after every form, no horizontal overflow at
390 px, Approve in view without scrolling, role-limited views, the delivery log and the hosted
link on a phone. Runs on SQLite and PostgreSQL. Screenshots land in test-artifacts/screenshots/
(the ones the README shows are copied to docs/).
"""

from __future__ import annotations

import datetime as dt

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from harness.receiver import Receiver, run_receiver_in_thread
from service.crypto import SecretBox
from service.domain.principal import Principal
from service.synced.model import Fan
from service.webhooks import usecases as hooks
from service.workspaces.usecases import create_user
from tests.dashboard.live_service import clean, run_store
from tests.dashboard.test_dashboard_browser import MEMBER, OWNER, WAIT_MS, api_action, shot, sign_in
from tests.factories import PASSWORDS, build_world

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LONG_TEXT = "<p>" + "Hello there, thanks for being here! " * 6 + "<b>See you soon</b></p>"
PAGES = [
    "/dashboard/approvals",
    "/dashboard/accounts",
    "/dashboard/links",
    "/dashboard/keys",
    "/dashboard/webhooks",
    "/dashboard/members",
    "/dashboard/audit",
]


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        world = await build_world(store, clock)
        await create_user(
            store,
            clock,
            Principal.operator(world.workspace_id),
            MEMBER[0],
            "Max Member",
            MEMBER[1],
            "member",
            passwords=PASSWORDS,
        )
        async with store.transaction() as uow:
            await uow.fans.replace(
                world.workspace_id,
                world.live_account,
                [
                    Fan(
                        workspace_id=world.workspace_id,
                        account_id=world.live_account,
                        id="f1",
                        username="sam.fan",
                        name="Sam Fan",
                        avatar_url=None,
                        subscription_status="active",
                        subscribed_at=None,
                        expires_at=None,
                    )
                ],
            )
        return world

    return run_store(database_url, seed)


def open_as(
    browser: Browser,
    base: str,
    who=OWNER,
    *,
    phone=False,
    start="/dashboard/approvals",
    zone: str | None = None,
) -> Page:
    options = (
        {"viewport": PHONE, "is_mobile": True, "has_touch": True}
        if phone
        else {"viewport": DESKTOP}
    )
    if zone:
        options["timezone_id"] = zone
    page = browser.new_context(**options).new_page()
    sign_in(page, base, who, start)
    return page


def no_overflow(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], (page.url, wide)


def in_view(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= page.viewport_size["height"]
    ), (selector, box)


def set_account(database_url: str, world, **values) -> None:
    async def job(store):
        async with store.transaction() as uow:
            await uow.accounts.update(world.workspace_id, world.live_account, **values)

    run_store(database_url, job)


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
    # The first page, never reloaded, follows: status, who decided, and no Approve to click.
    expect(watcher.locator("#action-status")).not_to_have_text("pending", timeout=WAIT_MS)
    expect(watcher.locator("#decided")).to_contain_text("Max Member")
    expect(watcher.locator("#approve")).to_be_disabled()
    expect(watcher.locator("#decide-blocked")).to_contain_text("Already")
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
    expect(page.locator("#approve")).to_be_disabled()
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
    page.click("#menu-toggle")
    expect(page.locator("#sign-out")).to_be_visible()
    page.click("nav >> text=Audit log")
    expect(page).to_have_url(base + "/dashboard/audit")
    page.context.close()


# --- 4. words and roles ------------------------------------------------------------------
def test_member_sees_only_what_a_member_can_use(browser, service, world):
    base = service.base_url
    page = open_as(browser, base, MEMBER)
    page.goto(base + "/dashboard/members")
    expect(page.locator("#members")).to_contain_text("Olive Owner")
    expect(page.locator("#invite-form")).to_have_count(0)
    expect(page.locator("#members button")).to_have_count(0)
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


# --- 7. the first run --------------------------------------------------------------------
def test_sign_in_page_without_error_root_redirect_and_favicon(browser, service, world):
    base = service.base_url
    page = browser.new_page(viewport=DESKTOP)
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    page.goto(base + "/")
    expect(page).to_have_url(base + "/dashboard/approvals")
    expect(page.locator("h1")).to_have_text("Sign in")
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
