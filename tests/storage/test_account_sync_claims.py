"""The syncer's lease and the conditional status moves, on both drivers: one worker wins each
claim, a lease lasts until the next due time, and a status write that names a status or session
the account has left writes nothing."""

from __future__ import annotations

import datetime as dt

from tests.factories import add_live_account, build_world

ROUND = ("healthy", "syncing", "restricted")
INTERVAL = dt.timedelta(minutes=5)


async def claim(store, clock, world, worker: str, account_id: str = "40002"):
    now = clock.now()
    async with store.transaction() as uow:
        return await uow.accounts.claim_sync(
            world.workspace_id,
            account_id,
            worker=worker,
            now=now,
            until=now + INTERVAL,
            statuses=ROUND,
        )


async def due(store, clock) -> list[str]:
    async with store.reading() as uow:
        return [a for _, a in await uow.accounts.due_for_sync(clock.now(), statuses=ROUND)]


async def test_one_worker_wins_a_claim_until_the_next_due_time(store, clock):
    world = await build_world(store, clock)
    await add_live_account(store, clock, world.workspace_id, "40002", session_secret=b"s1")
    await add_live_account(
        store, clock, world.workspace_id, "40003", session_secret=b"s2", status="needs_relink"
    )
    assert await due(store, clock) == ["40002"]  # no session, needs_relink, test: not due
    first = await claim(store, clock, world, "worker-a")
    assert first is not None and first.id == "40002"
    assert await claim(store, clock, world, "worker-b") is None
    assert await due(store, clock) == []
    clock.advance(seconds=INTERVAL.total_seconds() - 1)
    assert await claim(store, clock, world, "worker-b") is None
    clock.advance(seconds=1)
    assert await due(store, clock) == ["40002"]
    assert await claim(store, clock, world, "worker-b") is not None
    async with store.reading() as uow:
        row = await uow.accounts.get(world.workspace_id, "40002")
    assert row.status == "healthy"


async def test_a_move_writes_only_from_the_status_and_session_it_names(store, clock):
    world = await build_world(store, clock)
    await add_live_account(store, clock, world.workspace_id, "40002", session_secret=b"old")
    ws = world.workspace_id
    async with store.transaction() as uow:
        # The executor marked it needs_relink: a sync that started from `healthy` keeps out.
        await uow.accounts.update(ws, "40002", status="needs_relink", status_reason="expired")
        assert (
            await uow.accounts.move(
                ws,
                "40002",
                from_status="healthy",
                from_session=b"old",
                status="healthy",
                status_reason=None,
            )
            is None
        )
        # Relinked with a new session: a sync that started with the old one keeps out.
        await uow.accounts.update(ws, "40002", status="syncing", session_secret=b"new")
        assert (
            await uow.accounts.move(
                ws, "40002", from_status="syncing", from_session=b"old", status="needs_relink"
            )
            is None
        )
        moved = await uow.accounts.move(
            ws,
            "40002",
            from_status="syncing",
            from_session=b"new",
            status="healthy",
            status_reason=None,
        )
    assert moved is not None and moved.status == "healthy"
    async with store.reading() as uow:
        assert (await uow.accounts.get(ws, "40002")).session_secret == b"new"


async def test_a_move_names_an_account_without_session(store, clock):
    world = await build_world(store, clock)
    sandbox = world.sandbox_accounts[0]
    async with store.transaction() as uow:
        before = await uow.accounts.get(world.workspace_id, sandbox)
        assert before.session_secret is None
        assert (
            await uow.accounts.move(
                world.workspace_id,
                sandbox,
                from_status=before.status,
                from_session=b"other",
                status="restricted",
            )
            is None
        )
        moved = await uow.accounts.move(
            world.workspace_id,
            sandbox,
            from_status=before.status,
            from_session=None,
            status="restricted",
        )
    assert moved is not None and moved.status == "restricted"
