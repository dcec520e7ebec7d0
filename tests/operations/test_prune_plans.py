"""The pruner's delete of old events reads them oldest first from the dispatcher's index and
checks each one's deliveries on their event index, whatever the planner's statistics say.

Statistics taken while every old event still had its deliveries (what autovacuum records
before a prune) tell the planner that nearly no event is free to go; then it would rather hash
every delivery and scan every event than walk the index, 0.6 s a batch at 1,000,000 deliveries
however few rows the batch asked for. The test builds that state: events with deliveries,
analyzed, then the oldest third's deliveries pruned, and asks the database how it runs the
statement (as in tests/storage/test_list_plans.py, sequential scans priced out on PostgreSQL).
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from service.domain.principal import Principal
from service.kit.crypto import SecretBox
from service.webhooks.usecases import add_event_endpoint
from service.workspaces.usecases import create_workspace
from storage.sql import tables as t
from storage.sql.repos.operations import _DELETE_EVENTS
from tests.storage.conftest import start_afresh
from tests.storage.test_list_plans import _plan

EVENTS = 3000
NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


async def _seed(store, clock) -> None:
    await start_afresh(store)
    workspace = await create_workspace(store, clock, "Plans")
    owner = Principal(
        workspace_id=workspace.id,
        mode="live",
        kind="user",
        label="Owner",
        scopes=frozenset({"read", "write"}),
        user_id="usr_plans",
        email="owner@plans.test",
        role="owner",
    )
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
