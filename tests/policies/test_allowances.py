"""Approval allowances (`approvals: 0` with `maxPerDay`), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from service.accounts.usecases import switch_writes
from service.actions import lifecycle
from service.errors.api_error import ApiError
from tests.factories import build_world
from tests.policies.kit import create, decide, message, people, set_default, set_policy

THREE_A_DAY = [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 3}]
NAME = "Allowance: send_message, up to 3 a day"


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def events_of(store, world, action_id):
    async with store.reading() as uow:
        found = await uow.events.list(world.workspace_id)
    return [e.type for e in found if e.data.get("id") == action_id]


async def test_allowance_approves_at_creation_then_needs_a_person(client, store, clock, world):
    await set_policy(store, clock, world, THREE_A_DAY)
    made = []
    for i in range(4):
        made.append(await create(client, world, message(text=f"<p>{i}</p>"), f"a{i}"))
        clock.advance(minutes=10)
    for action in made[:3]:
        assert action["status"] == "approved"
        assert (action["approvalsRequired"], action["approvalsNeeded"]) == (0, 0)
        assert action["decidedBy"] == {"kind": "policy", "name": NAME, "email": ""}
        assert action["decidedAt"] == action["createdAt"]
        assert not [w for w in action["warnings"] if w["code"] == "allowance_used_up"]
    assert await events_of(store, world, made[0]["id"]) == ["action.created", "action.approved"]
    async with store.reading() as uow:
        audit = await uow.audit.list(world.workspace_id, action="action.approved")
    assert sorted(a.target for a in audit) == sorted(a["id"] for a in made[:3])
    assert {a.actor["kind"] for a in audit} == {"policy"}
    beyond = made[3]
    assert beyond["status"] == "pending" and beyond["approvalsRequired"] == 1
    assert beyond["decidedBy"] is None
    assert "allowance_used_up" in [w["code"] for w in beyond["warnings"]]
    # The approved ones run like any approved action: the executor claims them, oldest first.
    async with store.transaction() as uow:
        claimed = await lifecycle.claim_next(uow, "w1", clock.now())
    assert claimed is not None and claimed.id == made[0]["id"]


async def test_the_window_rolls_over_24_hours(client, store, clock, world):
    await set_policy(store, clock, world, THREE_A_DAY)
    for i in range(3):
        assert (await create(client, world, message(), f"r{i}"))["status"] == "approved"
        clock.advance(hours=1)
    assert (await create(client, world, message(), "r3"))["status"] == "pending"
    clock.advance(hours=21, seconds=1)  # the first left the window; the other two still count
    assert (await create(client, world, message(), "r4"))["status"] == "approved"
    assert (await create(client, world, message(), "r5"))["status"] == "pending"


async def test_a_cancelled_action_keeps_its_allowance_use(client, store, clock, world):
    """The allowance counts what the rule approved, and a cancel comes after the approval."""
    await set_policy(store, clock, world, THREE_A_DAY)
    made = [await create(client, world, message(), f"c{i}") for i in range(3)]
    assert [a["status"] for a in made] == ["approved"] * 3
    cancelled = await client.post(
        f"/v1/actions/{made[0]['id']}/cancel", json={}, headers=world.auth()
    )
    assert cancelled.json()["data"]["status"] == "cancelled"
    assert (await create(client, world, message(), "c3"))["status"] == "pending"


async def test_allowance_is_per_account_and_a_stricter_rule_wins(client, store, clock, world):
    from tests.factories import add_live_account

    await add_live_account(store, clock, world.workspace_id, "40002", "zoe.live")
    rules = [
        *THREE_A_DAY,
        {"types": ["send_message"], "approvals": 2, "approvers": "members", "minPriceCents": 1000},
    ]
    await set_default(store, clock, world, rules)
    paid = await create(client, world, message(price=1500), "p1")
    assert paid["status"] == "pending" and paid["approvalsRequired"] == 2
    for i in range(3):
        assert (await create(client, world, message(), f"x{i}"))["status"] == "approved"
    other = await create(client, world, message(), "y0", account="40002")
    assert other["status"] == "approved", "each account has its own allowance"


async def test_writes_off_refuses_and_replay_is_unchanged(client, store, clock, world):
    await set_policy(store, clock, world, THREE_A_DAY)
    first = await create(client, world, message(), "w1")
    again = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json=message(),
        headers={**world.auth(), "Idempotency-Key": "w1"},
    )
    assert again.status_code == 202 and again.headers["idempotent-replayed"] == "true"
    assert again.json()["data"]["id"] == first["id"]
    await switch_writes(store, clock, world.owner, world.live_account, False)
    refused = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json=message(),
        headers={**world.auth(), "Idempotency-Key": "w2"},
    )
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "writes_disabled")


async def test_test_mode_allowance_approves_sandbox_actions(client, store, clock, world):
    sandbox = world.sandbox_accounts[0]
    await set_policy(store, clock, world, THREE_A_DAY, account=sandbox)
    response = await client.post(
        f"/v1/accounts/{sandbox}/actions",
        json=message(),
        headers={**world.auth(world.test_key), "Idempotency-Key": "t1"},
    )
    assert response.status_code == 202, response.text
    body = response.json()["data"]
    assert (body["mode"], body["status"]) == ("test", "approved")


async def test_asking_again_under_an_allowance_needs_a_person(client, store, clock, world):
    crew = await people(store, clock, world)
    await set_policy(store, clock, world, [{**THREE_A_DAY[0], "maxPerDay": 1}])
    await create(client, world, message(), "q0")
    pending = await create(client, world, message(), "q1")
    await decide(store, clock, crew["member"], pending["id"], approve=False)
    from service.actions.ask_again import request_again

    again = await request_again(store, clock, crew["member"], pending["id"])
    assert again.action.status == "pending" and again.action.approvals_required == 1


@pytest.mark.parametrize(
    ("rule", "param"),
    [
        ({"types": ["send_message"], "approvals": 0}, "rules[0].maxPerDay"),
        ({"types": ["send_message"], "approvals": 0, "maxPerDay": 0}, "rules[0].maxPerDay"),
        ({"types": ["send_message"], "approvals": 0, "maxPerDay": 10001}, "rules[0].maxPerDay"),
        ({"types": ["send_message"], "approvals": 1, "maxPerDay": 5}, "rules[0].maxPerDay"),
        ({"types": ["send_message"], "approvals": 3}, "rules[0].approvals"),
    ],
)
async def test_invalid_allowances_are_invalid_parameter(store, clock, world, rule, param):
    with pytest.raises(ApiError) as refused:
        await set_policy(store, clock, world, [rule])
    assert (refused.value.code, refused.value.param) == ("invalid_parameter", param)


async def test_the_largest_allowance_is_accepted_and_stored(store, clock, world):
    _, policy = await set_policy(
        store,
        clock,
        world,
        [{"types": ["send_message"], "approvals": 0, "maxPerDay": 10000}],
    )
    assert policy["rules"][0]["maxPerDay"] == 10000 and policy["rules"][0]["approvals"] == 0


async def test_the_accounts_page_shows_each_allowances_use(client, store, clock, world):
    from tests.dashboard.dashboard_helpers import sign_in

    await set_policy(store, clock, world, THREE_A_DAY)
    await create(client, world, message(), "d0")
    await sign_in(client)
    page = await client.get("/dashboard/accounts")
    assert page.status_code == 200
    assert f"{NAME}: <strong>1 of 3</strong> used in the last 24 hours" in page.text
    assert "approved by the policy, up to 3 per account in any 24 hours" in page.text
    assert '<option value="0">' in page.text and 'name="maxPerDay"' in page.text
    [action] = [a async for a in _actions(store, world)]
    shown = await client.get(f"/dashboard/actions/{action.id}")
    assert f"{NAME} (approved by the account's policy)" in shown.text


async def _actions(store, world):
    async with store.reading() as uow:
        for action in await uow.actions.list(world.workspace_id, mode="live", limit=10):
            yield action


async def test_prune_forgets_uses_no_allowance_can_count_again(client, store, clock, world):
    """Uses older than the pruner's two days are deleted in its batches; a newer one stays and
    still counts (the allowance's day is unchanged by pruning)."""
    from service.operations.model import Retention
    from service.operations.pruner import prune

    await set_policy(store, clock, world, THREE_A_DAY)
    for i in range(3):
        assert (await create(client, world, message(), f"old{i}"))["status"] == "approved"
    clock.advance(days=2, seconds=1)
    assert (await create(client, world, message(), "new"))["status"] == "approved"
    report = await prune(store, clock, Retention(), batch=2)
    assert report.removed["allowance_uses"] == 3
    async with store.reading() as uow:
        kept = await uow.conn.exec_driver_sql("SELECT action_id FROM allowance_uses")
        assert len(kept.all()) == 1
    for i in range(2):
        assert (await create(client, world, message(), f"more{i}"))["status"] == "approved"
    assert (await create(client, world, message(), "over"))["status"] == "pending"
