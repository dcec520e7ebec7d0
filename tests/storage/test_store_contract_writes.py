"""The Store contract's conditional writes, on SQLite and PostgreSQL: a status move happens
once however many try it at once, claims hand each approved action to one executor, and an
idempotency key is used once per workspace (the rest of the contract: test_store_contract.py)."""

from __future__ import annotations

import asyncio
import datetime as dt

import attrs
import pytest

from service.actions.model import Action
from service.actions.transitions import LIFETIME
from service.domain.storage_errors import DuplicateError
from service.workspaces.usecases import create_workspace
from tests.factories import add_live_account
from tests.storage.test_store_contract import add, make_action

# --- conditional writes -----------------------------------------------------------------


async def test_concurrent_transitions_have_exactly_one_winner(store, clock, workspace):
    action = make_action(workspace.id, "40001", clock.now())
    await add(store, action)

    async def approve(who: str):
        async with store.transaction() as uow:
            return await uow.actions.transition(
                action.id,
                ["pending"],
                "approved",
                decided_at=clock.now(),
                decided_by={"name": who, "email": f"{who}@x.test"},
            )

    results = await asyncio.gather(approve("ann"), approve("bob"))
    winners = [r for r in results if r is not None]
    assert len(winners) == 1 and winners[0].status == "approved"
    async with store.reading() as uow:
        stored = await uow.actions.get(workspace.id, action.id)
    assert stored.status == "approved" and stored.decided_by == winners[0].decided_by


async def test_transition_respects_from_status_and_expiry(store, clock, workspace):
    action = make_action(workspace.id, "40001", clock.now())
    await add(store, action)
    async with store.transaction() as uow:
        late = clock.now() + LIFETIME
        assert (
            await uow.actions.transition(action.id, ["pending"], "approved", not_expired_at=late)
            is None
        )
        assert await uow.actions.transition(action.id, ["approved"], "executing") is None
        moved = await uow.actions.transition(action.id, ["pending"], "rejected", decision_note="no")
    assert (moved.status, moved.decision_note) == ("rejected", "no")


def approved(workspace_id: str, at: dt.datetime, decided_at: dt.datetime, action_id: str) -> Action:
    action = make_action(workspace_id, "40001", at, status="approved", action_id=action_id)
    return attrs.evolve(action, decided_at=decided_at)


async def test_claim_next_takes_the_oldest_approved_action_once(store, clock, workspace):
    now = clock.now()
    later, latest = now + dt.timedelta(seconds=1), now + dt.timedelta(seconds=2)
    await add(
        store,
        make_action(workspace.id, "40001", now, action_id="act_pending"),
        approved(workspace.id, now, latest, "act_a_last"),
        approved(workspace.id, now, later, "act_c_tie"),
        approved(workspace.id, now, later, "act_b_tie"),
        attrs.evolve(approved(workspace.id, now, now, "act_running"), status="executing"),
    )
    claimed = []
    for n in range(4):
        async with store.transaction() as uow:
            claimed.append(await uow.actions.claim_next(f"w{n}", now + dt.timedelta(minutes=n)))
    assert claimed[3] is None
    assert [a.id for a in claimed[:3]] == ["act_b_tie", "act_c_tie", "act_a_last"]
    for n, action in enumerate(claimed[:3]):
        assert (action.status, action.claimed_by) == ("executing", f"w{n}")
        assert action.claimed_at == now + dt.timedelta(minutes=n)
    async with store.reading() as uow:
        assert (await uow.actions.get(workspace.id, "act_b_tie")).claimed_by == "w0"
        assert (await uow.actions.get(workspace.id, "act_pending")).status == "pending"
        assert (await uow.actions.get(workspace.id, "act_running")).claimed_by is None


async def test_concurrent_claims_take_different_actions_and_leave_none_waiting(
    store, clock, workspace
):
    now = clock.now()
    await add(store, *(approved(workspace.id, now, now, f"act_{n}") for n in range(4)))

    async def claim(worker: str) -> Action | None:
        async with store.transaction() as uow:
            return await uow.actions.claim_next(worker, now)

    results = await asyncio.gather(*(claim(f"w{n}") for n in range(6)))
    won = [r for r in results if r is not None]
    assert sorted(a.id for a in won) == [f"act_{n}" for n in range(4)]
    assert sorted(a.claimed_by for a in won) == sorted({a.claimed_by for a in won})
    async with store.reading() as uow:
        stored = [await uow.actions.get(workspace.id, f"act_{n}") for n in range(4)]
    assert {(a.status, a.claimed_by) for a in stored} == {(a.status, a.claimed_by) for a in won}


async def test_duplicate_idempotency_key_raises_and_transaction_stays_usable(
    store, clock, workspace
):
    first = make_action(workspace.id, "40001", clock.now(), key="same")
    again = make_action(workspace.id, "40001", clock.now(), key="same")
    other = make_action(workspace.id, "40001", clock.now(), key="different")
    async with store.transaction() as uow:
        await uow.actions.add(first)
        with pytest.raises(DuplicateError):
            await uow.actions.add(again)
        await uow.actions.add(other)
        assert await uow.actions.get(workspace.id, first.id) == first
    async with store.reading() as uow:
        assert await uow.actions.get(workspace.id, other.id) == other
        assert await uow.actions.get(workspace.id, again.id) is None


async def test_same_idempotency_key_in_another_workspace_is_fine(store, clock, workspace):
    second = await create_workspace(store, clock, "Other")
    await add_live_account(store, clock, second.id)
    await add(
        store,
        make_action(workspace.id, "40001", clock.now(), key="shared"),
        make_action(second.id, "40001", clock.now(), key="shared"),
    )
