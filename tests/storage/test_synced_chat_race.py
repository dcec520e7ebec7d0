"""Two writers of one synced chat at once (two executors that sent to one fan): the chat is
an upsert, so the second waits for the first instead of failing on the chat's key, and the
chat ends on the newest message whichever commits last."""

from __future__ import annotations

import asyncio
import datetime as dt

from storage.sql.store import SqlStore
from tests.factories import add_live_account
from tests.storage.test_allowance_race import _waiting_on_a_lock

T0 = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)
FAN = "90210017"


def chat(message_id: str, seconds: int) -> dict:
    at = (T0 + dt.timedelta(seconds=seconds)).isoformat()
    return {
        "fanId": FAN,
        "username": "fan",
        "name": None,
        "unreadCount": 0,
        "lastMessage": {"id": message_id, "createdAt": at},
        "lastActivityAt": at,
    }


async def test_two_writers_of_one_new_chat_both_land_and_the_newest_stays(
    store, clock, database_url
):
    from service.workspaces.usecases import create_workspace

    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws, "40001")
    other = SqlStore.from_url(database_url)
    try:
        async with store.transaction() as first:  # the older message's chat, uncommitted
            assert await first.synced.chat(ws, "40001", FAN) is None
            await first.synced.put_chats(ws, "40001", [chat("m1", 1)], newer_only=True)

            async def second() -> None:
                async with other.transaction() as uow:
                    await uow.synced.put_chats(ws, "40001", [chat("m2", 2)], newer_only=True)

            racing = asyncio.create_task(second())
            if store.dialect == "postgresql":
                await _waiting_on_a_lock(store)  # behind the first's row, not refused
                assert not racing.done()
        await racing
        async with store.transaction() as late:  # an older message committed last
            await late.synced.put_chats(ws, "40001", [chat("m0", 0)], newer_only=True)
    finally:
        await other.close()
    async with store.reading() as uow:
        kept = await uow.synced.chat(ws, "40001", FAN)
        assert kept is not None and kept["lastMessage"]["id"] == "m2"
        assert await uow.synced.count_chats(ws, "40001") == 1
