"""Approval policies in real headless Chromium, at desktop and phone size, on both drivers:
the policy form, an edit with its live preview, a two-person approval by two sessions, and
"ask again"."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from service.domain.principal import Principal
from service.workspaces.members import change_role
from service.workspaces.usecases import create_user
from tests.dashboard.journeys_kit import seed_team
from tests.dashboard.live_service import run_store
from tests.dashboard.test_dashboard_browser import MEMBER, OWNER, shot, sign_in
from tests.factories import PASSWORDS

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def world(database_url, clock):
    return run_store(database_url, lambda store: seed_team(store, clock))


def api_action(base: str, world, idem: str, text: str) -> dict:
    response = httpx.post(
        f"{base}/v1/accounts/{world.live_account}/actions",
        headers={"Authorization": f"Bearer {world.live_key}", "Idempotency-Key": idem},
        json={"type": "send_message", "params": {"fanId": "40001", "text": text}},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


def posts(page: Page, base: str) -> list[str]:
    """Every POST the page makes, as "POST /path": which endpoints its forms call."""
    sent: list[str] = []

    def note(request) -> None:
        if request.method == "POST":
            sent.append(f"POST {request.url[len(base) :]}")

    page.on("request", note)
    return sent


def open_action(page: Page, base: str, action_id: str) -> None:
    page.goto(f"{base}/dashboard/actions/{action_id}")
    expect(page.locator("#action")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_policy_edit_two_people_and_ask_again(browser, service, world, size):
    base = service.base_url
    owner_context = browser.new_context(viewport=SIZES[size])
    owner = owner_context.new_page()
    sent = posts(owner, base)
    sign_in(owner, base, OWNER, start="/dashboard/accounts")

    # The policy form on the account's card: two different people for messages.
    card = owner.locator(f"#policy-{world.live_account}")
    expect(card).to_contain_text("No rules: one approval by any member.")
    card.locator("input[name=types][value=send_message]").check()
    card.locator("select[name=approvals]").select_option("2")
    card.locator("button.save-policy").click()
    card = owner.locator(f"#policy-{world.live_account}")
    expect(card.locator(".policy-rule")).to_contain_text(
        "Send a message: 2 different people, any member"
    )
    shot(owner, f"policy-form-{size}")
    assert f"POST /v1/accounts/{world.live_account}/policy" in sent

    # An agent asks; the owner fixes the text (the preview follows it live) and approves.
    action = api_action(base, world, f"b-{size}", "<p>Helo fans</p>")
    open_action(owner, base, action["id"])
    expect(owner.locator("#approvals-needed")).to_contain_text("Needs 2 more approvals")
    owner.locator("#edit summary").click()
    owner.fill("#edit-text", "Hello <b>fans</b>")
    expect(owner.locator("#edit-preview b")).to_have_text("fans")
    shot(owner, f"policy-edit-{size}")
    owner.click("#edit-approve")
    expect(owner.locator("#approvals-needed")).to_contain_text("Needs 1 more approval")
    expect(owner.locator("#approvals")).to_contain_text("Olive Owner")
    expect(owner.locator("#edited")).to_contain_text("Edited by Olive Owner")
    expect(owner.locator("#message-preview b")).to_have_text("fans")
    assert f"POST /v1/actions/{action['id']}/approve" in sent
    expect(owner.locator("#approve")).to_be_disabled()
    expect(owner.locator("#approve-blocked")).to_contain_text("You already approved this action")

    # A second person, in their own session, completes the quorum.
    member_context = browser.new_context(viewport=SIZES[size])
    member = member_context.new_page()
    sign_in(member, base, MEMBER)
    expect(member.locator(f"[data-action-id={action['id']}] .needs")).to_contain_text(
        "needs 1 more approval"
    )
    open_action(member, base, action["id"])
    member.click("#approve")
    expect(member.locator("#action-status")).not_to_have_text("pending", timeout=20_000)
    expect(member.locator("#decided")).to_contain_text("Max Member")
    shot(member, f"policy-two-people-{size}")

    # Rejected, then asked again by the member: the new action cannot be approved by them.
    other = api_action(base, world, f"r-{size}", "<p>Not today</p>")
    open_action(owner, base, other["id"])
    owner.click("#reject")
    expect(owner.locator("#action-status")).to_have_text("rejected")
    open_action(member, base, other["id"])
    stale = member_context.new_page()  # the same page in a second tab, asked again from both
    open_action(stale, base, other["id"])
    member_posts = posts(member, base)
    member.click("#ask-again")
    expect(member.locator("#replaces")).to_contain_text(other["id"])
    assert member_posts == [f"POST /v1/actions/{other['id']}/request-again"]
    expect(member.locator("#approve")).to_be_disabled()
    expect(member.locator("#approve-blocked")).to_contain_text(
        "You asked for this action, so someone else must approve it."
    )
    new_id = member.url.rsplit("/", 1)[1]
    assert re.fullmatch(r"act_\w+", new_id)
    stale.click("#ask-again")  # asking twice opens the same new action, nothing more is made
    expect(stale.locator("#replaces")).to_contain_text(other["id"])
    assert stale.url == member.url
    open_action(owner, base, other["id"])
    expect(owner.locator("#replaced-by a")).to_have_text(new_id)
    shot(member, f"policy-ask-again-{size}")
    width = member.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], "nothing overflows sideways"
    owner_context.close()
    member_context.close()


@pytest.mark.parametrize("size", SIZES)
def test_workspace_default_form_and_accounts_that_follow_it(browser, service, world, size):
    """The workspace default is set on the Accounts page with POST /v1/workspace/policy (the
    page's script, session and CSRF token); accounts without rules of their own show it, and a
    member sees it without a form."""
    base = service.base_url
    owner_context = browser.new_context(viewport=SIZES[size])
    owner = owner_context.new_page()
    sent = posts(owner, base)
    sign_in(owner, base, OWNER, start="/dashboard/accounts")
    default = owner.locator("#workspace-policy")
    expect(default).to_contain_text("No rules: one approval by any member.")
    # "Add a rule" names the types as people say them, by family; it starts at one person and
    # asks for an allowance only for a rule that needs nobody.
    rule = default.locator("fieldset.add-rule")
    expect(rule.locator("fieldset.family legend").first).to_have_text("Messages")
    expect(rule).to_contain_text("Add media to a vault list")
    expect(rule).not_to_contain_text("add_media_to_vault_list")
    expect(rule.locator("select[name=approvals]")).to_have_value("1")
    expect(rule.locator("label.allowance")).to_be_hidden()
    rule.locator("select[name=approvals]").select_option("0")
    expect(rule.locator("label.allowance")).to_be_visible()
    rule.locator("select[name=approvals]").select_option("2")
    expect(rule.locator("label.allowance")).to_be_hidden()
    default.locator("input[name=types][value=send_mass_message]").check()
    default.locator("select[name=approvers]").select_option("admins")
    default.locator("input[name=minRecipients]").fill("1000")
    default.locator("button.save-policy").click()
    words = "Send a mass message from 1000 recipients: 2 different people, admins and owners only"
    expect(owner.locator("#workspace-policy .policy-rule")).to_contain_text(words)
    expect(owner.locator("#workspace-policy-result")).to_have_text(
        "The workspace default is saved."
    )
    assert "POST /v1/workspace/policy" in sent
    card = owner.locator(f"#policy-{world.live_account}")
    expect(card).to_contain_text("the workspace default")
    expect(card.locator(".policy-rule")).to_contain_text(words)
    shot(owner, f"policy-workspace-default-{size}")
    detail = httpx.get(
        f"{base}/v1/accounts/{world.live_account}",
        headers={"Authorization": f"Bearer {world.live_key}"},
    ).json()["data"]
    assert detail["policy"] == {
        "rules": [
            {
                "types": ["send_mass_message"],
                "approvals": 2,
                "approvers": "admins",
                "minPriceCents": None,
                "minRecipients": 1000,
            }
        ],
        "source": "workspace",
        "limits": [],
    }

    # A daily limit on the default: the account following it shows it with today's use.
    default.locator(".add-limit summary").click()
    default.locator("input[name=limitTypes][value=send_message]").check()
    default.locator("input[name=perDay]").fill("1")
    default.locator("button.save-policy").click()
    expect(default.locator(".limit-rule")).to_contain_text("At most 1 a day: Send a message")
    expect(card.locator(".limit-use")).to_contain_text("Send a message: 0 of 1 in the last 24")
    made = api_action(base, world, f"limit-{size}", "<p>One today</p>")
    owner.reload()
    expect(card.locator(".limit-use")).to_contain_text("1 of 1 in the last 24 hours; more are")
    open_action(owner, base, made["id"])  # the approver sees the limit is reached
    expect(owner.locator("#near-limits")).to_contain_text("1 of 1 Send a message")
    owner.goto(base + "/dashboard/accounts")
    if size == "desktop":  # the account card takes the page's width, its policy beside
        main = owner.locator("main").bounding_box()
        box = owner.locator(f"section.account[data-account-id='{world.live_account}']")
        assert box.bounding_box()["width"] > 0.9 * (main["width"] - 32)
        assert card.bounding_box()["x"] > box.bounding_box()["x"] + 200
    shot(owner, f"accounts-limits-{size}")
    default.locator("input[name=keepLimit]").uncheck()

    # Unticking the rule saves an empty default.
    owner.locator("#workspace-policy input[name=keep]").uncheck()
    owner.locator("#workspace-policy button.save-policy").click()
    expect(owner.locator("#workspace-policy")).to_contain_text("No rules: one approval by any")
    expect(card).to_contain_text("No rules: one approval by any member.")

    member_context = browser.new_context(viewport=SIZES[size])
    member = member_context.new_page()
    sign_in(member, base, MEMBER, start="/dashboard/accounts")
    expect(member.locator("#workspace-policy")).to_contain_text(
        "Owners and admins change approval policies."
    )
    expect(member.locator("#workspace-policy form")).to_have_count(0)
    width = member.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], "nothing overflows sideways"
    owner_context.close()
    member_context.close()


@pytest.mark.parametrize("size", SIZES)
def test_policy_form_shows_the_api_error_when_the_role_changed_meanwhile(
    browser, service, world, database_url, clock, size
):
    """An admin fills in the workspace default while an owner makes them a member: Enter in the
    form sends it, the API answers 403 missing_permission, the form says so, nothing changes."""
    admin = ("ada@agency.test", "admin password 1")

    async def add_admin(store):
        user = await create_user(
            store,
            clock,
            Principal.operator(world.workspace_id),
            admin[0],
            "Ada Admin",
            admin[1],
            "admin",
            passwords=PASSWORDS,
        )
        return user.id

    admin_id = run_store(database_url, add_admin)
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    sign_in(page, base := service.base_url, admin, start="/dashboard/accounts")
    form = page.locator("#workspace-policy-form")
    form.locator("input[name=types][value=send_message]").check()

    async def demote(store):
        await change_role(store, clock, world.owner, admin_id, "member")

    run_store(database_url, demote)
    form.locator("input[name=minPriceCents]").fill("5000")
    form.locator("input[name=minPriceCents]").press("Enter")  # focus stays in the form
    result = page.locator("#workspace-policy-result")
    expect(result).to_have_text("As a member you cannot change approval policies.")
    expect(result).to_have_attribute("data-error-code", "missing_permission")
    shot(page, f"policy-refused-{size}")
    detail = httpx.get(
        f"{base}/v1/accounts/{world.live_account}",
        headers={"Authorization": f"Bearer {world.live_key}"},
    ).json()["data"]
    assert detail["policy"] == {"rules": [], "source": "workspace", "limits": []}
    context.close()


def test_policy_form_sends_every_field_of_a_rule_and_keeps_the_others_as_they_were(
    browser, service, world
):
    """The form's fields are named by the rule itself: an allowance with every threshold and an
    escalation is saved as the API stores it, and saving again with a second rule sends the
    first back unchanged. An allowance without its size is refused by name."""
    base = service.base_url
    context = browser.new_context(viewport=SIZES["desktop"])
    owner = context.new_page()
    sign_in(owner, base, OWNER, start="/dashboard/accounts")
    card = owner.locator(f"#policy-{world.live_account}")
    rule = card.locator("fieldset.add-rule")
    rule.locator("input[name=types][value=send_message]").check()
    rule.locator("select[name=approvals]").select_option("0")
    rule.locator("input[name=maxPerDay]").fill("25")
    rule.locator("select[name=approvers]").select_option("admins")
    rule.locator("input[name=minPriceCents]").fill("500")
    rule.locator("input[name=minRecipients]").fill("10")
    rule.locator("input[name=escalateAfterMinutes]").fill("30")
    card.locator("button.save-policy").click()
    card = owner.locator(f"#policy-{world.live_account}")
    expect(card.locator(".policy-rule")).to_contain_text(
        "Send a message from $5.00 from 10 recipients: approved by the policy, up to 25 per "
        "account in any 24 hours; then 1 approval, admins and owners only; escalated after 30"
    )
    allowance = {
        "types": ["send_message"],
        "approvals": 0,
        "approvers": "admins",
        "minPriceCents": 500,
        "minRecipients": 10,
        "maxPerDay": 25,
        "escalateAfterMinutes": 30,
    }
    headers = {"Authorization": f"Bearer {world.live_key}"}
    detail = httpx.get(f"{base}/v1/accounts/{world.live_account}", headers=headers)
    assert detail.json()["data"]["policy"]["rules"] == [allowance]

    # A second rule: the first goes back as the page holds it, the hidden size left out.
    card.locator("input[name=types][value=send_mass_message]").check()
    card.locator("select[name=approvals]").select_option("0")
    card.locator("input[name=maxPerDay]").fill("7")
    card.locator("select[name=approvals]").select_option("2")
    card.locator("button.save-policy").click()
    card = owner.locator(f"#policy-{world.live_account}")
    expect(card.locator(".policy-rule")).to_have_count(2)
    detail = httpx.get(f"{base}/v1/accounts/{world.live_account}", headers=headers)
    assert detail.json()["data"]["policy"]["rules"] == [
        allowance,
        {
            "types": ["send_mass_message"],
            "approvals": 2,
            "approvers": "members",
            "minPriceCents": None,
            "minRecipients": None,
        },
    ]

    # An allowance without its size: the API's refusal, naming the field, and nothing changes.
    card.locator("input[name=types][value=send_message]").check()
    card.locator("select[name=approvals]").select_option("0")
    card.locator("button.save-policy").click()
    result = owner.locator(f"#policy-result-{world.live_account}")
    expect(result).to_contain_text("maxPerDay")
    expect(result).to_have_attribute("data-error-code", "invalid_parameter")
    detail = httpx.get(f"{base}/v1/accounts/{world.live_account}", headers=headers)
    assert len(detail.json()["data"]["policy"]["rules"]) == 2
    context.close()
