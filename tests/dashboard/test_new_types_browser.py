"""The approval pages of two of the newer types in real Chromium at phone size, both drivers:
`edit_mass_message` shows the text fans have now beside the new one with the changed words,
and `add_media_to_vault_list` shows the vault list and its media as thumbnails, from synced
data. docs/approval-edit-mass-message-phone.png and docs/approval-vault-media-phone.png are
their screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.dashboard.journeys_kit import no_overflow, open_as
from tests.dashboard.live_service import clean, run_store
from tests.dashboard.test_approval_context_browser import api
from tests.dashboard.test_dashboard_browser import ROOT, shot, write_whole
from tests.factories import build_world

pytestmark = pytest.mark.browser
MASS_ID = "9100000001"
NOW_TEXT = "<p>VIP weekend special: 3 new sets, 20% off until Sunday</p>"


@pytest.fixture
def world(database_url, clock):
    async def seed(store):
        await clean(store)
        return await build_world(store, clock)

    return run_store(database_url, seed)


def _queued_copies(database_url, world, fan_ids):
    """What a sync leaves of a mass message: one copy in each chat it reached."""

    async def job(store):
        copies = [
            {
                "id": f"91000001{i:02d}",
                "fanId": fan_id,
                "fromCreator": True,
                "text": NOW_TEXT,
                "price": None,
                "mediaIds": [],
                "massMessageId": MASS_ID,
                "createdAt": "2026-11-25T09:30:00.000Z",
            }
            for i, fan_id in enumerate(fan_ids)
        ]
        async with store.transaction() as uow:
            await uow.synced.add_messages(world.workspace_id, world.sandbox_accounts[0], copies)

    run_store(database_url, job)


def test_the_mass_message_edit_and_the_vault_media_approval_pages(
    browser, service, world, database_url
):
    base, key = service.base_url, world.test_key
    sandbox = world.sandbox_accounts[0]
    chats = api(base, key, f"/v1/accounts/{sandbox}/chats?limit=3")
    _queued_copies(database_url, world, [c["fanId"] for c in chats])

    edit = api(
        base,
        key,
        f"/v1/accounts/{sandbox}/actions",
        {
            "type": "edit_mass_message",
            "params": {
                "massMessageId": MASS_ID,
                "text": "VIP weekend special: 4 new sets, 25% off until Monday",
            },
        },
        "types-edit",
    )
    assert edit["warnings"] == []
    page = open_as(browser, base, phone=True, start=f"/dashboard/actions/{edit['id']}")
    expect(page.locator("#context-diff-current")).to_contain_text("3 new sets, 20% off")
    expect(page.locator("#context-diff-new")).to_contain_text("4 new sets, 25% off")
    expect(page.locator("#context-diff")).to_contain_text(f"{len(chats)} copies")
    words = page.locator("#context-diff-words")
    expect(words.locator("del")).to_have_text(["3", "20%", "Sunday"])
    expect(words.locator("ins")).to_have_text(["4", "25%", "Monday"])
    expect(page.locator("#type-description")).to_contain_text("edit_mass_message")
    no_overflow(page)
    shot(page, "approval-edit-mass-message-phone-full")
    page.evaluate("document.getElementById('context').scrollIntoView({block: 'start'})")
    picture = shot(page, "approval-edit-mass-message-phone", full_page=False)
    if database_url.startswith("sqlite"):
        write_whole(ROOT / "docs" / "approval-edit-mass-message-phone.png", picture)

    vault_list = api(base, key, f"/v1/accounts/{sandbox}/vault/lists")[0]
    media = api(base, key, f"/v1/accounts/{sandbox}/vault/media?limit=6")
    chosen = [m["id"] for m in media][:6]
    add = api(
        base,
        key,
        f"/v1/accounts/{sandbox}/actions",
        {
            "type": "add_media_to_vault_list",
            "params": {"listId": vault_list["id"], "mediaIds": [*chosen, "404"]},
        },
        "types-vault",
    )
    page.goto(f"{base}/dashboard/actions/{add['id']}")
    expect(page.locator("#context-vault-list")).to_contain_text(vault_list["name"])
    tiles = page.locator("#context-media li")
    expect(tiles).to_have_count(len(chosen) + 1)
    kinds = {m["id"]: m["type"] for m in media}
    for media_id in chosen:  # each synced item's tile names its type (its preview is an image)
        tile = page.locator(f'#context-media li[data-media-id="{media_id}"] .label')
        expect(tile).to_have_text(kinds[media_id])
    expect(page.locator('#context-media li[data-media-id="404"]')).to_contain_text("not synced")
    no_overflow(page)
    page.evaluate("document.getElementById('context').scrollIntoView({block: 'start'})")
    picture = shot(page, "approval-vault-media-phone", full_page=False)
    if database_url.startswith("sqlite"):
        write_whole(ROOT / "docs" / "approval-vault-media-phone.png", picture)
    page.context.close()
