"""ix_actions_open is partial: it holds only actions still pending, approved or
executing. SQLite uses a partial index only for a statement that repeats its condition, so each
statement that finds open actions is checked here for its plan on SQLite, and on PostgreSQL
for reading through an index (plans, not
timings, as in test_keyset_plans.py)."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from service.actions.transitions import FINAL, STATUSES
from storage.sql import tables as t
from storage.sql.repos.actions import queue as action_queue
from storage.sql.repos.actions import reads as action_reads
from tests.storage.test_keyset_plans import _plan

AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
c = t.actions.c


def test_the_open_statuses_are_the_ones_an_action_leaves_again():
    assert set(t.OPEN_STATUSES) == set(STATUSES) - FINAL
    assert "status IN (" + ", ".join(f"'{s}'" for s in t.OPEN_STATUSES) + ")" == t.OPEN_CONDITION


# The list of one workspace's pending actions is not here: it names the list by status, which
# seeks the workspace's own (ix_actions_open holds every workspace's; test_list_plans.py).
STATEMENTS = {
    "expire": (
        t.actions.update()
        .where(
            c.status == "pending",
            action_reads.OPEN,
            c.expires_at <= sa.bindparam("now", type_=c.expires_at.type),
        )
        .values(status="expired"),
        {"now": AT},
    ),
    "stuck executing": (
        t.actions.select().where(
            c.status == "executing",
            action_reads.OPEN,
            c.claimed_at < sa.bindparam("now", type_=c.claimed_at.type),
        ),
        {"now": AT},
    ),
}


@pytest.mark.parametrize("name", sorted(STATEMENTS))
async def test_statements_of_open_actions_use_the_partial_index(store, name):
    statement, values = STATEMENTS[name]
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        plan = await _plan(uow.conn, statement, values)
    if store.dialect == "postgresql":
        # PostgreSQL proves the condition itself; between two indexes it picks by statistics
        # (an empty table here), so ask only that none of these reads the whole table.
        assert "Seq Scan" not in plan, plan
    else:
        assert "ix_actions_open" in plan, plan


DUE_STATEMENTS = {
    "claim a scheduled action due": (action_queue._CLAIM_DUE, {"worker": "w", "now": AT}),
    "claim an unscheduled action": (action_queue._CLAIM_UNSCHEDULED, {"worker": "w", "now": AT}),
    "the soonest schedule ahead": (action_queue._NEXT_DUE, {"now": AT}),
}


@pytest.mark.parametrize("name", sorted(DUE_STATEMENTS))
async def test_the_executor_finds_approved_actions_by_ix_actions_due(store, name):
    """Its claims and its timer seek the partial index of approved actions by run_at: actions
    scheduled later are never read one by one."""
    statement, values = DUE_STATEMENTS[name]
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        plan = await _plan(uow.conn, statement, values)
    if store.dialect == "postgresql":
        assert "Seq Scan" not in plan, plan
    else:
        assert "USING INDEX ix_actions_due (run_at" in plan, plan  # a seek, not a scan


def test_the_metadata_declares_ix_actions_due_partial_on_both_databases():
    from sqlalchemy.dialects import postgresql, sqlite
    from sqlalchemy.schema import CreateIndex

    import storage.sql.driver.postgres  # noqa: F401  (attaches PostgreSQL's half)

    index = next(i for i in t.actions.indexes if i.name == "ix_actions_due")
    for dialect in (sqlite.dialect(), postgresql.dialect()):
        ddl = str(CreateIndex(index).compile(dialect=dialect))
        assert ddl.endswith(f"WHERE {t.APPROVED_CONDITION}"), ddl


def test_the_metadata_declares_the_index_partial_on_both_databases():
    """PostgreSQL's condition is attached when PostgreSQL code loads (tables/actions.py says why)."""
    from sqlalchemy.dialects import postgresql, sqlite
    from sqlalchemy.schema import CreateIndex

    import storage.sql.driver.postgres  # noqa: F401  (attaches PostgreSQL's half)

    index = next(i for i in t.actions.indexes if i.name == "ix_actions_open")
    for dialect in (sqlite.dialect(), postgresql.dialect()):
        ddl = str(CreateIndex(index).compile(dialect=dialect))
        assert ddl.endswith(f"WHERE {t.OPEN_CONDITION}"), ddl


@pytest.mark.parametrize("statement", ["_ESCALATION_DUE", "_ESCALATE"])
async def test_the_escalator_seeks_ix_actions_escalate(store, statement):
    """Its check and its conditional write seek the partial index of pending actions by
    escalate_at: the finished actions and those due later are never read."""
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        plan = await _plan(uow.conn, getattr(action_queue, statement), {"now": AT})
    if store.dialect == "postgresql":
        assert "Seq Scan" not in plan, plan
    else:
        assert "USING INDEX ix_actions_escalate (escalate_at" in plan, plan
