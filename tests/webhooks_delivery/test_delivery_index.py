"""The due-deliveries query is backed by an index on both databases: `ix_deliveries_due` finds
pending rows that are due, instead of a scan of every delivery ever made."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.repos.webhooks.deliveries import SqlDeliveries


async def plan(store, clock) -> str:
    # A transaction: SET LOCAL lasts until its end (PostgreSQL read units run without one).
    async with store.transaction() as uow:
        query = SqlDeliveries(uow.conn).due_query(clock.now(), 50, ["whe_busy"])
        compiled = query.compile(dialect=uow.conn.dialect, compile_kwargs={"literal_binds": True})
        if store.dialect == "postgresql":
            # Tiny test tables make a sequential scan cheapest; forbid it to see which index
            # the planner can use (it picks the same one on a large table).
            await uow.conn.execute(sa.text("SET LOCAL enable_seqscan = off"))
            rows = await uow.conn.execute(sa.text(f"EXPLAIN {compiled}"))
        else:
            rows = await uow.conn.execute(sa.text(f"EXPLAIN QUERY PLAN {compiled}"))
        return "\n".join(" ".join(str(v) for v in row) for row in rows)


async def test_the_due_query_uses_its_indexes(store, clock):
    shown = await plan(store, clock)
    assert "ix_deliveries_due" in shown, shown
    assert "Seq Scan" not in shown and "SCAN deliveries" not in shown, shown
