"""The counts a governed creation makes under the account's lock read through an index on both
databases (plans, not timings, as in test_keyset_plans.py): an allowance's use reads
ix_allowance_uses, a daily limit's window one of the account's list indexes."""

from __future__ import annotations

import datetime as dt

import pytest

from storage.sql import action_counts
from tests.storage.test_keyset_plans import _plan

AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)

STATEMENTS = {
    "allowance used": (
        action_counts._ALLOWANCE_USED,
        {"ws": "ws_1", "account": "40001", "allowance": "k", "since": AT},
        ("ix_allowance_uses",),
    ),
    "limit window": (
        action_counts._LIMIT_WINDOW,
        {
            "ws": "ws_1",
            "mode": "live",
            "account": "40001",
            "since": AT,
            "types": ["send_message", "send_mass_message"],
            "now": AT,
        },
        ("ix_actions_account_list", "ix_actions_account_status_list"),
    ),
}


@pytest.mark.parametrize("name", sorted(STATEMENTS))
async def test_governed_counts_read_an_index(store, name):
    statement, values, index = STATEMENTS[name]
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        plan = await _plan(uow.conn, statement, values)
    assert "Seq Scan" not in plan and "SCAN actions" not in plan, plan
    # SQLite takes the first index named; PostgreSQL, costing both of the account's list indexes
    # alike on an empty table, may take either (each seeks the account's rows, then filters).
    if store.dialect == "postgresql":
        assert any(name in plan for name in index), plan
    else:
        assert index[0] in plan, plan
