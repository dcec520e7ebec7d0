"""Revenue transactions: an append-only log of every observed version, numbered per workspace.

Writers take the workspace's next sequence numbers by locking its counter row
("transactions:{workspace_id}") with UPDATE … RETURNING inside their own transaction. A second
writer of the same workspace waits on that row lock until the first commits, so within a
workspace sequence order equals commit order and a keyset reader paging by `seq` (always within
one workspace) never skips a row that commits late. Writers of different workspaces lock
different rows and never wait on each other. `observed_at` is taken inside the same locked
section and never runs backwards, so ordering by `observedAt` with `seq` as tiebreak is the same
order.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from storage.sql import tables as t
from storage.sql.driver.connection import Connection, IntegrityViolation
from storage.sql.driver.statements import prebuilt

c = t.transactions.c
# Built once, so each row of a batch binds without a cache key.
_INSERT_TRANSACTIONS = prebuilt(t.transactions.insert())


def counter(workspace_id: str) -> str:
    return f"transactions:{workspace_id}"


_CHUNK = 500  # ids per IN (…) list, well inside SQLite's bound-parameter limit
_LATEST = prebuilt(
    sa.select(c.id, c.fingerprint)
    .where(
        c.workspace_id == sa.bindparam("ws"),
        c.account_id == sa.bindparam("account"),
        c.id.in_(sa.bindparam("ids", expanding=True)),
    )
    .order_by(c.id, c.seq)
)


class SqlTransactions:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def latest_fingerprints(
        self, workspace_id: str, account_id: str, ids: Sequence[str]
    ) -> dict[str, str]:
        """The fingerprint of the newest stored version of each id (absent ids are new).

        Planned for its values on every call (a sync runs it once per page): kept prepared,
        PostgreSQL settles after five calls on a generic plan made for the table as its
        statistics last saw it, which for a table a first sync is growing reads every row of
        the account per call (13 ms a call became 688 ms)."""
        found: dict[str, str] = {}
        unique = list(dict.fromkeys(ids))
        with self.conn.planned_per_call():
            for start in range(0, len(unique), _CHUNK):
                rows = await self.conn.execute(
                    _LATEST,
                    {
                        "ws": workspace_id,
                        "account": account_id,
                        "ids": unique[start : start + _CHUNK],
                    },
                )
                for row in rows:
                    found[row.id] = row.fingerprint  # ascending seq: the last one wins
        return found

    async def lock(self, workspace_id: str, now: dt.datetime) -> None:
        """Hold the workspace's counter row lock until commit, before reading again what is
        already stored: two syncs of one account (two replicas) then go one after the other,
        and the second sees the first's versions instead of recording the same change twice."""
        await self.reserve(workspace_id, 0, now)

    async def reserve(
        self, workspace_id: str, count: int, now: dt.datetime
    ) -> tuple[int, dt.datetime]:
        """Lock the workspace's counter, take `count` numbers and the observation time.

        Returns the first number and an `observed_at` no earlier than the previous row's, so the
        feed order by time and by number agree even if the wall clock steps back.
        """
        name = counter(workspace_id)
        first = await self._bump(name, count)
        if first is None:
            try:
                async with self.conn.begin_nested():
                    await self.conn.execute(t.counters.insert().values(name=name, value=0))
            except IntegrityViolation:
                pass  # another writer created it first
            first = await self._bump(name, count)
        assert first is not None
        previous = (
            await self.conn.execute(
                sa.select(c.observed_at).where(c.workspace_id == workspace_id, c.seq == first - 1)
            )
        ).scalar()
        observed_at = max(now, previous) if previous is not None else now
        return first, observed_at

    async def _bump(self, name: str, count: int) -> int | None:
        value = (
            await self.conn.execute(
                t.counters.update()
                .where(t.counters.c.name == name)
                .values(value=t.counters.c.value + count)
                .returning(t.counters.c.value)
            )
        ).scalar()
        return None if value is None else int(value) - count + 1

    async def high_water(self, workspace_id: str) -> int:
        """The workspace's last number handed to a committed writer (0 before the first)."""
        value = (
            await self.conn.execute(
                sa.select(t.counters.c.value).where(t.counters.c.name == counter(workspace_id))
            )
        ).scalar()
        return int(value or 0)

    async def add_many(self, rows: Sequence[dict[str, Any]]) -> None:
        if rows:
            await self.conn.execute(_INSERT_TRANSACTIONS, list(rows))

    async def page(
        self,
        workspace_id: str,
        *,
        mode: str,
        account_id: str | None = None,
        only_accounts: Sequence[str] | None = None,
        after_seq: int = 0,
        since: dt.datetime | None = None,
        limit: int = 500,
    ) -> list[dict[str, Any]]:
        """Up to `limit` rows after `after_seq` in feed order, for accounts of the key's mode.

        Keyset on (workspace_id, seq) or (workspace_id, account_id, seq): the cost of a page does
        not depend on how far into the feed it is.
        """
        a = t.accounts.c
        query = (
            sa.select(t.transactions)
            .join(t.accounts, sa.and_(a.workspace_id == c.workspace_id, a.id == c.account_id))
            .where(c.workspace_id == workspace_id, a.mode == mode, c.seq > after_seq)
        )
        if account_id is not None:
            query = query.where(c.account_id == account_id)
        if only_accounts is not None:
            query = query.where(c.account_id.in_(list(only_accounts)))
        if since is not None:
            start = await self._first_seq_since(workspace_id, account_id, since)
            if start is None:
                return []
            query = query.where(c.seq >= start)
        rows = await self.conn.execute(query.order_by(c.seq).limit(limit))
        return [dict(r._mapping) for r in rows]

    async def _first_seq_since(
        self, workspace_id: str, account_id: str | None, since: dt.datetime
    ) -> int | None:
        """Where a `since` read starts, found through the observed-time index.

        `observed_at` never decreases as `seq` grows, so the first row of the workspace at or
        after `since` bounds every account's rows too.
        """
        value = (
            await self.conn.execute(
                sa.select(c.seq)
                .where(c.workspace_id == workspace_id, c.observed_at >= since)
                .order_by(c.observed_at, c.seq)
                .limit(1)
            )
        ).scalar()
        return None if value is None else int(value)
