"""Approval policies and quorum, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from service.accounts.usecases import switch_writes
from service.errors.api_error import ApiError
from tests.factories import build_world
from tests.policies.kit import create, decide, mass, message, people, set_default, set_policy

TWO = [{"types": ["send_message"], "approvals": 2, "approvers": "members"}]


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


@pytest.fixture
async def crew(store, clock, world):
    return await people(store, clock, world)


async def test_no_rule_means_one_approval_by_any_member(client, store, clock, world, crew):
    action = await create(client, world, message(), "k1")
    assert (action["approvalsRequired"], action["approvalsNeeded"]) == (1, 1)
    assert action["approvers"] == "members" and action["approvals"] == []
    done = await decide(store, clock, crew["member"], action["id"])
    assert done.status == "approved" and done.decided_by["email"] == "meg@agency.test"


async def test_two_person_rule_needs_two_different_people(client, store, clock, world, crew):
    await set_policy(store, clock, world, TWO)
    action = await create(client, world, message(), "k1")
    assert (action["approvalsRequired"], action["approvalsNeeded"]) == (2, 2)
    first = await decide(store, clock, crew["member"], action["id"], note="looks fine")
    assert first.status == "pending" and first.decided_by is None
    shown = (await client.get(f"/v1/actions/{action['id']}", headers=world.auth())).json()["data"]
    assert shown["status"] == "pending" and shown["approvalsNeeded"] == 1
    assert [(a["name"], a["email"]) for a in shown["approvals"]] == [
        ("Meg Member", "meg@agency.test")
    ]
    assert set(shown["approvals"][0]) == {"name", "email", "at"}  # who it is stays internal

    with pytest.raises(ApiError) as twice:
        await decide(store, clock, crew["member"], action["id"])
    assert (twice.value.code, twice.value.permission) == (
        "missing_permission",
        "actions.approve_twice",
    )
    again = (await client.get(f"/v1/actions/{action['id']}", headers=world.auth())).json()["data"]
    assert again["approvals"] == shown["approvals"] and again["status"] == "pending"

    clock.advance(seconds=30)
    done = await decide(store, clock, crew["member2"], action["id"], note="second pair of eyes")
    assert done.status == "approved"
    assert done.decided_by == {"name": "Max Member", "email": "max@agency.test"}
    assert done.decided_at == clock.now() and done.decision_note == "second pair of eyes"
    assert [a["email"] for a in done.approvals] == ["meg@agency.test", "max@agency.test"]
    async with store.reading() as uow:
        audit = await uow.audit.list(world.workspace_id)
    kinds = [e.action for e in audit if e.target == action["id"]]
    assert sorted(kinds) == ["action.approval_counted", "action.approved"]


async def test_rejection_after_one_approval_ends_it(client, store, clock, world, crew):
    await set_policy(store, clock, world, TWO)
    action = await create(client, world, message(), "k1")
    await decide(store, clock, crew["member"], action["id"])
    rejected = await decide(store, clock, crew["admin"], action["id"], approve=False, note="no")
    assert rejected.status == "rejected" and rejected.decided_by["email"] == "ada@agency.test"
    with pytest.raises(ApiError) as late:
        await decide(store, clock, crew["member2"], action["id"])
    assert late.value.code == "action_not_pending"


async def test_admins_rule_refuses_members(client, store, clock, world, crew):
    await set_policy(
        store,
        clock,
        world,
        [{"types": ["send_mass_message"], "approvals": 1, "approvers": "admins"}],
    )
    action = await create(client, world, mass(), "k1")
    assert action["approvers"] == "admins"
    for verb in (True, False):
        with pytest.raises(ApiError) as refused:
            await decide(store, clock, crew["member"], action["id"], approve=verb)
        assert (refused.value.code, refused.value.permission) == (
            "missing_permission",
            "actions.decide_restricted",
        )
    done = await decide(store, clock, crew["admin"], action["id"])
    assert done.status == "approved"
    # Another type is not covered by the rule: any member approves it.
    other = await create(client, world, message(), "k2")
    assert (await decide(store, clock, crew["member"], other["id"])).status == "approved"


async def test_price_threshold(client, store, clock, world, crew):
    await set_policy(
        store,
        clock,
        world,
        [
            {
                "types": ["send_message"],
                "approvals": 2,
                "approvers": "members",
                "minPriceCents": 10000,
            }
        ],
    )
    cheap = await create(client, world, message(price=9999), "k1")
    dear = await create(client, world, message(price=10000), "k2")
    free = await create(client, world, message(), "k3")
    assert [a["approvalsRequired"] for a in (cheap, dear, free)] == [1, 2, 1]


async def test_recipients_threshold(client, store, clock, world, crew):
    await set_policy(
        store,
        clock,
        world,
        [
            {
                "types": ["send_mass_message"],
                "approvals": 2,
                "approvers": "members",
                "minRecipients": 2,
            }
        ],
    )
    few = await create(client, world, mass(list_ids=(), fans=("40001",)), "k1")
    many = await create(client, world, mass(list_ids=(), fans=("40001", "40002", "40003")), "k2")
    assert (few["estimatedRecipients"], many["estimatedRecipients"]) == (1, 3)
    assert (few["approvalsRequired"], many["approvalsRequired"]) == (1, 2)


async def test_highest_approvals_and_strictest_approvers_of_matching_rules(
    client, store, clock, world, crew
):
    await set_policy(
        store,
        clock,
        world,
        [
            {"types": ["send_message"], "approvals": 2, "approvers": "members"},
            {"types": ["send_message", "add_fan_to_list"], "approvals": 1, "approvers": "admins"},
        ],
    )
    action = await create(client, world, message(), "k1")
    assert (action["approvalsRequired"], action["approvers"]) == (2, "admins")
    listing = await create(
        client, world, {"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "9"}}, "k2"
    )
    assert (listing["approvalsRequired"], listing["approvers"]) == (1, "admins")


async def test_workspace_default_and_account_override(client, store, clock, world, crew):
    await set_default(store, clock, world, TWO)
    detail = (await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())).json()
    assert detail["data"]["policy"]["source"] == "workspace"
    assert detail["data"]["policy"]["rules"][0]["approvals"] == 2
    assert (await create(client, world, message(), "k1"))["approvalsRequired"] == 2
    await set_policy(store, clock, world, [])  # this account: no rules, whatever the default
    assert (await create(client, world, message(), "k2"))["approvalsRequired"] == 1
    await set_policy(store, clock, world, None)  # back to the default
    assert (await create(client, world, message(), "k3"))["approvalsRequired"] == 2


async def test_policy_is_captured_at_creation(client, store, clock, world, crew):
    await set_policy(store, clock, world, TWO)
    action = await create(client, world, message(), "k1")
    await decide(store, clock, crew["member"], action["id"])
    await set_policy(store, clock, world, [])
    # The half-approved action keeps the rule it was asked under.
    still = await decide(store, clock, crew["owner"], action["id"])
    assert still.status == "approved" and len(still.approvals) == 2


async def test_writes_switch_overrides_a_half_approved_action(client, store, clock, world, crew):
    await set_policy(store, clock, world, TWO)
    action = await create(client, world, message(), "k1")
    await decide(store, clock, crew["member"], action["id"])
    await switch_writes(store, clock, world.owner, world.live_account, False)
    with pytest.raises(ApiError) as off:
        await decide(store, clock, crew["member2"], action["id"])
    assert off.value.code == "writes_disabled"
    async with store.reading() as uow:
        stored = await uow.actions.get(world.workspace_id, action["id"])
    assert stored.status == "pending" and len(stored.approvals) == 1


async def test_policy_change_is_audited_and_refused_to_members(client, store, clock, world, crew):
    with pytest.raises(ApiError) as refused:
        await set_policy(store, clock, world, TWO, principal=crew["member"])
    assert (refused.value.code, refused.value.permission) == (
        "missing_permission",
        "policies.manage",
    )
    account, policy = await set_policy(store, clock, world, TWO, principal=crew["admin"])
    assert policy["source"] == "account" and account.policy[0]["types"] == ["send_message"]
    async with store.reading() as uow:
        entries = await uow.audit.list(world.workspace_id, action="account.policy_changed")
    assert len(entries) == 1 and entries[0].actor["email"] == "ada@agency.test"
    assert entries[0].details["rules"][0]["approvals"] == 2 and entries[0].details["before"] is None
