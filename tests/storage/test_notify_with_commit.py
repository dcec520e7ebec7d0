"""A transaction's wake-ups go out with its COMMIT, in the same round trip, and only then: a
unit that rolls back wakes nobody (PostgreSQL only: SQLite wakes in process)."""

from __future__ import annotations

import asyncio

import pytest


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_a_notify_is_sent_with_the_commit_and_never_on_rollback(store):
    channel = "countersign_test_commit"
    calls: list[int] = []
    woke = asyncio.Event()

    def called() -> None:
        calls.append(1)
        woke.set()

    async with store.listen(channel, called):
        await asyncio.wait_for(woke.wait(), 10)  # the subscription's own call
        calls.clear()
        woke.clear()
        with pytest.raises(RuntimeError):
            async with store.transaction() as uow:
                await uow.notify(channel)
                raise RuntimeError("rolled back")
        async with store.transaction() as uow:
            await uow.notify(channel)
            await uow.notify(channel)  # one wake-up per channel and commit
        # Delivered in commit order: a notification of the rolled-back unit would come first.
        await asyncio.wait_for(woke.wait(), 10)
        async with store.single_statement() as uow:  # no COMMIT of its own: sent at once
            woke.clear()
            await uow.notify(channel)
        await asyncio.wait_for(woke.wait(), 10)
    assert calls == [1, 1]
