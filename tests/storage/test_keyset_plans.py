"""The actions list seeks its index on both drivers: the row-value keyset is an index condition.

Plans, not timings: each test asks the database (EXPLAIN / EXPLAIN QUERY PLAN) how it runs the
exact statement `SqlActions.list` executes for a later page, and requires the `(created_at, id)`
position to be part of the index search rather than a filter over rows read from the top.
"""

from __future__ import annotations

import datetime as dt

from storage.sql.repos.actions.reads import _list_statement

AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


async def _plan(conn, statement, values: dict) -> str:
    """EXPLAIN of the statement as the driver runs it: the SQL and arguments our planner binds
    (storage/sql/driver/statements.py), the same call `Connection.execute` makes."""
    plan, key = conn.planner.plan(statement, values)
    sql, args = plan.bind(values, key)
    prefix = "EXPLAIN" if conn.dialect.name == "postgresql" else "EXPLAIN QUERY PLAN"
    rows = (await conn.exec_driver_sql(f"{prefix} {sql}", args)).all()
    return "\n".join(" ".join(str(v) for v in row) for row in rows)


async def _explain(store, by_account: bool) -> str:
    statement = _list_statement(None, by_account, False, False, True)
    values = {
        "ws": "ws_1",
        "mode": "live",
        "account": "40001",
        "limit": 101,
        "before_at": AT,
        "before_id": "act_x",
    }
    async with store.transaction() as uow:
        if store.dialect == "postgresql":
            # An empty table is cheapest to scan whole; ask for the plan a big table gets.
            await uow.conn.exec_driver_sql("SET LOCAL enable_seqscan = off")
            await uow.conn.exec_driver_sql("SET LOCAL enable_sort = off")
        return await _plan(uow.conn, statement, values)


def _seeks(plan: str, dialect: str, index: str, *, filtered: str | None = None) -> bool:
    """The position is part of the index search. On PostgreSQL `filtered` names a column the
    planner may still check row by row (its choice between two equally cheap indexes depends
    on the statistics other tests left); the position itself must never be a filter."""
    if dialect == "postgresql":
        lines = plan.splitlines()
        filters = [line for line in lines if "Filter" in line]
        return (
            any(
                "Index Cond" in line and "ROW(created_at, " in line and ") < ROW(" in line
                for line in lines
            )
            and (filtered is not None or any(index in line for line in lines))
            and all(
                filtered is not None and f"({filtered})" in line and "created_at" not in line
                for line in filters
            )
        )
    return (
        f"USING INDEX {index} (workspace_id=? AND mode=? AND" in plan
        and "(created_at,id)<(?,?))" in plan
    )


async def test_a_later_page_of_the_workspace_list_seeks_the_index(store):
    plan = await _explain(store, by_account=False)
    assert _seeks(plan, store.dialect, "ix_actions_list"), plan


async def test_a_later_page_of_one_accounts_list_seeks_its_index(store):
    plan = await _explain(store, by_account=True)
    assert _seeks(plan, store.dialect, "ix_actions_account_list", filtered="account_id"), plan
