"""Recording platform transaction rows: a version per new or changed row, an outbox event each."""

from __future__ import annotations

from service.revenue.usecases import observe_transactions
from tests.factories import build_world


def platform_row(tx_id: str, **changes) -> dict:
    row = {
        "id": tx_id,
        "fanId": "f1",
        "kind": "subscription",
        "description": "Sub",
        "status": "pending",
        "grossCents": 1000,
        "netCents": 800,
        "feeCents": 200,
        "vatCents": 0,
        "currency": "USD",
        "occurredAt": "2026-11-01T10:00:00+00:00",
        "updatedAt": "2026-11-01T10:00:00+00:00",
        "deleted": False,
    }
    row.update(changes)
    return row


async def test_new_and_changed_rows_become_versions_with_events(store, clock):
    world = await build_world(store, clock)
    async with store.transaction() as uow:
        first = await observe_transactions(
            uow, clock.now(), world.workspace_id, "40001", [platform_row("t1"), platform_row("t2")]
        )
    assert [r["id"] for r in first] == ["t1", "t2"]
    assert first[0]["observedAt"].endswith("Z") and "." in first[0]["observedAt"]
    clock.advance(minutes=1)
    async with store.transaction() as uow:
        again = await observe_transactions(
            uow,
            clock.now(),
            world.workspace_id,
            "40001",
            [
                platform_row("t1", updatedAt="2026-11-02T00:00:00Z"),
                platform_row("t2", status="completed"),
            ],
        )
    assert [(r["id"], r["status"]) for r in again] == [("t2", "completed")]
    async with store.transaction() as uow:
        gone = await observe_transactions(
            uow, clock.now(), world.workspace_id, "40001", [platform_row("t1", deleted=True)]
        )
    assert gone[0]["deleted"] is True
    async with store.reading() as uow:
        events = [
            e for e in await uow.events.list(world.workspace_id) if e.type == "transaction.observed"
        ]
        rows = await uow.transactions.page(world.workspace_id, mode="live")
    assert [e.data["id"] for e in events] == ["t1", "t2", "t2", "t1"]
    assert [r["id"] for r in rows] == ["t1", "t2", "t2", "t1"]
    assert [r["seq"] for r in rows] == sorted(r["seq"] for r in rows)


async def test_two_syncs_at_once_record_a_change_once(store, clock):
    """Two replicas syncing one account at the same moment: one version, one event."""
    import asyncio

    world = await build_world(store, clock)

    async def sync_once():
        async with store.transaction() as uow:
            return await observe_transactions(
                uow,
                clock.now(),
                world.workspace_id,
                "40001",
                [platform_row("t9", status="completed")],
            )

    results = await asyncio.gather(*[sync_once() for _ in range(4)])
    assert sorted(len(r) for r in results) == [0, 0, 0, 1]
    async with store.reading() as uow:
        rows = await uow.transactions.page(world.workspace_id, mode="live")
    assert [r["id"] for r in rows] == ["t9"]
