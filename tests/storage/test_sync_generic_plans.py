"""The sync's per-page statements keep their index on PostgreSQL's generic plan.

asyncpg keeps each statement prepared; after five runs PostgreSQL may plan it once for any
values (a generic plan), priced with the statistics the table had when last analyzed. A first
sync grows its tables long after that: a generic plan chosen for a table of a few rows then
reads every row of the account on each page. Each statement a sync runs per page is checked
here as PostgreSQL would run it on its sixth call, on tables analyzed nearly empty and grown
since by rows nobody counted (a restore, a bulk load): either its generic plan seeks the key
by the page's ids, or the statement is planned for its values on every call
(`Connection.planned_per_call`) and never has one.

SQLite plans every statement for its values: PostgreSQL's alone."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from service.synced.model import Fan
from tests.storage.test_kept_statistics import NOW, _grown_by_hand, _workspace

pytestmark = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
GROWN = 20_000


async def _grow(store, ws: str) -> None:
    """Each table analyzed with a row or two, then grown GROWN rows behind the service's back."""
    async with store.transaction() as uow:
        fans = [Fan(ws, "40001", "f0", "seed", None, None, "active", None, None, ())]
        await uow.fans.replace(ws, "40001", fans)
        await uow.synced.add_messages(ws, "40001", [_message(0)])
        for table in ("fans", "synced_messages", "transactions"):
            await uow.conn.exec_driver_sql(f"ANALYZE {table}")
    await _grown_by_hand(store, ws, 1, GROWN)
    async with store.transaction() as uow:
        await uow.conn.exec_driver_sql(
            "INSERT INTO fans (workspace_id, account_id, id, username, subscription_status,"
            " list_ids) SELECT $1, '40001', 'f' || x, 'fan' || x, 'active', '[]'"
            f" FROM generate_series(1, {GROWN}) x",
            (ws,),
        )
        await uow.conn.exec_driver_sql(
            "INSERT INTO synced_messages (workspace_id, account_id, id, fan_id, created_at,"
            " text, data) SELECT $1, '40001', 'm' || x, 'f' || (x % 100), now(), 'hi', '{}'"
            f" FROM generate_series(1, {GROWN}) x",
            (ws,),
        )


def _message(n: int) -> dict[str, Any]:
    at = (NOW - dt.timedelta(minutes=n)).isoformat()
    return {"id": f"m{n}", "fanId": f"f{n % 100}", "createdAt": at, "text": "hello"}


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool | int):
        return str(value).lower() if isinstance(value, bool) else str(value)
    if isinstance(value, dt.datetime):
        value = value.isoformat()
    return "'" + str(value).replace("'", "''") + "'"


PAGE_IDS = [f"f{n}" for n in range(100, GROWN, GROWN // 50)]
SYNC_PAGE = {
    "fans: a page's rows replaced": lambda uow, ws: uow.fans.put_many(
        ws,
        "40001",
        [Fan(ws, "40001", i, "u", None, None, "active", None, None, ()) for i in PAGE_IDS],
    ),
    "fans: a page's rows read": lambda uow, ws: uow.fans.get_many(ws, "40001", PAGE_IDS),
    "fans: the ones that left, by keyset": lambda uow, ws: uow.fans.prune(
        ws, "40001", set(PAGE_IDS), batch=1000
    ),
    "messages: a page's rows replaced": lambda uow, ws: uow.synced.add_messages(
        ws, "40001", [_message(n) for n in range(1, GROWN, GROWN // 50)]
    ),
    "messages: a chat trimmed": lambda uow, ws: uow.synced.trim_messages(ws, "40001", "f7", 150),
    "revenue: a page's fingerprints": lambda uow, ws: uow.transactions.latest_fingerprints(
        ws, "40001", [f"tx{n:06d}" for n in range(1, GROWN, GROWN // 50)]
    ),
}
KEY = {
    "fans": ("pk_fans", "id"),
    "messages": ("pk_synced_messages", "id"),
    "revenue": ("ix_transactions_latest", "id"),
}
TRIM = ("ix_synced_messages_chat", "fan_id")


async def _recorded(store, ws: str, call) -> list[tuple[str, list[Any], bool]]:
    """The statements `call` runs, with their arguments and whether they ran planned per call."""
    seen: list[tuple[str, list[Any], bool]] = []
    async with store.transaction() as uow:
        original = uow.conn._run

        async def recording(sql: str, args: Any, returns_rows: bool) -> Any:
            seen.append((sql, list(args), uow.conn._per_call))
            return await original(sql, args, returns_rows)

        uow.conn._run = recording
        try:
            for _ in range(8):  # past the five runs after which a generic plan may be kept
                await call(uow, ws)
        finally:
            uow.conn._run = original
    return [s for s in seen if not s[0].lstrip().upper().startswith("INSERT")]


async def _generic_plan(store, sql: str, args: list[Any]) -> str:
    """The plan PostgreSQL keeps for `sql` once it goes generic, as a prepared statement."""
    async with store.transaction() as uow:
        raw = uow.conn.raw
        await raw.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        await raw.execute(f"PREPARE sync_page AS {sql}")
        try:
            values = ", ".join(_literal(v) for v in args)
            rows = await raw.fetch(f"EXPLAIN EXECUTE sync_page({values})")
        finally:
            await raw.execute("DEALLOCATE sync_page")
    plan = "\n".join(row[0] for row in rows)
    assert "$1" in plan or not args, plan  # generic indeed: planned without the values
    return plan


@pytest.mark.parametrize("case", sorted(SYNC_PAGE))
async def test_a_sync_page_statement_keeps_its_index_past_five_runs(store, clock, case):
    ws = await _workspace(store, clock)
    await _grow(store, ws)
    checked = 0
    for sql, args, per_call in dict.fromkeys(
        (s, tuple(a), p) for s, a, p in await _recorded(store, ws, SYNC_PAGE[case])
    ):
        if per_call:  # planned for its values on every call: it never gets a generic plan
            continue
        plan = await _generic_plan(store, sql, list(args))
        index, column = TRIM if "trimmed" in case and "OFFSET" in sql else KEY[case.split(":")[0]]
        assert "Seq Scan" not in plan, plan
        assert index in plan, plan
        assert re.search(rf"Index Cond: .*\b{column}\b", plan), plan
        checked += 1
    assert checked or case in PER_CALL


PER_CALL = {
    "fans: a page's rows read",
    "fans: a page's rows replaced",
    "messages: a page's rows replaced",
    "revenue: a page's fingerprints",
}
"""Statements planned for their values on every call: their generic plans read the account by
another index or by a sequential scan (tests/storage/test_kept_statistics.py runs the
fingerprints' lookup past five calls)."""
