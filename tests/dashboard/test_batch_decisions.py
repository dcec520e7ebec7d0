"""The inbox deciding several actions at once: exactly the ticked ones, each on its
own (own outcome, own audit entry), pending counts per account, the soonest to expire first.
Over HTTP with a real session, both drivers."""

from __future__ import annotations

import re

import pytest

from service.actions.decisions import decide_action
from tests.dashboard.dashboard_helpers import create_action, csrf_of, sign_in
from tests.factories import add_live_account, build_world


@pytest.fixture
async def world(store, clock):
    world = await build_world(store, clock)
    await add_live_account(store, clock, world.workspace_id, "40002", "second.creator")
    return world


def body(i: int) -> dict:
    return {"type": "send_message", "params": {"fanId": f"f{i}", "text": f"<p>Hello {i}</p>"}}


async def test_decides_exactly_the_ticked_actions_each_on_its_own(client, world, store, clock):
    await sign_in(client)
    first = await create_action(client, world, "b1", body(1))
    second = await create_action(client, world, "b2", body(2))
    untouched = await create_action(client, world, "b3", body(3))
    gone = await create_action(client, world, "b4", body(4))
    await decide_action(
        store,
        clock,
        world.owner,
        gone["id"],
        approve=False,
        note=None,
        wake_executor=lambda: None,
    )
    csrf = await csrf_of(client)
    response = await client.post(
        "/dashboard/approvals/decide",
        data={
            "csrf_token": csrf,
            "decision": "approve",
            "confirmed": "yes",  # their fans are not in the last sync: read, and approved
            "actionId": [first["id"], second["id"], gone["id"]],
        },
    )
    assert response.status_code == 200, response.text
    assert "You approved 2 of 3" in response.text
    outcomes = dict(
        re.findall(r'data-outcome-for="(act_\w+)" data-ok="(true|false)"', response.text)
    )
    assert outcomes == {first["id"]: "true", second["id"]: "true", gone["id"]: "false"}
    assert 'data-error-code="action_not_pending"' in response.text
    async with store.reading() as uow:
        statuses = {
            a: (await uow.actions.get(world.workspace_id, a)).status
            for a in (first["id"], second["id"], untouched["id"], gone["id"])
        }
        audit = await uow.audit.list(world.workspace_id)
    assert statuses == {
        first["id"]: "approved",
        second["id"]: "approved",
        untouched["id"]: "pending",
        gone["id"]: "rejected",
    }
    approvals = [e for e in audit if e.action == "action.approved"]
    assert sorted(e.target for e in approvals) == sorted([first["id"], second["id"]])


async def test_nothing_ticked_is_refused(client, world):
    await sign_in(client)
    await create_action(client, world, "n1", body(1))
    csrf = await csrf_of(client)
    response = await client.post(
        "/dashboard/approvals/decide", data={"csrf_token": csrf, "decision": "reject"}
    )
    assert "Tick at least one action" in response.text


async def test_inbox_counts_pending_per_account_and_lists_soonest_expiry_first(
    client, world, clock
):
    await sign_in(client)
    older = await create_action(client, world, "c1", body(1))
    clock.advance(minutes=5)
    await create_action(client, world, "c2", body(2), account="40002")
    clock.advance(minutes=5)
    newest = await create_action(client, world, "c3", body(3))
    page = await client.get("/dashboard/approvals")
    assert page.status_code == 200
    assert re.search(r'id="pending-total">3<', page.text)
    assert re.search(r'data-account-count="40001">@maya.live 2<', page.text)
    assert re.search(r'data-account-count="40002">@second.creator 1<', page.text)
    order = re.findall(r'<li class="row status-pending[^"]*" data-action-id="(act_\w+)"', page.text)
    assert order[0] == older["id"] and order[-1] == newest["id"]  # expires first, shown first
    assert page.text.count('name="actionId"') == 3


def unwarned(i: int) -> dict:
    """Unsending by message id names no fan, list or media: nothing to warn about."""
    return {"type": "unsend_message", "params": {"messageId": f"77{i}"}}


def cheap(i: int) -> dict:
    """A paid message under the platform's minimum price: created, with a warning."""
    return {
        "type": "send_message",
        "params": {"fanId": f"f{i}", "text": f"<p>Pay {i}</p>", "priceCents": 100},
    }


async def test_approving_a_warned_action_asks_first_naming_the_warnings(
    client, world, store, clock
):
    await sign_in(client)
    plain = await create_action(client, world, "w1", unwarned(1))
    assert plain["warnings"] == []
    warned = await create_action(client, world, "w2", cheap(2))
    assert "price_below_platform_minimum" in [w["code"] for w in warned["warnings"]]
    inbox = await client.get("/dashboard/approvals")
    card = re.search(rf'data-warnings-for="{warned["id"]}">(.*?)</ul>', inbox.text, re.DOTALL)
    assert card and "under the platform" in card.group(1)
    assert f'data-warnings-for="{plain["id"]}"' not in inbox.text

    csrf = await csrf_of(client)
    chosen = {"csrf_token": csrf, "decision": "approve", "actionId": [plain["id"], warned["id"]]}
    asked = await client.post("/dashboard/approvals/decide", data=chosen)
    assert asked.status_code == 200, asked.text
    assert "Approve 2 actions?" in asked.text
    assert f'data-warned-action="{warned["id"]}"' in asked.text
    assert f'data-warned-action="{plain["id"]}"' not in asked.text
    assert 'data-warning="price_below_platform_minimum"' in asked.text
    assert 'name="confirmed" value="yes"' in asked.text

    async def statuses() -> list[str]:
        async with store.reading() as uow:
            return [
                (await uow.actions.get(world.workspace_id, a["id"])).status for a in (plain, warned)
            ]

    assert await statuses() == ["pending", "pending"]  # nothing approved before confirming
    confirmed = await client.post(
        "/dashboard/approvals/decide", data={**chosen, "confirmed": "yes"}
    )
    assert confirmed.status_code == 200, confirmed.text
    assert "You approved 2 of 2" in confirmed.text
    assert await statuses() == ["approved", "approved"]


async def test_rejecting_or_approving_unwarned_actions_asks_nothing(client, world, store):
    await sign_in(client)
    warned = await create_action(client, world, "r1", cheap(1))
    plain = await create_action(client, world, "r2", unwarned(2))
    csrf = await csrf_of(client)
    rejected = await client.post(
        "/dashboard/approvals/decide",
        data={"csrf_token": csrf, "decision": "reject", "actionId": [warned["id"]]},
    )
    assert "You rejected 1 of 1" in rejected.text
    approved = await client.post(
        "/dashboard/approvals/decide",
        data={"csrf_token": csrf, "decision": "approve", "actionId": [plain["id"]]},
    )
    assert "You approved 1 of 1" in approved.text
