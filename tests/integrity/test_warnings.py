"""Warnings before approval, from synced data; they never block creation."""

from __future__ import annotations

import pytest

from service.synced.syncer import sync_account
from tests.execution.test_executor import create, creator


@pytest.fixture
async def synced(linked):
    """The linked creator after one real sync: fans, fan lists and vault media are known."""
    await sync_account(linked.services.syncing, linked.world.workspace_id, linked.creator_id)
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


async def test_many_unknown_ids_are_one_warning_counting_them(synced):
    """200 unknown lists (the most an audience takes) and 60 unknown fans: one warning each,
    counting them and naming the first three, so an action's warnings stay small."""
    lists = [f"9{i:04d}" for i in range(200)]
    fans = [f"8{i:04d}" for i in range(60)]
    mass = await create(
        synced,
        {
            "type": "send_mass_message",
            "params": {"text": "hi", "audience": {"listIds": lists, "fanIds": fans}},
        },
        "many",
    )
    assert codes(mass) == [
        ("fan_not_found", "audience.fanIds"),
        ("list_not_found", "audience.listIds"),
    ]
    by_code = {w["code"]: w["message"] for w in mass["warnings"]}
    assert by_code["list_not_found"].startswith("200 lists are not among @")
    assert by_code["list_not_found"].endswith(": 90000, 90001, 90002 and 197 more.")
    assert by_code["fan_not_found"].endswith(": 80000, 80001, 80002 and 57 more.")
    # The summary names a long audience by its first three lists and fans and counts the rest.
    assert "197 more lists" in mass["summary"] and "57 more fans" in mass["summary"]
    assert len(mass["summary"]) <= 400


async def test_an_oversized_array_is_refused_naming_it_before_its_items_are_read(synced):
    """Over `maxItems` is refused whatever the items hold (here ids no schema takes); an
    array past the body's value bound is refused before the body is parsed."""
    world, bad = synced.world, "\u0085" * 100
    cases = [
        ({"listIds": ["1"] * 201}, "params.audience.listIds", "at most 200 items"),
        ({"listIds": [bad] * 5000}, "params.audience.listIds", "at most 200 items"),
        ({"listIds": ["1"], "excludeListIds": [bad] * 201}, "params.audience.excludeListIds", ""),
        ({"listIds": ["1"] * 100_000}, "body", "more than 20,000 values"),
    ]
    for audience, param, said in cases:
        response = await synced.client.post(
            f"/v1/accounts/{synced.creator_id}/actions",
            json={"type": "send_mass_message", "params": {"text": "hi", "audience": audience}},
            headers={**world.auth(), "Idempotency-Key": f"big-{param}-{len(str(audience))}"},
        )
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert (error["code"], error["param"]) == ("invalid_parameter", param)
        assert said in error["message"]
