"""`Connection.rowcounts` runs statements in order and answers the rows each changed, on both
databases, whether they run on the loop or (SQLite's long statements) together in a worker
thread."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from storage.sql import tables as t

h = t.worker_heartbeats.c
AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


@pytest.mark.parametrize("long", [False, True], ids=["inline", "long"])
async def test_rowcounts_are_each_statements_own_in_order(store, long):
    rows = [
        {"id": f"w{n}", "host": "a" if n < 2 else "b", "pid": n, "started_at": AT, "beat_at": AT}
        for n in range(3)
    ]
    async with store.transaction() as uow:
        conn = uow.conn
        await conn.execute(t.worker_heartbeats.insert(), rows)
        move = t.worker_heartbeats.update().where(h.host == sa.bindparam("from_host"))
        statements = [
            (move.values(host="b"), {"from_host": "a"}),  # two rows move to b
            (t.worker_heartbeats.delete().where(h.host == sa.bindparam("gone")), {"gone": "b"}),
            (t.worker_heartbeats.delete().where(h.host == sa.bindparam("gone")), {"gone": "a"}),
        ]
        if long:
            with conn.long_statements():
                counts = await conn.rowcounts(statements)
        else:
            counts = await conn.rowcounts(statements)
        assert counts == [2, 3, 0]  # the delete saw the update before it
        left = await conn.execute(sa.select(sa.func.count()).select_from(t.worker_heartbeats))
        assert left.scalar() == 0
