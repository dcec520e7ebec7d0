"""The syncer asks the platform only for what changed: a counting fake platform proves which
calls a sync makes, and the served data proves nothing was lost (both drivers)."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest

from harness.platform.models import Fan as PlatformFan
from harness.platform.models import Message
from service.app import create_app, outgoing_http
from service.runtime.runner import executor_for
from service.synced.syncer import sync_account
from tests.execution.test_executor import approve, create
from tests.factories import build_world
from tests.platform_world import Linked, link_creator
from tests.synced.conftest import synced_settings

MESSAGES = "GET /chats/:/messages"  # the fake counts routes with parameter names dropped


async def sync(linked) -> dict[str, int]:
    """One sync; the calls it made, by route."""
    state = linked.platform.state
    state.calls.clear()
    linked.services.clock.advance(seconds=1)
    account = await sync_account(
        linked.services.syncing, linked.world.workspace_id, linked.creator_id
    )
    assert account.status == "healthy"
    return state.calls_by_route(linked.creator_id)


def chats_with_messages(creator) -> list[str]:
    return [fid for fid, msgs in creator.chats.items() if msgs and fid in creator.fans]


def add_messages(linked, fan_id: str, count: int) -> list[str]:
    state = linked.platform.state
    creator = state.creator(linked.creator_id)
    ids = []
    with state.lock:
        for n in range(count):
            message = Message(
                id=state.new_id(),
                fan_id=fan_id,
                from_creator=False,
                text=f"<p>new message {n}</p>",
                price=0,
                media_ids=[],
                created_at=state.now() + dt.timedelta(seconds=n + 1),
            )
            creator.chats[fan_id].append(message)
            ids.append(message.id)
    return ids


async def messages_of(linked, fan_id: str) -> list[str]:
    response = await linked.client.get(
        f"/v1/accounts/{linked.creator_id}/chats/{fan_id}/messages?limit=100",
        headers=linked.world.auth(),
    )
    assert response.status_code == 200, response.text
    return [m["id"] for m in response.json()["data"]]


async def test_second_sync_with_nothing_changed_reads_no_messages_and_no_fans(linked):
    creator = linked.platform.state.creator(linked.creator_id)
    first = await sync(linked)
    assert first[MESSAGES] == len(chats_with_messages(creator))
    assert first["GET /subscriptions/subscribers"] >= 2
    second = await sync(linked)
    assert MESSAGES not in second
    assert second["GET /chats"] == 1  # the first chat on the first page is already held
    for skipped in ("GET /subscriptions/subscribers", "GET /vault/media", "GET /posts"):
        assert skipped not in second, skipped
    assert sum(second.values()) * 4 < sum(first.values())
    fan_id = chats_with_messages(creator)[0]
    assert await messages_of(linked, fan_id) == [m.id for m in reversed(creator.chats[fan_id])]


async def test_new_messages_fetch_only_their_chats_and_only_down_to_what_is_held(linked):
    creator = linked.platform.state.creator(linked.creator_id)
    await sync(linked)
    quiet, busy, other = chats_with_messages(creator)[:3]
    held_before = {fid: await messages_of(linked, fid) for fid in (quiet, busy, other)}
    new_busy = add_messages(linked, busy, 3)
    new_other = add_messages(linked, other, 1)
    calls = await sync(linked)
    # One call per changed chat: 3 and 1 new messages each fit in the first page, which also
    # holds the newest message already synced, so paging stops there.
    assert calls[MESSAGES] == 2
    assert calls["GET /chats"] == 1
    assert await messages_of(linked, busy) == list(reversed(new_busy)) + held_before[busy]
    assert await messages_of(linked, other) == new_other + held_before[other]
    assert await messages_of(linked, quiet) == held_before[quiet]
    again = await sync(linked)
    assert MESSAGES not in again


async def test_a_new_fan_or_the_full_interval_rereads_the_fans(linked):
    await sync(linked)
    state = linked.platform.state
    with state.lock:
        state.creator(linked.creator_id).fans["777000222"] = PlatformFan(
            id="777000222",
            username="new.fan",
            name="New Fan",
            avatar="",
            subscribed_at=state.now(),
            expired_at=None,
            price_cents=999,
        )
    calls = await sync(linked)
    assert calls["GET /subscriptions/subscribers"] >= 2
    fan = await linked.client.get(
        f"/v1/accounts/{linked.creator_id}/fans/777000222", headers=linked.world.auth()
    )
    assert fan.status_code == 200
    assert "GET /subscriptions/subscribers" not in await sync(linked)
    linked.services.clock.advance(hours=6)
    full = await sync(linked)
    for family in ("GET /subscriptions/subscribers", "GET /posts", "GET /vault/media"):
        assert family in full, family
    assert MESSAGES not in full  # chats stay incremental


@pytest.fixture
async def small_windows(store, clock, fake_platform, tmp_path):
    settings = synced_settings(
        fake_platform.base_url, tmp_path, sync_messages_per_chat=2, sync_chats=3, sync_items=4
    )
    app = create_app(settings, store=store, clock=clock)
    world = await build_world(store, clock)
    creator = await link_creator(app.state.services, fake_platform, world.workspace_id, clock)
    transport = httpx.ASGITransport(app=app)
    async with (
        outgoing_http(app.state.services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c,
    ):
        yield Linked(app, c, app.state.services, fake_platform, world, creator.user_id)


async def test_windows_bound_what_is_kept(small_windows):
    linked = small_windows
    creator = linked.platform.state.creator(linked.creator_id)
    first = await sync(linked)
    assert first[MESSAGES] == 3  # only the 3 most recent chats
    chats = (
        await linked.client.get(
            f"/v1/accounts/{linked.creator_id}/chats?limit=100", headers=linked.world.auth()
        )
    ).json()["data"]
    assert len(chats) == 3
    for chat in chats:
        held = await messages_of(linked, chat["fanId"])
        assert held == [m.id for m in reversed(creator.chats[chat["fanId"]])][:2]
    newest = chats[0]["fanId"]
    added = add_messages(linked, newest, 5)
    calls = await sync(linked)
    assert calls[MESSAGES] == 1  # a window's worth, then it stops
    assert await messages_of(linked, newest) == list(reversed(added))[:2]
    posts = (
        await linked.client.get(
            f"/v1/accounts/{linked.creator_id}/posts?limit=100", headers=linked.world.auth()
        )
    ).json()["data"]
    assert len(posts) == 4


async def test_send_and_unsend_results_update_the_synced_chat(linked):
    creator = linked.platform.state.creator(linked.creator_id)
    await sync(linked)
    fan_id = chats_with_messages(creator)[0]
    before = await messages_of(linked, fan_id)
    action = await create(
        linked,
        {
            "type": "send_message",
            "params": {"fanId": fan_id, "text": "Back soon", "priceCents": 500},
        },
        "synced-send-1",
    )
    await approve(linked, action["id"])
    await executor_for(linked.services).run_once()
    sent = creator.chats[fan_id][-1]
    shown = (
        await linked.client.get(
            f"/v1/accounts/{linked.creator_id}/chats/{fan_id}/messages?limit=1",
            headers=linked.world.auth(),
        )
    ).json()["data"][0]
    assert shown["id"] == sent.id and shown["fromCreator"] is True
    assert shown["text"] == sent.text and shown["price"]["amount"] == 500
    chat = (
        await linked.client.get(
            f"/v1/accounts/{linked.creator_id}/chats?limit=1", headers=linked.world.auth()
        )
    ).json()["data"][0]
    assert chat["fanId"] == fan_id and chat["lastMessage"]["id"] == sent.id
    assert MESSAGES not in await sync(linked)  # the sync finds the chat as held

    unsend = await create(
        linked,
        {"type": "unsend_message", "params": {"messageId": sent.id, "fanId": fan_id}},
        "synced-unsend-1",
    )
    await approve(linked, unsend["id"])
    await executor_for(linked.services).run_once()
    assert await messages_of(linked, fan_id) == before
    fan = (
        await linked.client.get(
            f"/v1/accounts/{linked.creator_id}/fans/{fan_id}", headers=linked.world.auth()
        )
    ).json()["data"]
    assert fan["chat"]["lastMessage"]["id"] == before[0]
