"""Every action type beyond messages and fan lists, end to end on both databases: created over
REST with a live key, approved, run by the executor against the fake platform, and checked
against the fake's state (the chat reads as read, the message shows liked, the queued text
changed, the vault list exists with its media, the media is hidden...); then the same type
with a test key on a sandbox creator, which runs the sandbox's checks and ends simulated.

One test per type runs both modes, so a type costs one platform and one database per driver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from attrs import frozen

from service.actions.types import type_of
from service.runtime.runner import executor_for
from tests.execution.test_executor import approve

Creator = Any  # harness.platform.models.Creator
Content = dict[str, Any]  # the sandbox creator's content (service/platform/sandbox_content.py)


@frozen
class Case:
    live: Callable[[Creator, Any], dict[str, Any]]
    """Arranges the fake creator's state and returns the params (given the platform state)."""
    check: Callable[[Creator, dict[str, Any], dict[str, Any]], None]
    """Asserts the fake's state after the write: (creator, params as stored, result)."""
    sandbox: Callable[[dict[str, Any], Content, list[dict[str, Any]]], dict[str, Any]]
    """Params naming the sandbox creator's data: (creator, content, the workspace's creators)."""


def _chat(me: Creator) -> str:
    fan_id = next(f for f, messages in me.chats.items() if messages)
    for message in me.chats[fan_id]:
        message.read = False
    return fan_id


def _message(me: Creator, liked: bool) -> str:
    message = next(m for messages in me.chats.values() for m in messages)
    message.liked = liked
    return message.id


def _vault_list(me: Creator) -> Any:
    return next(v for v in me.vault_lists.values() if v.media_ids)


def _not_in(me: Creator, vault_list: Any) -> list[str]:
    return [m for m in me.media if m not in vault_list.media_ids][:2]


def _unfollowed(me: Creator, state: Any) -> str:
    other = next(uid for uid in state.creators if uid != me.user_id)
    if other in me.following:
        me.following.remove(other)
    return other


def _unread(me: Creator) -> dict[str, Any]:
    for note in me.notifications:
        note.read = False
    return {}


def _visits(me: Creator) -> dict[str, Any]:
    me.profile_visits = 3
    return {}


def _views(me: Creator) -> dict[str, Any]:
    me.profile_views = 5
    return {}


def _post(me: Creator) -> str:
    return next(p.id for p in me.posts.values() if p.scheduled_for is None)


def _story(me: Creator) -> str:
    story = next(iter(me.stories.values()))
    story.watched = False
    return story.id


def _other(creators: list[dict[str, Any]], me: dict[str, Any]) -> str:
    return str(next(c["id"] for c in creators if c["id"] != me["id"]))


def _renamed(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    assert me.vault_lists[p["listId"]].name == "Beach set (June)"
    assert r == {"listId": p["listId"], "name": "Beach set (June)", "renamed": True}


def _edited(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    entry = me.queue[p["massMessageId"]]
    assert entry.text == p["text"] == "<p>Now 20% off &amp; free shipping</p>"
    copies = [m for ms in me.chats.values() for m in ms if m.mass_message_id == entry.id]
    assert copies and all(m.text == p["text"] for m in copies)
    assert r == {"massMessageId": entry.id, "edited": True}


def _created(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    made = me.vault_lists[r["listId"]]
    assert made.name == "Summer 2026" and made.media_ids == []
    assert r == {"listId": made.id, "name": "Summer 2026"}


def _added(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    assert set(p["mediaIds"]) <= set(me.vault_lists[p["listId"]].media_ids)
    assert r == {"listId": p["listId"], "mediaIds": p["mediaIds"], "inList": True}


def _removed(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    assert not set(p["mediaIds"]) & set(me.vault_lists[p["listId"]].media_ids)
    assert r == {"listId": p["listId"], "mediaIds": p["mediaIds"], "inList": False}


def _hidden(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    assert all(me.media[m].hidden for m in p["mediaIds"])
    assert r == {"mediaIds": p["mediaIds"], "hidden": True}


def _reported(me: Creator, p: dict[str, Any], r: dict[str, Any]) -> None:
    assert me.posts[p["events"][0]["postId"]].view_events == p["events"]
    assert r == {"reported": 1}


EVENT = {"action": "view", "eventTime": "2026-11-25T09:30:00Z", "duration": 12}

CASES: dict[str, Case] = {
    "mark_chat_read": Case(
        lambda me, state: {"fanId": _chat(me)},
        lambda me, p, r: _assert(
            all(m.read for m in me.chats[p["fanId"]]), r == {"fanId": p["fanId"], "read": True}
        ),
        lambda c, content, all_: {"fanId": c["fans"][0]["id"]},
    ),
    "like_message": Case(
        lambda me, state: {"messageId": _message(me, liked=False)},
        lambda me, p, r: _assert(
            me.find_message(p["messageId"]).liked is True,
            r == {"messageId": p["messageId"], "liked": True},
        ),
        lambda c, content, all_: {"messageId": "5000000001"},
    ),
    "unlike_message": Case(
        lambda me, state: {"messageId": _message(me, liked=True)},
        lambda me, p, r: _assert(
            me.find_message(p["messageId"]).liked is False,
            r == {"messageId": p["messageId"], "liked": False},
        ),
        lambda c, content, all_: {"messageId": "5000000001"},
    ),
    "edit_mass_message": Case(
        lambda me, state: {
            "massMessageId": next(iter(me.queue)),
            "text": "Now 20% off & free shipping",
        },
        _edited,
        lambda c, content, all_: {"massMessageId": "5000000002", "text": "Now 20% off"},
    ),
    "create_vault_list": Case(
        lambda me, state: {"name": "Summer 2026"},
        _created,
        lambda c, content, all_: {"name": "Summer 2026"},
    ),
    "rename_vault_list": Case(
        lambda me, state: {"listId": _vault_list(me).id, "name": "Beach set (June)"},
        _renamed,
        lambda c, content, all_: {"listId": content["vaultLists"][0]["id"], "name": "June"},
    ),
    "delete_vault_list": Case(
        lambda me, state: {"listId": _vault_list(me).id},
        lambda me, p, r: _assert(
            p["listId"] not in me.vault_lists, r == {"listId": p["listId"], "deleted": True}
        ),
        lambda c, content, all_: {"listId": content["vaultLists"][0]["id"]},
    ),
    "add_media_to_vault_list": Case(
        lambda me, state: {
            "listId": (v := _vault_list(me)).id,
            "mediaIds": _not_in(me, v),
        },
        _added,
        lambda c, content, all_: {
            "listId": content["vaultLists"][0]["id"],
            "mediaIds": [m["id"] for m in content["media"][:2]],
        },
    ),
    "remove_media_from_vault_list": Case(
        lambda me, state: {
            "listId": (v := _vault_list(me)).id,
            "mediaIds": v.media_ids[:2],
        },
        _removed,
        lambda c, content, all_: {
            "listId": content["vaultLists"][0]["id"],
            "mediaIds": content["vaultLists"][0]["mediaIds"][:1],
        },
    ),
    "hide_vault_media": Case(
        lambda me, state: {
            "mediaIds": [m.id for m in me.media.values() if not m.hidden][:2],
            "hidden": True,
        },
        _hidden,
        lambda c, content, all_: {"mediaIds": [content["media"][0]["id"]], "hidden": True},
    ),
    "subscribe_to_user": Case(
        lambda me, state: {"userId": _unfollowed(me, state)},
        lambda me, p, r: _assert(
            p["userId"] in me.following, r == {"userId": p["userId"], "subscribed": True}
        ),
        lambda c, content, all_: {"userId": _other(all_, c)},
    ),
    "unsubscribe_from_user": Case(
        lambda me, state: {"userId": me.following[0]},
        lambda me, p, r: _assert(
            p["userId"] not in me.following, r == {"userId": p["userId"], "subscribed": False}
        ),
        lambda c, content, all_: {"userId": _other(all_, c)},
    ),
    "mark_notifications_read": Case(
        lambda me, state: _unread(me),
        lambda me, p, r: _assert(all(n.read for n in me.notifications), r == {"read": True}),
        lambda c, content, all_: {},
    ),
    "record_profile_visit": Case(
        lambda me, state: _visits(me),
        lambda me, p, r: _assert(me.profile_visits == 4, r == {"visited": True}),
        lambda c, content, all_: {},
    ),
    "record_profile_view": Case(
        lambda me, state: _views(me),
        lambda me, p, r: _assert(me.profile_views == 6, r == {"viewed": True}),
        lambda c, content, all_: {},
    ),
    "report_post_views": Case(
        lambda me, state: {"events": [{"postId": _post(me), **EVENT}]},
        _reported,
        lambda c, content, all_: {"events": [{"postId": content["posts"][0]["id"], **EVENT}]},
    ),
    "mark_story_watched": Case(
        lambda me, state: {"storyId": _story(me)},
        lambda me, p, r: _assert(
            next(s for s in me.stories.values() if s.id == p["storyId"]).watched,
            r == {"storyId": p["storyId"], "watched": True},
        ),
        lambda c, content, all_: {"storyId": content["stories"][0]["id"]},
    ),
}


def _assert(*facts: bool) -> None:
    assert all(facts), facts


async def _create(linked, account: str, key: str, body: dict[str, Any], idem: str):
    response = await linked.client.post(
        f"/v1/accounts/{account}/actions",
        json=body,
        headers={**linked.world.auth(key), "Idempotency-Key": idem},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


async def _run(linked, action_id: str, key: str) -> dict[str, Any]:
    await approve(linked, action_id)
    assert await executor_for(linked.services).run_once() == 1
    response = await linked.client.get(f"/v1/actions/{action_id}", headers=linked.world.auth(key))
    return response.json()["data"]


@pytest.mark.parametrize("kind", sorted(CASES))
async def test_each_type_writes_the_platform_live_and_simulates_in_test_mode(linked, kind):
    case, world = CASES[kind], linked.world
    me = linked.platform.state.creator(linked.creator_id)
    params = case.live(me, linked.platform.state)
    created = await _create(
        linked, linked.creator_id, world.live_key, {"type": kind, "params": params}, f"{kind}-1"
    )
    assert created["status"] == "pending" and created["summary"]
    done = await _run(linked, created["id"], world.live_key)
    assert done["status"] == "executed", done["error"]
    case.check(me, done["params"], done["result"])
    assert [w["route"] for w in linked.writes()] == [type_of(kind).routes[0]]

    # Test mode: a sandbox creator's data, the sandbox's checks, a simulated result.
    sandbox = linked.services.platforms.sandbox
    creators = sandbox.creators(world.workspace_id)
    mine = next(c for c in creators if c["id"] == world.sandbox_accounts[0])
    test_params = case.sandbox(mine, sandbox.content(mine), creators)
    test = await _create(
        linked, mine["id"], world.test_key, {"type": kind, "params": test_params}, f"{kind}-2"
    )
    simulated = await _run(linked, test["id"], world.test_key)
    assert simulated["status"] == "executed", simulated["error"]
    assert simulated["result"] == {"simulated": True} and simulated["mode"] == "test"
    assert len(linked.writes()) == 1  # the test-mode write never reached the platform


@pytest.mark.parametrize(
    "kind, params, code",
    [
        ("delete_vault_list", {"listId": "1"}, "resource_not_found"),
        ("hide_vault_media", {"mediaIds": ["1"], "hidden": True}, "resource_not_found"),
        ("mark_story_watched", {"storyId": "1"}, "resource_not_found"),
        ("subscribe_to_user", {"userId": "1"}, "resource_not_found"),
    ],
)
async def test_the_sandbox_refuses_what_the_platform_would(linked, kind, params, code):
    world = linked.world
    action = await _create(
        linked, world.sandbox_accounts[0], world.test_key, {"type": kind, "params": params}, kind
    )
    failed = await _run(linked, action["id"], world.test_key)
    assert failed["status"] == "failed" and failed["error"]["code"] == code, failed
    assert linked.writes() == []


@pytest.mark.parametrize(
    "kind, params, param",
    [
        ("mark_chat_read", {"fanId": "1", "text": "x"}, "params.text"),
        ("mark_chat_read", {"fanId": 12}, "params.fanId"),
        ("like_message", {}, "params.messageId"),
        ("add_media_to_vault_list", {"listId": "1", "mediaIds": []}, "params.mediaIds"),
        ("remove_media_from_vault_list", {"listId": "1", "mediaIds": "9"}, "params.mediaIds"),
        ("hide_vault_media", {"mediaIds": ["1"], "hidden": "yes"}, "params.hidden"),
        ("create_vault_list", {"name": "x" * 101}, "params.name"),
        ("create_vault_list", {"name": "   "}, "params.name"),
        ("rename_vault_list", {"listId": "1", "name": "a\u0007b"}, "params.name"),
        ("mark_notifications_read", {"all": True}, "params.all"),
        ("report_post_views", {"events": []}, "params.events"),
        (
            "report_post_views",
            {"events": [{"postId": "1", "action": "view", "eventTime": "soon", "duration": 1}]},
            "params.events[0].eventTime",
        ),
        ("edit_mass_message", {"massMessageId": "1", "text": ""}, "params.text"),
    ],
)
async def test_bad_params_are_invalid_parameter_naming_the_field(linked, kind, params, param):
    response = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json={"type": kind, "params": params},
        headers={**linked.world.auth(), "Idempotency-Key": f"bad-{kind}-{param}"},
    )
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", param), error
    assert linked.writes() == []


@pytest.mark.parametrize("kind", ["mark_chat_read", "create_vault_list", "record_profile_view"])
async def test_the_rules_of_every_type_hold_for_the_new_ones(linked, kind):
    """A sandbox creator with a live key is not found; writes off refuse creation."""
    world, params = linked.world, {"fanId": "1"} if kind == "mark_chat_read" else {}
    params = {"name": "Summer"} if kind == "create_vault_list" else params
    body = {"type": kind, "params": params}
    wrong = await linked.client.post(
        f"/v1/accounts/{world.sandbox_accounts[0]}/actions",
        json=body,
        headers={**world.auth(world.live_key), "Idempotency-Key": f"{kind}-live-on-sandbox"},
    )
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (404, "account_not_found")
    async with linked.services.store.transaction() as uow:
        await uow.accounts.update(world.workspace_id, linked.creator_id, writes_enabled=False)
    off = await linked.client.post(
        f"/v1/accounts/{linked.creator_id}/actions",
        json=body,
        headers={**world.auth(), "Idempotency-Key": f"{kind}-off"},
    )
    assert (off.status_code, off.json()["error"]["code"]) == (403, "writes_disabled")
    assert linked.writes() == []
