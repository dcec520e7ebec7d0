"""The revenue counter is locked only when a sync has something new, and per workspace: syncs of
different workspaces, and syncs that found nothing new, never wait on a writer's lock."""

from __future__ import annotations

import asyncio

from service.revenue.usecases import observe_transactions
from service.workspaces.usecases import create_workspace
from tests.factories import add_live_account, build_world
from tests.revenue.test_revenue_observe import platform_row

NEVER_WAIT = 10.0  # seconds: a bound on a hang, not a timing measurement


async def test_numbers_are_per_workspace(store, clock):
    world = await build_world(store, clock)
    other = await create_workspace(store, clock, "Other agency")
    await add_live_account(store, clock, other.id)
    for workspace_id, ids in (
        (world.workspace_id, ["a1", "a2"]),
        (other.id, ["b1"]),
        (world.workspace_id, ["a3"]),
    ):
        async with store.transaction() as uow:
            await observe_transactions(
                uow, clock.now(), workspace_id, "40001", [platform_row(i) for i in ids]
            )
    async with store.reading() as uow:
        mine = await uow.transactions.page(world.workspace_id, mode="live")
        theirs = await uow.transactions.page(other.id, mode="live")
        assert await uow.transactions.high_water(world.workspace_id) == 3
        assert await uow.transactions.high_water(other.id) == 1
    assert [(r["id"], r["seq"]) for r in mine] == [("a1", 1), ("a2", 2), ("a3", 3)]
    assert [(r["id"], r["seq"]) for r in theirs] == [("b1", 1)]


async def test_writers_of_other_workspaces_and_unchanged_syncs_do_not_wait(store, clock):
    world = await build_world(store, clock)
    other = await create_workspace(store, clock, "Other agency")
    await add_live_account(store, clock, other.id)
    async with store.transaction() as uow:
        await observe_transactions(
            uow, clock.now(), world.workspace_id, "40001", [platform_row("known")]
        )

    async def observe(workspace_id: str, tx_id: str) -> list:
        async with store.transaction() as uow:
            return await observe_transactions(
                uow, clock.now(), workspace_id, "40001", [platform_row(tx_id)]
            )

    if store.dialect == "sqlite":
        # SQLite queues every writer on the one database lock; only the numbering is checked.
        assert len(await observe(other.id, "theirs")) == 1
        return
    async with store.transaction() as holder:  # a writer of the first workspace, not committed
        assert (
            len(
                await observe_transactions(
                    holder, clock.now(), world.workspace_id, "40001", [platform_row("held")]
                )
            )
            == 1
        )
        theirs = await asyncio.wait_for(observe(other.id, "theirs"), NEVER_WAIT)
        unchanged = await asyncio.wait_for(observe(world.workspace_id, "known"), NEVER_WAIT)
    assert len(theirs) == 1 and unchanged == []
