"""The lifecycle's rules (service/actions/lifecycle.py), fast, against the memory store.

Every move of the transition table with its side effects (event, audit entry, wake-ups), the
conditions of the conditional writes (status, expiry, revision), the quorum, the claim order
and the patience schedule of a send the platform never received. The memory store
(harness/memory_store/) keeps the storage contract (tests/storage/test_memory_store_contract.py);
the same rules on both real databases, end to end, are in tests/execution and tests/policies.
"""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from harness.memory_store import MemoryStore
from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.execution.patience import Patience
from service.actions.outcomes import Executed, Failed, Unsent
from service.actions.repository import ACTIONS_CHANNEL
from service.actions.transitions import LIFETIME, effective
from service.domain.clock import ManualClock
from service.domain.principal import PERSON_SCOPES, Principal
from tests.storage.test_store_contract import make_action

URL = "http://countersign.test"
WS = "ws_fast"


def person(name: str) -> Principal:
    return Principal(
        workspace_id=WS,
        mode="live",
        kind="user",
        label=name,
        scopes=PERSON_SCOPES,
        user_id=f"usr_{name}",
        email=f"{name}@agency.test",
        role="admin",
    )


ANN, BOB = person("ann"), person("bob")


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


async def created(store, clock, **changes):
    action = attrs.evolve(make_action(WS, "40001", clock.now()), **changes)
    async with store.transaction() as uow:
        assert await lifecycle.create(uow, action)
    return action


async def decide(store, clock, action, who=ANN, *, approve=True, note=None):
    async with store.transaction() as uow:
        return await lifecycle.decide(
            uow, clock, who, action, approve=approve, note=note, now=clock.now()
        )


async def stored(store, action_id):
    async with store.reading() as uow:
        return await uow.actions.get(WS, action_id)


async def events(store):
    async with store.reading() as uow:
        return [(e.type, e.data["id"]) for e in await uow.events.list(WS)]


async def audit(store):
    async with store.reading() as uow:
        return [(e.action, e.target) for e in reversed(await uow.audit.list(WS))]


async def test_create_writes_the_event_and_an_idempotency_key_is_used_once(store, clock):
    action = await created(store, clock)
    again = attrs.evolve(
        make_action(WS, "40001", clock.now()), idempotency_key=action.idempotency_key
    )
    async with store.transaction() as uow:
        assert not await lifecycle.create(uow, again)
    assert await events(store) == [("action.created", action.id)]
    with pytest.raises(ValueError, match="a new action is pending"):
        async with store.transaction() as uow:
            await lifecycle.create(uow, make_action(WS, "40001", clock.now(), status="approved"))


async def test_approval_moves_to_approved_audits_and_wakes_the_executors(store, clock):
    action = await created(store, clock)
    decided = await decide(store, clock, action, note="fine")
    assert decided.status == "approved" and decided.decided_at == clock.now()
    assert decided.decided_by == {"name": "ann", "email": "ann@agency.test"}
    assert [a["who"] for a in decided.approvals] == ["usr_ann"] and decided.revision == 1
    assert await audit(store) == [("action.approved", action.id)]
    assert store.notified == [ACTIONS_CHANNEL]
    assert await events(store) == [("action.created", action.id), ("action.approved", action.id)]


async def test_rejection_writes_event_and_audit_and_wakes_nobody(store, clock):
    action = await created(store, clock)
    rejected = await decide(store, clock, action, approve=False, note="no")
    assert (rejected.status, rejected.decision_note) == ("rejected", "no")
    assert await events(store) == [("action.created", action.id), ("action.rejected", action.id)]
    assert await audit(store) == [("action.rejected", action.id)]
    assert store.notified == []


async def test_a_decided_or_expired_action_cannot_be_decided(store, clock):
    action = await created(store, clock)
    assert await decide(store, clock, action, approve=False) is not None
    assert await decide(store, clock, action, approve=False) is None, "already rejected"
    late = await created(store, clock)
    clock.advance(seconds=LIFETIME.total_seconds())
    assert await decide(store, clock, await stored(store, late.id)) is None, "expired"
    assert (await stored(store, late.id)).status == "pending"
    assert effective(await stored(store, late.id), clock.now()).status == "expired"


async def test_a_quorum_counts_each_person_then_approves(store, clock):
    action = await created(store, clock, approvals_required=2)
    counted = await decide(store, clock, action, ANN)
    assert (counted.status, counted.approvals_needed, counted.revision) == ("pending", 1, 1)
    assert store.notified == [], "no wake-up before the quorum is met"
    assert await decide(store, clock, action, BOB) is None, "a stale revision changes nothing"
    clock.advance(seconds=1)
    approved = await decide(store, clock, counted, BOB)
    assert approved.status == "approved" and approved.approvals_needed == 0
    assert [a["who"] for a in approved.approvals] == ["usr_ann", "usr_bob"]
    assert await audit(store) == [
        ("action.approval_counted", action.id),
        ("action.approved", action.id),
    ]


async def test_an_edit_resets_the_quorum(store, clock):
    action = await created(store, clock, approvals_required=2)
    counted = await decide(store, clock, action, ANN)
    async with store.transaction() as uow:
        edited = await lifecycle.edit(uow, clock, BOB, counted, now=clock.now(), summary="Edited.")
    assert (edited.approvals, edited.summary, edited.revision) == ([], "Edited.", 2)
    assert edited.edited_by == {"name": "bob", "email": "bob@agency.test"}
    async with store.transaction() as uow:
        assert await lifecycle.edit(uow, clock, BOB, counted, now=clock.now()) is None


async def test_expire_due_moves_only_pending_past_expiry_with_events(store, clock):
    stale = await created(store, clock)
    rejected = await created(store, clock)
    await decide(store, clock, rejected, approve=False)
    clock.advance(hours=1)
    fresh = await created(store, clock)
    clock.advance(seconds=LIFETIME.total_seconds() - 3600)
    assert await lifecycle.expire_due(store, clock.now()) == [stale.id]
    assert await lifecycle.expire_due(store, clock.now()) == []
    assert (await stored(store, fresh.id)).status == "pending"
    assert ("action.expired", stale.id) in await events(store)


async def test_claim_takes_the_oldest_approved_that_is_due(store, clock):
    first, second = await created(store, clock), await created(store, clock)
    await decide(store, clock, second)
    clock.advance(seconds=1)
    await decide(store, clock, first)
    async with store.transaction() as uow:
        claimed = await lifecycle.claim_next(uow, "w1", clock.now())
    assert (claimed.id, claimed.status, claimed.claimed_by) == (second.id, "executing", "w1")
    async with store.transaction() as uow:
        later = await uow.actions.transition(
            first.id,
            ["approved"],
            "approved",
            next_attempt_at=clock.now() + dt.timedelta(seconds=5),
        )
        assert later is not None
        assert await lifecycle.claim_next(uow, "w2", clock.now()) is None, "not due yet"
    clock.advance(seconds=5)
    async with store.transaction() as uow:
        assert (await lifecycle.claim_next(uow, "w2", clock.now())).id == first.id


async def running(store, clock, **changes):
    action = await created(store, clock, **changes)
    await decide(store, clock, action)
    async with store.transaction() as uow:
        return await lifecycle.claim_next(uow, "w1", clock.now())


class Wakes:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


async def finish(store, clock, action, outcome, patience=None, wakes=None):
    return await lifecycle.finish(
        store,
        clock,
        action,
        outcome,
        wake_deliverer=wakes or Wakes(),
        patience=patience,
    )


async def test_finish_executed_once_with_its_event_and_a_wake_up(store, clock):
    action, wakes = await running(store, clock), Wakes()
    done = await finish(store, clock, action, Executed({"messageId": "m1"}), wakes=wakes)
    assert (done.status, done.result, done.executed_at) == (
        "executed",
        {"messageId": "m1"},
        clock.now(),
    )
    assert wakes.count == 1 and ("action.executed", action.id) in await events(store)
    assert await finish(store, clock, action, Failed("internal_error", "late"), wakes=wakes) is None
    assert wakes.count == 1 and (await stored(store, action.id)).status == "executed"


async def test_finish_failed_moves_the_account_only_from_the_state_it_ran_in(store, clock):
    account = Account(
        workspace_id=WS,
        id="40001",
        mode="live",
        username="maya",
        name="Maya",
        avatar_url=None,
        status="healthy",
        status_reason=None,
        writes_enabled=True,
        linked_at=clock.now(),
        last_synced_at=clock.now(),
        session_secret=b"old",
    )
    async with store.transaction() as uow:
        await uow.accounts.add(account)
    first, second = await running(store, clock), await running(store, clock)
    said = Failed("account_unavailable", "Relink.", "needs_relink", account)
    failed = await finish(store, clock, first, said)
    assert (failed.status, failed.error["code"]) == ("failed", "account_unavailable")
    async with store.reading() as uow:
        moved = await uow.accounts.get(WS, "40001")
        kinds = [e.type for e in await uow.events.list(WS)]
    assert (moved.status, moved.status_reason) == ("needs_relink", "Relink.")
    assert kinds.count("account.status_changed") == 1
    async with store.transaction() as uow:  # relinked meanwhile, with a new session
        await uow.accounts.update(WS, "40001", status="healthy", session_secret=b"new")
    await finish(store, clock, second, said)
    async with store.reading() as uow:
        assert (await uow.accounts.get(WS, "40001")).status == "healthy", "a relink is never undone"


async def test_an_unsent_action_waits_approved_with_its_schedule(store, clock):
    action = await running(store, clock)
    deferred = await finish(store, clock, action, Unsent("platform_error", "HTTP 503.", 3))
    assert (deferred.status, deferred.claimed_by, deferred.execution_attempts) == (
        "approved",
        None,
        3,
    )
    assert deferred.next_attempt_at == clock.now() + dt.timedelta(seconds=4)
    assert deferred.retrying_since == clock.now()
    assert deferred.last_error == {"code": "platform_error", "message": "HTTP 503."}
    clock.advance(seconds=4)
    async with store.transaction() as uow:
        again = await lifecycle.claim_next(uow, "w2", clock.now())
    later = await finish(store, clock, again, Unsent("platform_error", "HTTP 503.", 1, 90.0))
    assert later.execution_attempts == 4 and later.retrying_since == deferred.retrying_since
    assert later.next_attempt_at == clock.now() + dt.timedelta(seconds=90), "Retry-After wins"


async def test_patience_runs_out_in_a_failure_saying_nothing_was_sent(store, clock):
    action = await running(store, clock)
    patience = Patience(limit=dt.timedelta(minutes=5))
    await finish(store, clock, action, Unsent("platform_error", "HTTP 503.", 3), patience)
    clock.advance(minutes=5)
    async with store.transaction() as uow:
        again = await lifecycle.claim_next(uow, "w2", clock.now())
    failed = await finish(store, clock, again, Unsent("platform_error", "HTTP 503.", 3), patience)
    assert (failed.status, failed.error["code"]) == ("failed", "platform_error")
    assert "for 5 minutes (6 attempts)" in failed.error["message"]
    assert "Nothing was sent to the platform" in failed.error["message"]


async def test_an_action_expiring_before_its_next_attempt_fails(store, clock):
    action = await running(store, clock, expires_at=clock.now() + dt.timedelta(seconds=2))
    failed = await finish(store, clock, action, Unsent("platform_error", "HTTP 503.", 3))
    assert failed.status == "failed" and "The action expired" in failed.error["message"]
    assert failed.execution_attempts == 0, "nothing deferred"
