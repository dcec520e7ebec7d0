"""The record's counts read indexes on both databases (plans, not timings): the suggestions'
counts by type and day, and by type and price, from one of the account's list indexes (on SQLite ix_actions_account_list
alone, covering; PostgreSQL, costing the account's indexes alike on a small table, may take any
of them, each a seek to the account's rows), a shadow's day from its own partial index."""

from __future__ import annotations

from storage.sql.repos.actions import record as record_repos
from tests.storage.test_governance_plans import AT, _seed
from tests.storage.test_keyset_plans import _plan


async def test_the_suggestions_and_a_shadows_day_read_their_indexes(store, clock):
    ws = await _seed(store, clock)
    window = {
        "ws": ws,
        "mode": "live",
        "account": "40001",
        "start": AT.replace(year=2025),
        "end": AT,
    }
    shadow = {"ws": ws, "mode": "live", "account": "40001", "key": "k", "since": AT, "cap": 300}
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
        days = await _plan(uow.conn, record_repos._type_days(), window)
        prices = await _plan(uow.conn, record_repos._TYPE_PRICES, window)
        used = await _plan(uow.conn, record_repos._SHADOW_USED, shadow)
    for plan in (days, prices):
        assert "Seq Scan" not in plan and "SCAN actions" not in plan, plan
        if store.dialect == "sqlite":
            assert "COVERING INDEX ix_actions_account_list" in plan, plan
        else:
            account_indexes = (
                "ix_actions_account_list",
                "ix_actions_account_status_list",
                "ix_actions_account_type",
            )
            assert any(index in plan for index in account_indexes), plan
    assert "ix_actions_shadow" in used, used
