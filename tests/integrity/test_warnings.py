"""Warnings before approval, from synced data; they never block creation."""

from __future__ import annotations

import pytest

from service.synced.syncer import sync_account
from tests.execution.test_executor import create, creator


@pytest.fixture
async def synced(linked):
    """The linked creator after one real sync: fans, fan lists and vault media are known."""
    await sync_account(linked.services, linked.world.workspace_id, linked.creator_id)
    return linked


def codes(action) -> list[tuple[str, str | None]]:
    return [(w["code"], w["param"]) for w in action["warnings"]]


async def fans_by_status(linked) -> dict[str, list[str]]:
    async with linked.services.store.reading() as uow:
        fans = await uow.fans.list(linked.world.workspace_id, linked.creator_id, limit=1000)
    out: dict[str, list[str]] = {"active": [], "expired": []}
    for fan in fans:
        out[fan.subscription_status].append(fan.id)
    return out


async def test_a_clean_action_has_no_warnings(synced):
    fans = await fans_by_status(synced)
    action = await create(
        synced,
        {
            "type": "send_message",
            "params": {"fanId": fans["active"][0], "text": "hi", "priceCents": 500},
        },
        "clean",
    )
    assert action["warnings"] == []


async def test_each_warning_names_its_param(synced):
    fans = await fans_by_status(synced)
    assert fans["expired"], "the fake platform seeds expired fans"
    media = next(iter(creator(synced).media))
    action = await create(
        synced,
        {
            "type": "send_message",
            "params": {
                "fanId": "4040404",
                "text": "hi",
                "priceCents": 150,
                "mediaIds": [media, "999999999"],
            },
        },
        "w1",
    )
    assert codes(action) == [
        ("fan_not_found", "fanId"),
        ("media_not_found", "mediaIds[1]"),
        ("price_below_platform_minimum", "priceCents"),
    ]
    assert action["status"] == "pending"  # warnings never block
    expired = await create(
        synced,
        {"type": "send_message", "params": {"fanId": fans["expired"][0], "text": "hi"}},
        "w2",
    )
    assert codes(expired) == [("fan_not_subscribed", "fanId")]


async def test_lists_are_checked_for_mass_messages_and_list_changes(synced):
    fans = await fans_by_status(synced)
    real_list = next(iter(creator(synced).lists))
    mass = await create(
        synced,
        {
            "type": "send_mass_message",
            "params": {
                "text": "hi",
                "audience": {"listIds": [real_list, "777"], "excludeListIds": ["888"]},
            },
        },
        "w3",
    )
    assert codes(mass) == [
        ("list_not_found", "audience.listIds[1]"),
        ("list_not_found", "audience.excludeListIds[0]"),
    ]
    add = await create(
        synced,
        {"type": "add_fan_to_list", "params": {"fanId": fans["active"][0], "listId": "777"}},
        "w4",
    )
    assert codes(add) == [("list_not_found", "listId")]


async def test_an_unhealthy_account_is_warned_about(synced):
    async with synced.services.store.transaction() as uow:
        await uow.accounts.update(
            synced.world.workspace_id,
            synced.creator_id,
            status="syncing",
            status_reason="First sync running.",
        )
    fans = await fans_by_status(synced)
    action = await create(
        synced, {"type": "send_message", "params": {"fanId": fans["active"][0], "text": "hi"}}, "w5"
    )
    assert codes(action) == [("account_unhealthy", None)]
    assert "syncing" in action["warnings"][0]["message"]


async def test_sandbox_mass_message_counts_its_sandbox_fans(linked):
    world = linked.world
    account = world.sandbox_accounts[0]
    async with linked.services.store.reading() as uow:
        fans = await uow.fans.list(world.workspace_id, account, limit=1000)
    active = [f for f in fans if f.subscription_status == "active"]
    listed = next(f for f in active if f.list_ids)
    members = [f for f in active if listed.list_ids[0] in f.list_ids]
    one = await create(
        linked,
        {
            "type": "send_mass_message",
            "params": {"text": "hi", "audience": {"fanIds": [active[0].id]}},
        },
        "s1",
        account=account,
        token=world.test_key,
    )
    assert one["estimatedRecipients"] == 1 and one["warnings"] == []
    by_list = await create(
        linked,
        {
            "type": "send_mass_message",
            "params": {"text": "hi", "audience": {"listIds": [listed.list_ids[0]]}},
        },
        "s2",
        account=account,
        token=world.test_key,
    )
    assert by_list["estimatedRecipients"] == len(members) > 0
    assert by_list["warnings"] == []


async def test_the_approval_page_names_lists_and_shows_warnings(synced):
    from tests.dashboard.dashboard_helpers import sign_in

    fan_list = next(iter(creator(synced).lists.values()))
    action = await create(
        synced,
        {
            "type": "send_mass_message",
            "params": {"text": "hi", "audience": {"listIds": [fan_list.id, "777"]}},
        },
        "page",
    )
    await sign_in(synced.client)
    page = (await synced.client.get(f"/dashboard/actions/{action['id']}")).text
    assert (
        f'<span class="named">{fan_list.name}</span> <code class="id">{fan_list.id}</code>' in page
    )
    assert "List 777 is not one of" in page
