"""Edit before approve in real headless Chromium, at desktop and phone size, on both drivers:
each editable field changed on the action page, approved through
`POST /v1/actions/{id}/approve` with `params`, run by the executor against the fake platform
over real HTTP, and the platform's write log (its control API) holding exactly the edited
params. Widening and a second approval by the same person show the API's error on the form
and change nothing."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from harness.platform import run_platform_in_thread
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.kit.crypto import SecretBox
from tests.dashboard.journeys_kit import seed_team
from tests.dashboard.live_service import live_service, run_store
from tests.dashboard.test_dashboard_browser import OWNER, shot, sign_in
from tests.dashboard.test_policies_browser import SIZES, open_action, posts
from tests.factories import add_live_account

pytestmark = pytest.mark.browser

SECRET = "browser-test-secret"  # live_service's secret_key: the account's session opens with it
WAIT_MS = 20_000


@pytest.fixture
def platform():
    with run_platform_in_thread(seed=7) as running:
        yield running


@pytest.fixture
def world(database_url, clock, platform):
    """The usual world plus a live account linked to the fake platform's creator Mia (a sealed
    platform session, her fan lists as a sync would have left them), and a member."""
    creator = platform.state.creator_by_email("mia@creators.test")
    session = platform.state.create_session(creator.user_id)
    fan_lists = [
        {"id": fl.id, "name": fl.name, "fansCount": len(fl.user_ids)}
        for fl in creator.lists.values()
    ]

    async def seed(store):
        world = await seed_team(store, clock)
        await add_live_account(
            store,
            clock,
            world.workspace_id,
            creator.user_id,
            creator.username,
            session_secret=SecretBox(SECRET).seal(session.token),
            fan_lists=fan_lists,
        )
        return world

    return run_store(database_url, seed)


@pytest.fixture
def service(database_url, clock, world, platform):
    with live_service(database_url, clock, platform.base_url) as running:
        assert running.settings.secret_key == SECRET
        yield running


def ask(base: str, world, account: str, idem: str, type_: str, params: dict) -> dict:
    response = httpx.post(
        f"{base}/v1/accounts/{account}/actions",
        headers={**world.auth(), "Idempotency-Key": idem},
        json={"type": type_, "params": params},
        timeout=30,
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


def read(base: str, world, action_id: str) -> dict:
    response = httpx.get(f"{base}/v1/actions/{action_id}", headers=world.auth(), timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["data"]


def writes(platform, creator_id: str) -> list[dict]:
    """The fake platform's write log, read through its control API."""
    response = httpx.get(
        f"{platform.base_url}/_control/writes",
        params={"userId": creator_id},
        timeout=30,  # httpx's 5 s default ran out on a busy machine, as in ask() and read()
    )
    assert response.status_code == 200, response.text
    return response.json()["list"]


def on_the_wire(params: dict) -> dict:
    """What the platform receives for these params (its wire: media as `mediaFiles`, lists as
    `userLists`, the price in dollars)."""
    body: dict = {"text": params["text"], "mediaFiles": params.get("mediaIds", [])}
    if "audience" in params:
        audience = params["audience"]
        body |= {
            "userLists": audience.get("listIds", []),
            "userIds": audience.get("fanIds", []),
            "excludeUserLists": audience.get("excludeListIds", []),
        }
    if params.get("priceCents"):
        body["price"] = params["priceCents"] / 100
    return body


def save_edit(page: Page) -> None:
    page.click("#edit-approve")


def executed(page: Page) -> None:
    expect(page.locator("#action-status")).to_have_text("executed", timeout=WAIT_MS)


@pytest.mark.parametrize("size", SIZES)
def test_edit_each_field_then_the_platform_gets_exactly_that(
    browser, service, world, platform, database_url, clock, size
):
    base = service.base_url
    mia = platform.state.creator_by_email("mia@creators.test")
    fans, lists, media = list(mia.fans)[:2], list(mia.lists)[:3], list(mia.media)[:2]
    context = browser.new_context(viewport=SIZES[size])
    owner = context.new_page()
    sent = posts(owner, base)
    sign_in(owner, base, OWNER)

    # A paid message with two media: a higher price is refused on the form, nothing changes.
    asked = {"fanId": fans[0], "text": "<p>Helo fans</p>", "priceCents": 900, "mediaIds": media}
    message = ask(base, world, mia.user_id, f"m-{size}", "send_message", asked)
    open_action(owner, base, message["id"])
    owner.locator("#edit summary").click()
    owner.fill("#edit-price", "1000")
    save_edit(owner)
    error = owner.locator("#edit-error")
    expect(error).to_be_visible()
    expect(error).to_have_text("The price can only be lowered before approval (asked: 900 cents).")
    expect(error).to_have_attribute("data-error-code", "invalid_parameter")
    shot(owner, f"edit-widening-refused-{size}")
    unchanged = read(base, world, message["id"])
    assert unchanged["status"] == "pending" and unchanged["params"] == message["params"]
    assert unchanged.get("editedBy") is None and unchanged["approvals"] == []
    assert writes(platform, mia.user_id) == []

    # New text (the preview follows it), a lower price, one media item removed: approved.
    owner.fill("#edit-text", "Hello <b>fans</b>")
    expect(owner.locator("#edit-preview b")).to_have_text("fans")
    owner.fill("#edit-price", "500")
    owner.locator(f"#edit-media input[value='{media[1]}']").uncheck()
    save_edit(owner)
    executed(owner)
    expect(owner.locator("#edited")).to_contain_text("Edited by Olive Owner")
    expect(owner.locator("#message-preview b")).to_have_text("fans")
    done = read(base, world, message["id"])
    edited = {
        "fanId": fans[0],
        "text": "Hello <b>fans</b>",
        "priceCents": 500,
        "mediaIds": media[:1],
    }
    assert done["params"] == edited and done["requestedParams"] == message["params"]
    [write] = writes(platform, mia.user_id)
    assert write["route"] == "POST /chats/:id/messages" and write["pathParams"]["id"] == fans[0]
    assert (
        write["body"]
        == on_the_wire(edited)
        == {
            "text": "Hello <b>fans</b>",
            "mediaFiles": media[:1],
            "price": 5.0,
        }
    )

    # A mass message: a list and a fan removed, a list excluded.
    audience = {"listIds": lists[:2], "fanIds": fans}
    mass = ask(
        base,
        world,
        mia.user_id,
        f"s-{size}",
        "send_mass_message",
        {"text": "<p>New set</p>", "audience": audience},
    )
    open_action(owner, base, mass["id"])
    owner.locator("#edit summary").click()
    owner.locator(f"#edit-lists input[value='{lists[1]}']").uncheck()
    owner.locator(f"#edit-fans input[value='{fans[1]}']").uncheck()
    owner.locator(f"#edit-exclude-lists input[value='{lists[2]}']").check()
    shot(owner, f"edit-audience-{size}")
    save_edit(owner)
    executed(owner)
    done = read(base, world, mass["id"])
    narrowed = {
        "text": "<p>New set</p>",
        "audience": {"listIds": lists[:1], "fanIds": fans[:1], "excludeListIds": lists[2:3]},
    }
    assert done["params"] == narrowed and done["requestedParams"] == mass["params"]
    [_, write] = writes(platform, mia.user_id)
    assert write["route"] == "POST /messages/queue"
    assert (
        write["body"]
        == on_the_wire(narrowed)
        == {
            "text": "<p>New set</p>",
            "mediaFiles": [],
            "userLists": lists[:1],
            "userIds": fans[:1],
            "excludeUserLists": lists[2:3],
        }
    )
    # Each try went to the endpoint a script calls; the dashboard only rendered the preview.
    assert sent.count(f"POST /v1/actions/{message['id']}/approve") == 2
    assert sent.count(f"POST /v1/actions/{mass['id']}/approve") == 1
    assert {p for p in sent if p.startswith("POST /dashboard/")} <= {
        "POST /dashboard/sign-in",
        "POST /dashboard/preview",
    }
    width = owner.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], "nothing overflows sideways"
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_edit_after_approving_in_another_tab_shows_why_and_changes_nothing(
    browser, service, world, platform, database_url, clock, size
):
    """Two tabs of one person under a two-person rule: the first approves, the second (its edit
    form still open) is refused with the API's missing_permission, shown on the form."""
    base = service.base_url
    mia = platform.state.creator_by_email("mia@creators.test")

    async def two_people(store):
        await set_account_policy(
            store,
            clock,
            world.owner,
            mia.user_id,
            parse_rules([{"types": ["send_message"], "approvals": 2, "approvers": "members"}]),
        )

    run_store(database_url, two_people)
    asked = {"fanId": next(iter(mia.fans)), "text": "<p>See you</p>"}
    action = ask(base, world, mia.user_id, f"t-{size}", "send_message", asked)
    context = browser.new_context(viewport=SIZES[size])
    first, second = context.new_page(), context.new_page()
    sign_in(first, base, OWNER)
    open_action(first, base, action["id"])
    open_action(second, base, action["id"])
    second.locator("#edit summary").click()
    second.fill("#edit-text", "See you soon")
    first.click("#approve")
    expect(first.locator("#approvals-needed")).to_contain_text("Needs 1 more approval")
    save_edit(second)
    error = second.locator("#edit-error")
    expect(error).to_contain_text("You already approved this action")
    expect(error).to_have_attribute("data-error-code", "missing_permission")
    shot(second, f"edit-second-approval-refused-{size}")
    now = read(base, world, action["id"])
    assert now["status"] == "pending" and now["params"] == action["params"]
    assert [a["email"] for a in now["approvals"]] == [OWNER[0]]
    assert now.get("editedBy") is None
    assert writes(platform, mia.user_id) == []
    context.close()
