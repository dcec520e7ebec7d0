"""An account's activity is counted by the database per UTC day (both databases): each action
once by where its decision stands, `failed` among the approved, the median wait to a decision,
and nothing from another account, mode or workspace; read through the account's list index."""

from __future__ import annotations

import datetime as dt

import attrs
import pytest

from service.actions.model import Action
from service.actions.policies.activity_day import ActivityDay
from service.workspaces.usecases import create_workspace
from storage.sql.repos.actions import activity
from tests.storage.conftest import forget_statistics
from tests.storage.test_keyset_plans import _plan

DAY1 = dt.datetime(2026, 11, 23, tzinfo=dt.UTC)
DAY2 = DAY1 + dt.timedelta(days=1)
NOW = DAY2 + dt.timedelta(hours=23)
SECOND = dt.timedelta(seconds=1)


def action(n: int, created: dt.datetime, status: str, **changes) -> Action:
    base = Action(
        id=f"act_{n}",
        workspace_id="ws_1",
        account_id="40001",
        mode="live",
        type="send_message",
        status=status,
        params={},
        summary="s",
        estimated_recipients=1,
        price=None,
        requested_by={"kind": "api_key", "label": "backend"},
        idempotency_key=f"k{n}",
        fingerprint="0" * 64,
        created_at=created,
        expires_at=created + dt.timedelta(hours=24),
    )
    return attrs.evolve(base, **changes)


def decided(seconds: float, created: dt.datetime) -> dict:
    return {"decided_at": created + SECOND * seconds, "decided_by": {"kind": "user"}}


async def workspaces(store, clock) -> tuple[str, str]:
    first = await create_workspace(store, clock, "Agency")
    second = await create_workspace(store, clock, "Other")
    return first.id, second.id


async def seed(store, ws: str, other: str) -> None:
    a = DAY1 + dt.timedelta(hours=1)
    b = DAY2 + dt.timedelta(hours=1)
    rows = [
        # day 1: person approvals taking 10 s, 30 s and 20 s (one executed, one failed, one
        # still approved), an allowance approval (instant), a rejection after 60 s, one
        # expired, one pending past its expiry (expired on read), one cancelled after approval
        action(1, a, "executed", **decided(10, a)),
        action(2, a, "failed", **decided(30, a)),
        action(3, a, "approved", **decided(20, a)),
        action(4, a, "executed", approvals_required=0, **decided(0, a)),
        action(5, a, "rejected", **decided(60, a)),
        action(6, a, "expired"),
        action(7, a - dt.timedelta(minutes=1), "pending"),
        action(8, a, "cancelled", **decided(5000, a)),
        # day 2: two allowance approvals, one pending still open
        action(9, b, "approved", approvals_required=0, **decided(0, b)),
        action(10, b, "failed", approvals_required=0, **decided(0, b)),
        action(11, b, "pending"),
        # outside the range, another account, another mode, another workspace
        action(12, DAY1 - SECOND, "rejected", **decided(1, DAY1 - SECOND)),
        action(13, a, "rejected", account_id="40002"),
        action(14, a, "rejected", mode="test"),
        action(15, a, "rejected", workspace_id=other),
    ]
    rows = [r if r.workspace_id == other else attrs.evolve(r, workspace_id=ws) for r in rows]
    async with store.transaction() as uow:
        for row in rows:
            await uow.actions.add(row)


@pytest.fixture
async def ws(store, clock):
    return await workspaces(store, clock)


@pytest.fixture
async def seeded(store, ws):
    await seed(store, *ws)
    return store


async def test_counts_each_action_once_per_day_by_outcome(seeded, ws):
    async with seeded.reading() as uow:
        days = await uow.actions.activity(
            ws[0], "live", "40001", DAY1, DAY2 + dt.timedelta(days=1), NOW
        )
    assert days == [
        ActivityDay(
            day=DAY1.date(),
            created=8,
            approved_by_person=3,
            approved_by_allowance=1,
            rejected=1,
            expired=2,
            cancelled=1,
            failed=1,
            pending=0,
            # waits 0, 10, 20, 30, 60 (the cancel's time is not a decision's)
            median_decision_seconds=20.0,
        ),
        ActivityDay(
            day=DAY2.date(),
            created=3,
            approved_by_allowance=2,
            failed=1,
            pending=1,
            median_decision_seconds=0.0,
        ),
    ]


async def test_an_even_count_of_decisions_takes_the_mean_of_the_middle_two(store, ws):
    a = DAY1 + dt.timedelta(hours=3)
    async with store.transaction() as uow:
        for n, wait in enumerate([4, 1, 2.5, 100]):
            await uow.actions.add(action(n, a, "rejected", workspace_id=ws[0], **decided(wait, a)))
    async with store.reading() as uow:
        (day,) = await uow.actions.activity(ws[0], "live", "40001", DAY1, DAY2, NOW)
    assert day.median_decision_seconds == 3.25
    assert day.rejected == 4


async def test_the_range_ends_are_half_open_and_another_workspace_sees_its_own(seeded, ws):
    async with seeded.reading() as uow:
        only_day2 = await uow.actions.activity(ws[0], "live", "40001", DAY2, NOW, NOW)
        elsewhere = await uow.actions.activity(ws[1], "live", "40001", DAY1, NOW, NOW)
        before = await uow.actions.activity(
            ws[0], "live", "40001", DAY1 - dt.timedelta(days=1), DAY1, NOW
        )
    assert [d.day for d in only_day2] == [DAY2.date()]
    assert [(d.created, d.rejected) for d in elsewhere] == [(1, 1)]
    assert [(d.day, d.rejected) for d in before] == [((DAY1 - SECOND).date(), 1)]


async def test_the_counts_read_the_account_list_index(store, ws):
    # A workspace of two accounts and many days, never analyzed: the counts must seek their
    # index without statistics, as on a database a restore just filled.
    await forget_statistics(store)
    async with store.transaction() as uow:
        for n in range(400):
            created = DAY1 - dt.timedelta(hours=n)
            account = "40001" if n % 2 else "40002"
            await uow.actions.add(
                attrs.evolve(
                    action(1000 + n, created, "executed"), workspace_id=ws[0], account_id=account
                )
            )
    values = {
        "ws": ws[0],
        "mode": "live",
        "account": "40001",
        "start": DAY1,
        "end": DAY2,
        "now": NOW,
    }
    counts, medians = activity.statements()
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        for statement in (counts, medians):
            plan = await _plan(uow.conn, statement, values)
            assert "Seq Scan" not in plan and "SCAN actions" not in plan, plan
            # one of the account's indexes led by (workspace, mode, account) with created_at:
            # the planner picks by statistics (an empty table here, where the by-type index
            # costs the same; on a large one its created_at, behind the type, bounds nothing)
            account_indexes = (
                "ix_actions_account_list",
                "ix_actions_account_status_list",
                "ix_actions_account_type",
            )
            assert any(index in plan for index in account_indexes), plan
            assert "created_at" in plan, plan
