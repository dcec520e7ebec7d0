"""Prune's look-ups read an index on both databases: the oldest deliveries by `created_at` and
events by `dispatched_at`, never a scan or sort of every finished delivery (bench/growth.py
found SQLite sorting all of them through `ix_deliveries_due` when the query said
`status IN (…)`).

Old events are read oldest first from the dispatcher's index and each one's deliveries checked
on their event index, whatever the planner's statistics say. Statistics taken while every old
event still had its deliveries (what autovacuum records before a prune) tell PostgreSQL that
nearly no event is free to go; it would then rather hash every delivery and scan every event
than walk the index, 0.6 s a batch at 1,000,000 deliveries however few rows the batch asked
for. The last test builds that state: events with deliveries, analyzed, then the oldest third's
deliveries pruned (sequential scans priced out, as in tests/storage/test_list_plans.py)."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from service.kit.crypto import SecretBox
from service.webhooks.usecases import add_event_endpoint
from service.workspaces.usecases import create_workspace
from storage.sql import tables as t
from storage.sql.repos import operations as upkeep_repos
from storage.sql.repos.operations import _DELETE_EVENTS
from tests.factories import owner_of
from tests.storage.conftest import start_afresh
from tests.storage.test_list_plans import _plan


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
    when = before.isoformat() if store.dialect == "sqlite" else before
    shown = await plan(store, upkeep_repos._OLD_EVENTS, {"before": when, "limit": 500})
    assert "ix_events_undispatched" in shown, shown
    assert "TEMP B-TREE" not in shown and "Seq Scan on events" not in shown, shown
    # The "no delivery refers to it" test probes the event_id index per event.
    assert "ix_deliveries_event_id" in shown and "Anti Join" not in shown, shown


EVENTS = 3000
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


async def _seed(store, clock) -> None:
    await start_afresh(store)
    workspace = await create_workspace(store, clock, "Plans")
    owner = owner_of(workspace.id)
    endpoint = await add_event_endpoint(
        store, clock, owner, "http://127.0.0.1:9/hooks", box=SecretBox("s"), allow_loopback=True
    )
    ev = t.events.c
    async with store.transaction() as uow:
        for n in range(EVENTS):
            at = NOW - dt.timedelta(minutes=EVENTS - n)
            await uow.conn.execute(
                t.events.insert().values(
                    id=f"evt_{n:05d}",
                    workspace_id=workspace.id,
                    type="action.created",
                    mode="live",
                    data={},
                    created_at=at,
                    dispatched_at=at,
                )
            )
    copied = sa.select(
        sa.literal("dlv_") + ev.id,
        sa.literal(endpoint.id),
        ev.workspace_id,
        ev.id,
        ev.type,
        sa.literal("succeeded"),
        sa.literal(1),
        ev.created_at,
        ev.seq,
    )
    columns = ["id", "endpoint_id", "workspace_id", "event_id", "event_type", "status"]
    async with store.transaction() as uow:
        await uow.conn.execute(
            t.deliveries.insert().from_select([*columns, "attempts", "created_at", "seq"], copied)
        )
        if store.dialect == "postgresql":
            await uow.conn.exec_driver_sql("ANALYZE events")
            await uow.conn.exec_driver_sql("ANALYZE deliveries")
        else:
            await uow.conn.exec_driver_sql("ANALYZE")
        await uow.conn.exec_driver_sql(
            "DELETE FROM deliveries WHERE event_id IN (SELECT id FROM events ORDER BY seq"
            f" LIMIT {EVENTS // 3})"
        )


async def test_old_events_are_read_oldest_first_whatever_the_statistics(store, clock):
    await _seed(store, clock)
    async with store.reading() as uow:
        values = {"before": NOW - dt.timedelta(minutes=EVENTS // 2), "limit": 100}
        plan, extracted = uow.conn.planner.plan(_DELETE_EVENTS, values)
        sql, args = plan.bind(values, extracted)
    chosen = sql.replace("DELETE FROM events WHERE", "SELECT 1 FROM events WHERE", 1)
    shown = await _plan(store, chosen, list(args))
    assert "ix_events_undispatched" in shown
    assert "ix_deliveries_event_id" in shown
    if store.dialect == "postgresql":
        assert "Anti Join" not in shown and "Seq Scan" not in shown
        assert "SubPlan" in shown  # each event's deliveries looked up as it comes
    else:
        assert "SCAN events" not in shown.replace("SCAN events USING", "")
