"""Warnings from synced data for the types beyond messages (both drivers, a real sync of the
fake platform first): what the last sync lacks is named (a message, a mass message, a vault
list, a post), a vault list name already taken is flagged (not when a list is renamed to its
own name), and nothing is said before a family was ever synced. The approval page shows the
queued text beside the new one and the media as thumbnails."""

from __future__ import annotations

import re

from service.synced.syncer import sync_account
from tests.dashboard.dashboard_helpers import sign_in


async def _sync(linked):
    linked.services.clock.advance(seconds=1)
    account = await sync_account(
        linked.services.syncing, linked.world.workspace_id, linked.creator_id
    )
    assert account.status == "healthy"
    return linked.platform.state.creator(linked.creator_id)


async def _create(linked, kind, params, key):
    response = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json={"type": kind, "params": params},
        headers={**linked.world.auth(), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


def _codes(action):
    return [(w["code"], w["param"]) for w in action["warnings"]]


async def test_before_any_sync_nothing_is_claimed(linked):
    action = await _create(linked, "delete_vault_list", {"listId": "nope"}, "w0")
    assert _codes(action) == []


async def test_what_the_last_sync_lacks_is_a_warning_naming_the_param(linked):
    me = await _sync(linked)
    vault_list = next(iter(me.vault_lists.values()))
    post = next(p for p in me.posts.values() if p.scheduled_for is None)
    message = next(m for ms in me.chats.values() for m in ms)
    mass_id = next(iter(me.queue))
    event = {"action": "view", "eventTime": "2026-11-25T09:30:00Z", "duration": 3}
    cases = [
        ("like_message", {"messageId": "404404"}, [("message_not_found", "messageId")]),
        ("like_message", {"messageId": message.id}, []),
        (
            "edit_mass_message",
            {"massMessageId": "404", "text": "x"},
            [("mass_message_not_found", "massMessageId")],
        ),
        ("edit_mass_message", {"massMessageId": mass_id, "text": "x"}, []),
        ("delete_vault_list", {"listId": "404"}, [("vault_list_not_found", "listId")]),
        (
            "create_vault_list",
            {"name": vault_list.name.upper()},
            [("vault_list_name_taken", "name")],
        ),
        ("rename_vault_list", {"listId": vault_list.id, "name": vault_list.name}, []),
        (
            "add_media_to_vault_list",
            {"listId": vault_list.id, "mediaIds": ["404"]},
            [("media_not_found", "mediaIds[0]")],
        ),
        (
            "report_post_views",
            {"events": [{"postId": post.id, **event}, {"postId": "404", **event}]},
            [("post_not_found", "events[1].postId")],
        ),
    ]
    for i, (kind, params, expected) in enumerate(cases):
        action = await _create(linked, kind, params, f"w{i}")
        assert _codes(action) == expected, (kind, action["warnings"])
    taken = await _create(linked, "create_vault_list", {"name": vault_list.name}, "taken")
    assert vault_list.name in taken["warnings"][0]["message"]


async def test_the_approval_page_shows_the_text_diff_and_the_media(linked):
    me = await _sync(linked)
    entry = next(iter(me.queue.values()))
    edit = await _create(
        linked, "edit_mass_message", {"massMessageId": entry.id, "text": "VIP weekend sale"}, "e"
    )
    vault_list = next(iter(me.vault_lists.values()))
    media = [m for m in me.media if m not in vault_list.media_ids][:2]
    add = await _create(
        linked, "add_media_to_vault_list", {"listId": vault_list.id, "mediaIds": media}, "a"
    )
    await sign_in(linked.client)
    page = (await linked.client.get(f"/dashboard/actions/{edit['id']}")).text
    assert 'id="context-diff"' in page and "VIP weekend special" in page
    assert re.search(r"<del>[^<]*special[^<]*</del>", page)
    assert re.search(r"<ins>[^<]*sale[^<]*</ins>", page)
    page = (await linked.client.get(f"/dashboard/actions/{add['id']}")).text
    assert f"{vault_list.name}</span>" in page
    for media_id in media:
        assert f'data-media-id="{media_id}"' in page
        assert f"https://cdn.platform.test/vault/{media_id}/preview.jpg" in page
