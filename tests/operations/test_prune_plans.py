"""Prune's look-ups read an index on both databases: the oldest deliveries by `created_at` and
events by `dispatched_at`, never a scan or sort of every finished delivery (bench/growth.py
found SQLite sorting all of them through `ix_deliveries_due` when the query said
`status IN (…)`)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from storage.sql.repos import operations as upkeep_repos


async def plan(store, statement, values) -> str:
    async with store.transaction() as uow:  # SET LOCAL lasts until the transaction's end
        args: tuple[object, ...] = ()
        if isinstance(statement, str):
            compiled = statement
        elif values:  # a DELETE's values cannot be bound into it (`params` is for SELECTs)
            done = statement.compile(dialect=uow.conn.dialect)
            compiled = str(done)
            given = {**done.params, **values}
            args = tuple(given[name] for name in done.positiontup or ())
        else:
            compiled = statement.compile(
                dialect=uow.conn.dialect, compile_kwargs={"literal_binds": True}
            )
        if store.dialect == "postgresql":
            # Tiny test tables make a sequential scan cheapest; forbid it to see the index.
            await uow.conn.execute(sa.text("SET LOCAL enable_seqscan = off"))
            rows = await uow.conn.exec_driver_sql(f"EXPLAIN {compiled}", args)
        else:
            rows = await uow.conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}", args)
        return "\n".join(" ".join(str(v) for v in row) for row in rows)


async def test_old_deliveries_are_deleted_by_their_creation_time(store):
    """Each delete chooses the oldest finished deliveries by walking `created_at`'s index in
    order, and finds their attempts and rows by index."""
    before = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    if store.dialect == "sqlite":
        for statement, by in (
            (upkeep_repos._DELETE_ATTEMPTS, "ix_delivery_attempts_delivery_id"),
            (upkeep_repos._DELETE_DELIVERIES, "sqlite_autoindex_deliveries_1"),
        ):
            shown = await plan(store, statement, {"before": before.isoformat(), "limit": 500})
            assert "ix_deliveries_created_at" in shown and by in shown, shown
            assert "TEMP B-TREE" not in shown and "SCAN" not in shown, shown
        return
    sql = upkeep_repos._PG_DELETE_DELIVERIES.replace("$1", f"'{before.isoformat()}'")
    shown = await plan(store, sql.replace("$2", "500"), {})
    for index in ("ix_deliveries_created_at", "ix_delivery_attempts_delivery_id", "pk_deliveries"):
        assert index in shown, shown
    # PostgreSQL's plan on an empty table may sort the few rows its bitmap scan found, but it
    # too reads them through the index.
    assert "Seq Scan" not in shown, shown


async def test_old_events_are_found_by_their_dispatch_time(store):
    before = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    statement = upkeep_repos._OLD_EVENTS.params(before=before, limit=500)
    shown = await plan(store, statement, {})
    assert "ix_events_undispatched" in shown, shown
    assert "TEMP B-TREE" not in shown and "Seq Scan on events" not in shown, shown
    # The "no delivery refers to it" test: SQLite probes the event_id index per event;
    # PostgreSQL may instead anti-join (on tiny tables, a hash of every delivery).
    assert "ix_deliveries_event_id" in shown or "Anti Join" in shown, shown
