"""What the cluster's database says while it runs: whether the work drained, how many
transactions committed, approval-to-executed times, and which worker is executing an action
(the one to kill mid-call). Raw SQL over the store's engine, PostgreSQL only, as the cluster is."""

from __future__ import annotations

import asyncio
import time

import sqlalchemy as sa


async def scalar_rows(store, sql: str, **params) -> list:
    async with store.engine.connect() as conn:
        return list((await conn.execute(sa.text(sql), params)).mappings())


async def wait_settled(store, workspace: str, timeout: float) -> dict:  # noqa: ASYNC109
    """Until no action is approved or executing and no delivery pending (bounded)."""
    deadline = time.monotonic() + timeout
    while True:
        rows = await scalar_rows(
            store,
            """
            SELECT (SELECT count(*) FROM actions WHERE workspace_id = :ws
                      AND status IN ('approved', 'executing')) AS running,
                   (SELECT count(*) FROM deliveries WHERE status = 'pending') AS pending,
                   (SELECT count(*) FROM events WHERE dispatched_at IS NULL) AS undispatched
        """,
            ws=workspace,
        )
        state = dict(rows[0])
        if (
            state["running"] == 0 and state["pending"] == 0 and state["undispatched"] == 0
        ) or time.monotonic() > deadline:
            return state
        await asyncio.sleep(0.5)


async def commits(store) -> int:
    """Transactions committed in this database so far (all processes; PostgreSQL's stats)."""
    rows = await scalar_rows(
        store,
        """SELECT xact_commit FROM pg_stat_database
        WHERE datname = current_database()""",
    )
    return int(rows[0]["xact_commit"])


async def approval_to_executed(store, ids: list[str]) -> list[float]:
    if not ids:
        return []
    rows = await scalar_rows(
        store,
        """
        SELECT EXTRACT(EPOCH FROM (executed_at - decided_at)) AS s FROM actions
        WHERE id = ANY(:ids) AND status = 'executed'""",
        ids=ids,
    )
    return [float(r["s"]) for r in rows]


async def executing_pid(store, workspace: str, timeout: float) -> tuple[str, int] | None:  # noqa: ASYNC109
    """An action executing right now and the pid of the worker that claimed it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = await scalar_rows(
            store,
            """SELECT id, claimed_by FROM actions
            WHERE workspace_id = :ws AND status = 'executing' LIMIT 1""",
            ws=workspace,
        )
        if rows:
            return rows[0]["id"], int(rows[0]["claimed_by"].split(":")[1])
        await asyncio.sleep(0.05)
    return None
