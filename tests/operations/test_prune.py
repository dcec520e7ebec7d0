"""Retention: what prune removes and what it keeps, on both drivers, with the clock
moved by hand. Actions (and so their idempotency keys), audit entries and revenue rows stay."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools

import pytest

from service.domain.ids import new_id
from service.linking.tokens import LinkTokens
from service.linking.usecases import create_link
from service.operations.model import Retention
from service.operations.pruner import prune
from service.webhooks.dispatch import dispatch_all
from service.workspaces.model import Invite, Session

MESSAGE = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hi</p>"}}
DEFAULT = Retention()


async def create(client, world, key):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json=MESSAGE,
        headers={**world.auth(), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]["id"]


async def count(store, table: str) -> int:
    async with store.reading() as uow:
        return (await uow.conn.exec_driver_sql(f"SELECT count(*) FROM {table}")).scalar()


async def ids(store, table: str) -> set[str]:
    async with store.reading() as uow:
        return {r[0] for r in await uow.conn.exec_driver_sql(f"SELECT id FROM {table}")}


async def dashboard_rows(store, clock, world):
    """Sessions and invites in every state, written through their repositories."""
    now = clock.now()
    user = world.owner.user_id
    rows = {
        "ended": Session(
            new_id("s"), user, world.workspace_id, "c", now, now + dt.timedelta(days=1), now
        ),
        "expired": Session(
            new_id("s"), user, None, "c", now - dt.timedelta(days=2), now - dt.timedelta(seconds=1)
        ),
        "live": Session(new_id("s"), user, None, "c", now, now + dt.timedelta(days=1)),
    }
    invites = {
        "accepted": Invite(
            new_id("inv_"),
            world.workspace_id,
            "a@x.test",
            "member",
            new_id("h"),
            user,
            now,
            now + dt.timedelta(days=7),
            now,
        ),
        "expired": Invite(
            new_id("inv_"),
            world.workspace_id,
            "b@x.test",
            "member",
            new_id("h"),
            user,
            now - dt.timedelta(days=8),
            now - dt.timedelta(days=1),
        ),
        "open": Invite(
            new_id("inv_"),
            world.workspace_id,
            "c@x.test",
            "member",
            new_id("h"),
            user,
            now,
            now + dt.timedelta(days=7),
        ),
    }
    async with store.transaction() as uow:
        for session in rows.values():
            await uow.sessions.add(session)
        for invite in invites.values():
            await uow.invites.add(invite)
    return rows, invites


async def test_prune_removes_what_retention_no_longer_keeps_and_keeps_the_rest(
    store, clock, client, world, events_endpoint, deliverer, receiver
):
    # Day 0: two actions; their events are delivered (attempt rows and all).
    old_action = await create(client, world, "old-key")
    await create(client, world, "old-key-2")
    await dispatch_all(store, clock)
    await deliverer.run_once()
    delivered = await count(store, "deliveries")
    assert delivered == 2 and await count(store, "delivery_attempts") == 2
    link = await create_link(
        store, clock, world.owner, "old link", tokens=LinkTokens("test-secret", [])
    )
    audit_before = await count(store, "audit_log")

    # Day 29: one more event whose receiver fails: its delivery stays pending.
    clock.advance(days=29)
    receiver.set_mode("fail", 500)
    await create(client, world, "recent-key")
    await dispatch_all(store, clock)
    await deliverer.run_once()

    # Day 31: the day-0 deliveries, their attempts and events are due; the rest is kept.
    clock.advance(days=2)
    sessions, invites = await dashboard_rows(store, clock, world)
    report = await prune(store, clock, DEFAULT)
    assert report.removed["deliveries"] == 2 and report.removed["attempts"] == 2
    assert report.removed["events"] == 2
    assert report.removed["sessions"] == 2 and report.removed["invites"] == 2
    assert report.removed["links"] == 0  # expired on day 1: kept 90 days
    assert await count(store, "deliveries") == 1  # the pending one
    assert await count(store, "events") == 1  # still referred to by it
    assert await ids(store, "sessions") == {sessions["live"].id}
    assert await ids(store, "invites") == {invites["open"].id}
    assert await count(store, "actions") == 3
    assert await count(store, "audit_log") == audit_before

    # A replay of the day-0 idempotency key still returns its action (keys never expire).
    replay = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json=MESSAGE,
        headers={**world.auth(), "Idempotency-Key": "old-key"},
    )
    assert replay.json()["data"]["id"] == old_action

    # Nothing more is due: a second prune removes nothing.
    assert (await prune(store, clock, DEFAULT)).total == 0

    # Day 92: the link expired 91 days ago is gone.
    clock.advance(days=61)
    assert (await prune(store, clock, DEFAULT)).removed["links"] == 1
    assert link.id not in await ids(store, "links")


async def test_zero_days_prunes_as_soon_as_finished(
    store, clock, client, world, events_endpoint, deliverer
):
    await create(client, world, "k")
    await dispatch_all(store, clock)
    undelivered = await prune(store, clock, Retention(0, 0))
    assert undelivered.removed["deliveries"] == 0 and undelivered.removed["events"] == 0
    await deliverer.run_once()
    clock.advance(seconds=1)
    report = await prune(store, clock, Retention(0, 0))
    assert (report.removed["deliveries"], report.removed["events"]) == (1, 1)
    assert await count(store, "actions") == 1


async def test_prune_works_in_small_batches(
    store, clock, client, world, events_endpoint, deliverer
):
    for n in range(7):
        await create(client, world, f"k{n}")
    await dispatch_all(store, clock)
    await deliverer.run_once()
    clock.advance(days=31)
    report = await prune(store, clock, DEFAULT, batch=3)
    assert report.removed["deliveries"] == 7 and report.removed["events"] == 7
    assert report.batches >= 3 + 3  # 7 deliveries in batches of 3, then events likewise


async def test_prune_under_concurrent_writes(
    store, clock, client, world, events_endpoint, deliverer
):
    for n in range(30):
        await create(client, world, f"old{n}")
    await dispatch_all(store, clock)
    await deliverer.run_once()
    clock.advance(days=31)

    async def writer() -> list[str]:
        made = []
        for n in range(40):
            made.append(await create(client, world, f"new{n}"))
        return made

    async def pruner():
        return await prune(store, clock, DEFAULT, batch=4)

    made, report = await asyncio.gather(writer(), pruner())
    assert report.removed["deliveries"] == 30 and report.removed["events"] == 30
    async with store.reading() as uow:
        for action_id in made:
            assert await uow.actions.get(world.workspace_id, action_id) is not None
    assert await count(store, "actions") == 70
    assert await count(store, "events") == 40  # the new actions' events, none lost


async def test_sqlite_gives_pruned_space_back(tmp_path, clock):
    """An existing file switches to incremental auto-vacuum at migrate time, and a prune then
    shrinks the file instead of leaving free pages inside it."""
    from service.domain.events import Event
    from storage.migrate import migrate
    from storage.sql.driver.engine import make_engine
    from storage.sql.store import SqlStore

    path = tmp_path / "old.db"
    engine = make_engine(f"sqlite:///{path}")
    await migrate(engine, "c7ee5e70007a")  # a file from before this change: no auto-vacuum
    await engine.dispose()
    store = SqlStore.from_url(f"sqlite:///{path}")
    try:
        async with store.reading() as uow:
            assert (await uow.conn.exec_driver_sql("PRAGMA auto_vacuum")).scalar() == 0
        await store.migrate()
        async with store.reading() as uow:
            assert (await uow.conn.exec_driver_sql("PRAGMA auto_vacuum")).scalar() == 2
        from service.workspaces.usecases import create_workspace

        workspace = await create_workspace(store, clock, "W")
        async with store.transaction() as uow:
            for _ in range(3000):
                await uow.events.add(
                    Event(
                        new_id("evt_"),
                        workspace.id,
                        "action.created",
                        None,
                        {"pad": "x" * 2000},
                        clock.now(),
                        mode="live",
                    )
                )
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("UPDATE events SET dispatched_at = created_at")
        await _checkpoint(path)
        full = path.stat().st_size
        clock.advance(days=31)
        report = await prune(store, clock, DEFAULT)
        assert report.removed["events"] == 3000 and report.pages_reclaimed > 1000, report
        await _checkpoint(path)
        assert path.stat().st_size < full / 3
    finally:
        await store.close()


async def _checkpoint(path) -> None:
    import sqlite3

    raw = sqlite3.connect(path)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()


async def test_the_deletes_give_their_page_cache_back(tmp_path, clock):
    """SQLite: deliveries are deleted with a roomier page cache, and the connection goes back to
    the pool with the cache it had: every pooled connection does not keep 64 MB."""
    from storage.sql.store import SqlStore

    store = SqlStore.from_url(f"sqlite:///{tmp_path / 'cache.db'}")
    try:
        await store.migrate()
        async with store.transaction() as uow:
            usual = (await uow.conn.exec_driver_sql("PRAGMA cache_size")).scalar()
            assert await uow.retention.prune_deliveries(clock.now(), 25) == (0, 0)
            assert (await uow.conn.exec_driver_sql("PRAGMA cache_size")).scalar() == usual
    finally:
        await store.close()


def test_statements_are_sized_by_the_time_they_take():
    """A statement that took well under its step doubles the next (at most); one over it
    shrinks the next to what fits (at least half); a short one (the last of its kind) and a
    fixed size change nothing. The pause after a batch is in proportion to its hold."""
    from service.operations.pruner import (
        BATCH,
        QUEUED_WRITES,
        SHORTEST_PAUSE,
        Batches,
        Pace,
        pause_after,
    )

    sizes = Batches(None, 0.01)
    assert sizes.size == BATCH
    sizes.after(BATCH, 0.001)
    assert sizes.size == 2 * BATCH
    sizes.after(2 * BATCH, 0.0125)
    assert sizes.size == 40  # 50 rows in 12.5 ms: 40 fit in 10 ms
    sizes.after(40, 0.0125)
    assert sizes.size == 32
    sizes.after(32, 0.2)
    assert sizes.size == BATCH  # far over: halved, and never under BATCH
    sizes.after(5, 0.001)
    assert sizes.size == BATCH
    fixed = Batches(3, 0.01)
    fixed.after(3, 0.5)
    assert fixed.size == 3
    assert pause_after(0.02, Pace(step=0.002, hold=0.02, share=0.5)) == pytest.approx(0.02)
    assert pause_after(0.03, Pace(step=0.002, hold=0.02, share=0.75)) == pytest.approx(0.01)
    assert pause_after(0.0, QUEUED_WRITES) == SHORTEST_PAUSE


async def test_a_writer_waits_for_the_lock_only_where_writers_queue(store):
    """Inside a write unit, another unit's write is seen waiting where every writer takes one
    lock (SQLite); where writers lock rows (PostgreSQL) it does not wait at all."""
    async with store.transaction() as uow:
        assert not uow.retention.others_waiting()
        other = asyncio.ensure_future(_write_unit(store))
        await until(lambda: other.done() or uow.retention.others_waiting())
        assert uow.retention.others_waiting() == uow.retention.writes_queue()
        assert other.done() != uow.retention.writes_queue()
    await other


async def test_checkpoint_copies_the_log_into_the_file(store, clock, client, world):
    """SQLite: after the checkpoint every page of the write-ahead log is in the database file,
    so the next commit has nothing to copy. PostgreSQL's checkpointer does it: nothing to do."""
    for n in range(3):
        await create(client, world, f"k{n}")
    async with store.reading() as uow:
        pages = await uow.retention.checkpoint()
        if not uow.retention.writes_queue():
            assert pages == 0
            return
        assert pages > 0
        found = await uow.conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        busy, log, copied = found.one()
        assert (busy, copied) == (0, log)


async def until(condition) -> None:
    """Let other tasks run until `condition` holds (they queue, or finish a round trip to the
    database), failing after 10 seconds."""
    async with asyncio.timeout(10):
        for _ in itertools.count():
            if condition():
                return
            await asyncio.sleep(0)


async def _write_unit(store) -> None:
    async with store.transaction() as uow:
        await uow.conn.exec_driver_sql("DELETE FROM worker_heartbeats WHERE id = 'none'")


async def test_a_prune_batch_lets_a_waiting_writer_go_first(
    store, clock, client, world, events_endpoint, deliverer, monkeypatch
):
    """A batch whose pace would let it take every due delivery ends after its first statement
    when a writer queued behind it (SQLite): the writer goes next and sees the rest of the
    deliveries still there, and the batch already committed (another connection sees it), so
    the writer's own COMMIT does not carry the batch's pages. Where writers lock rows, nothing
    queues behind a batch."""
    from service.operations.pruner import BATCH, Pace
    from storage.sql.repos.operations import SqlRetention

    first_statement = SqlRetention.prune_deliveries
    writing: asyncio.Future[tuple[int, int]] | None = None

    async def with_a_writer_queued(self, before, limit):  # the batch's first statement
        nonlocal writing
        if writing is None:
            writing = asyncio.ensure_future(writer())
            await until(lambda: not self.writes_queue() or self.others_waiting())
        return await first_statement(self, before, limit)

    for n in range(BATCH + 10):
        await create(client, world, f"k{n}")
    await dispatch_all(store, clock)
    await deliverer.run_once()
    clock.advance(days=31)
    unhurried = Pace(step=60, hold=600, share=0.5)  # one batch, if nothing waits

    async def writer() -> tuple[int, int]:
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("DELETE FROM worker_heartbeats WHERE id = 'none'")
            found = await uow.conn.exec_driver_sql("SELECT count(*) FROM deliveries")
            return int(found.scalar()), await count(store, "deliveries")

    async with store.reading() as uow:
        queues = uow.retention.writes_queue()
    monkeypatch.setattr(SqlRetention, "prune_deliveries", with_a_writer_queued)
    report = await prune(store, clock, DEFAULT, pace=unhurried)
    assert writing is not None
    left = await writing
    assert report.removed["deliveries"] == BATCH + 10
    assert await count(store, "deliveries") == 0
    if queues:
        # the first statement's BATCH gone, committed; the rest left for later batches
        assert left == (10, 10)
