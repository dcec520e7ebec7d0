"""The main journeys in real headless Chromium against the live service and the fake platform.

Runs on SQLite and PostgreSQL (`database_url` is parametrised). Screenshots of the main pages
go to test-artifacts/screenshots/; docs/approvals-inbox.png (README) is a copy of the inbox one.
"""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from service.domain.principal import Principal
from service.workspaces.usecases import create_user
from tests.dashboard.live_service import clean, run_store
from tests.factories import PASSWORDS, build_world

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
OWNER = ("owner@agency.test", "correct horse battery")
MEMBER = ("member@agency.test", "member password 1")
WAIT_MS = 20_000


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        world = await build_world(store, clock)
        await create_user(
            store,
            clock,
            Principal.operator(world.workspace_id),
            *MEMBER[:1],
            "Max Member",
            MEMBER[1],
            "member",
            passwords=PASSWORDS,
        )
        return world

    return run_store(database_url, seed)


def write_whole(path: Path, data: bytes) -> None:
    """Both drivers' runs of a test take the same picture, and under pytest-xdist they may run
    at once: each writes a file of its own and moves it into place (atomic), so no reader (nor
    tests/test_wheel.py copying the checkout) ever sees half a file."""
    part = path.with_name(f".{path.name}.{os.getpid()}")
    part.write_bytes(data)
    os.replace(part, path)


def shot(page: Page, name: str, *, full_page: bool = True) -> bytes:
    SHOTS.mkdir(parents=True, exist_ok=True)
    data = page.screenshot(full_page=full_page)
    write_whole(SHOTS / f"{name}.png", data)
    return data


def sign_in(page: Page, base: str, who=OWNER, start="/dashboard/approvals") -> None:
    page.goto(base + start)
    expect(page.locator("h1")).to_have_text("Sign in")
    page.fill("input[name=email]", who[0])
    page.fill("input[name=password]", who[1])
    page.click("button[type=submit]")
    expect(page.locator("#sign-out")).to_be_attached()  # on a phone it sits in the menu


def a_fan_of(base: str, key: str, account: str) -> str:
    """A real fan from synced data (test actions run through the sandbox, which knows its fans)."""
    response = httpx.get(
        f"{base}/v1/accounts/{account}/fans?limit=1", headers={"Authorization": f"Bearer {key}"}
    )
    assert response.status_code == 200, response.text
    return str(response.json()["data"][0]["id"])


def api_action(
    base: str, key: str, account: str, idem: str, text="<p>Hello <b>you</b></p>", fan: str = "f1"
):
    response = httpx.post(
        f"{base}/v1/accounts/{account}/actions",
        headers={"Authorization": f"Bearer {key}", "Idempotency-Key": idem},
        json={"type": "send_message", "params": {"fanId": fan, "text": text}},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


def test_sign_in_create_key_approve_and_see_executed(browser, service, world, database_url):
    base = service.base_url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(base + "/dashboard/approvals")
    # Signed out: redirected (303) to the sign-in page, which comes back to the inbox after.
    assert page.url == base + "/dashboard/sign-in?next=%2Fdashboard%2Fapprovals"
    expect(page.locator("input[name=next]")).to_have_value("/dashboard/approvals")
    shot(page, "sign-in")
    sign_in(page, base)

    # Create a test key; it is shown once.
    page.click("nav >> text=API keys")
    page.fill("#key-name", "browser journey")
    page.check("input[name=scopes][value=write]")
    page.select_option("#key-mode", "test")
    page.click("#create-key button[type=submit]")
    secret = page.input_value("#key-secret")
    assert secret.startswith("sk_test_")
    shot(page, "keys")

    # An action over the API in test mode, then the inbox in test mode.
    sandbox = world.sandbox_accounts[0]
    action = api_action(base, secret, sandbox, "browser-1", fan=a_fan_of(base, secret, sandbox))
    page.goto(base + "/dashboard/approvals")
    expect(page.locator(f"[data-action-id={action['id']}]")).to_have_count(0)
    page.click("#mode-switch")
    expect(page.locator("#test-banner")).to_be_visible()
    row = page.locator(f"[data-action-id={action['id']}]")
    expect(row).to_contain_text("browser journey (api_key)")
    expect(row).to_contain_text("left")
    shot(page, "approvals-inbox")  # docs/approvals-inbox.png in the README is a copy of it

    # The action page: the message as the fan sees it, then approve and follow it.
    row.locator("a").click()
    expect(page.locator("#message-preview b")).to_have_text("you")
    shot(page, "action-pending")
    page.fill("#note", "Looks good")
    page.click("#approve")
    expect(page.locator("#action-status")).to_have_text("executed", timeout=WAIT_MS)
    expect(page.locator("#result")).to_contain_text('"simulated": true')
    shot(page, "action-executed")

    for name, path in [
        ("accounts", "/dashboard/accounts"),
        ("links", "/dashboard/links"),
        ("members", "/dashboard/members"),
        ("audit", "/dashboard/audit"),
        ("webhooks", "/dashboard/webhooks"),
    ]:
        page.goto(base + path)
        expect(page.locator("h1")).to_be_visible()
        shot(page, name)
    expect(page.locator("body")).not_to_contain_text("Something is not right")
    page.goto(base + "/dashboard/audit")
    expect(page.locator("#audit")).to_contain_text("action.approved")
    expect(page.locator("#audit")).to_contain_text("key.created")

    phone = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        storage_state=context.storage_state(),
    )
    mobile = phone.new_page()
    mobile.goto(base + "/dashboard/approvals?status=all")
    expect(mobile.locator(f"[data-action-id={action['id']}]")).to_be_visible()
    shot(mobile, "approvals-inbox-phone")
    phone.close()
    context.close()


def test_reject_with_note_emits_action_rejected(browser, service, world, database_url):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "reject-1")
    page = browser.new_page()
    sign_in(page, base, start=f"/dashboard/actions/{action['id']}")  # the approvalUrl itself
    assert page.url == action["approvalUrl"]
    page.fill("#note", "Not this week")
    page.click("#reject")
    expect(page.locator("#action-status")).to_have_text("rejected")
    expect(page.locator("#decision-note")).to_have_text("Not this week")

    async def events(store):
        async with store.reading() as uow:
            return await uow.events.list(world.workspace_id)

    rejected = [e for e in run_store(database_url, events) if e.type == "action.rejected"]
    assert [e.data["id"] for e in rejected] == [action["id"]]
    assert rejected[0].data["decisionNote"] == "Not this week"
    page.close()


def test_member_without_permission_and_csrf_refused(browser, service, world):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "csrf-1")
    page = browser.new_page()
    sign_in(page, base, who=MEMBER)
    expect(page.locator("nav")).not_to_contain_text("Webhooks")
    page.goto(base + "/dashboard/webhooks")
    expect(page.locator("[data-error-code=missing_permission]")).to_be_visible()
    expect(page.locator("[data-permission]")).to_have_text("webhooks.manage")
    page.goto(base + "/dashboard/accounts")
    expect(page.locator(".writes-switch")).to_have_count(0)

    page.goto(action["approvalUrl"])
    forged = page.evaluate(
        """async (id) => {
        const r = await fetch('/v1/actions/' + id + '/approve', {method: 'POST',
          headers: {'content-type': 'application/json', 'x-csrf-token': 'forged'}, body: '{}'});
        return [r.status, await r.json()];
    }""",
        action["id"],
    )
    assert forged[0] == 403
    assert forged[1]["error"]["code"] == "missing_permission"
    assert forged[1]["error"]["permission"] == "csrf"
    page.evaluate(
        "document.querySelector('#decide-form input[name=csrf_token]').value = 'x';"
        "document.querySelector('#decide-form').submit()"
    )
    expect(page.locator("[data-error-code=missing_permission]")).to_be_visible()
    page.goto(action["approvalUrl"])
    expect(page.locator("#action-status")).to_have_text("pending")
    page.close()


def test_expired_action_cannot_be_approved(browser, service, world, clock):
    base = service.base_url
    action = api_action(base, world.live_key, world.live_account, "expire-1")
    clock.advance(hours=24, seconds=1)
    page = browser.new_page()
    sign_in(page, base, start=f"/dashboard/actions/{action['id']}")
    expect(page.locator("#action-status")).to_have_text("expired")
    expect(page.locator("#outcome-words")).to_contain_text("nobody decided in time")
    expect(page.locator("#approve")).to_have_count(0)
    refused = page.evaluate(
        """async (id) => {
        const csrf = document.getElementById('action').dataset.csrf;
        const r = await fetch('/v1/actions/' + id + '/approve', {method: 'POST',
          headers: {'content-type': 'application/json', 'x-csrf-token': csrf}, body: '{}'});
        return [r.status, (await r.json()).error.code];
    }""",
        action["id"],
    )
    assert refused == [409, "action_expired"]
    page.close()
