"""The planner statistics the product keeps itself (storage/sql/driver/statistics.py), and the sync's
lookups, whose plans must not flip once a table outgrows its statistics."""

from __future__ import annotations

import datetime as dt

from service.workspaces.usecases import create_workspace
from storage.sql.driver import statistics
from tests.factories import add_live_account
from tests.storage.conftest import forget_statistics

NOW = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


def _transactions(ws: str, first: int, count: int) -> list[dict[str, object]]:
    return [
        {
            "seq": seq,
            "workspace_id": ws,
            "account_id": "40001",
            "id": f"tx{seq:06d}",
            "fan_id": f"f{seq % 50}",
            "kind": "tip",
            "description": "",
            "status": "done",
            "gross_cents": 100,
            "net_cents": 80,
            "fee_cents": 20,
            "vat_cents": 0,
            "currency": "USD",
            "occurred_at": NOW,
            "observed_at": NOW,
            "deleted": False,
            "fingerprint": f"{seq:064d}",
        }
        for seq in range(first, first + count)
    ]


async def _written(store, ws: str, first: int, count: int, batch: int) -> None:
    """Rows written as a sync writes them: a unit of work per batch."""
    for start in range(first, first + count, batch):
        async with store.transaction() as uow:
            await uow.transactions.add_many(_transactions(ws, start, batch))


async def _grown_by_hand(store, ws: str, first: int, count: int) -> None:
    """Rows the service never counted, as a restore or a bulk load by hand brings them."""
    last = first + count - 1
    async with store.transaction() as uow:
        if store.dialect == "sqlite":
            grow = (
                f"WITH RECURSIVE n(x) AS (SELECT {first} UNION ALL SELECT x + 1 FROM n"
                f" WHERE x < {last}) INSERT INTO transactions SELECT x, ?, '40001',"
                " printf('tx%06d', x), 'f', 'tip', '', 'done', 1, 1, 0, 0, 'USD', ?, ?, 0,"
                " printf('%064d', x) FROM n"
            )
            at = NOW.isoformat(sep=" ")
            await uow.conn.exec_driver_sql(grow, (ws, at, at))
        else:
            grow = (
                "INSERT INTO transactions SELECT x, $1, '40001', 'tx' || lpad(x::text, 6, '0'),"
                " 'f', 'tip', '', 'done', 1, 1, 0, 0, 'USD', now(), now(), false,"
                f" lpad(x::text, 64, '0') FROM generate_series({first}, {last}) x"
            )
            await uow.conn.exec_driver_sql(grow, (ws,))
            # this connection's counts reach pg_stat_user_tables as it goes idle, not up to a
            # second later
            await uow.conn.exec_driver_sql("SELECT pg_stat_force_next_flush()")


async def _analyzed_rows(store, table: str) -> int | None:
    """The row count the database's statistics hold for `table` (None: never analyzed)."""
    async with store.reading() as uow:
        if store.dialect == "sqlite":
            made = "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"
            if not (await uow.conn.exec_driver_sql(made)).scalar():
                return None
            sql = "SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1"
            stat = (await uow.conn.exec_driver_sql(sql, (table,))).scalar()
            return None if stat is None else int(str(stat).split()[0])
        sql = "SELECT last_analyze IS NOT NULL, reltuples FROM pg_class c LEFT JOIN"
        sql += " pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = $1"
        row = (await uow.conn.exec_driver_sql(sql, (table,))).one()
        return int(row[1]) if row[0] and row[1] >= 0 else None


async def _workspace(store, clock) -> str:
    await forget_statistics(store)
    ws = (await create_workspace(store, clock, "A")).id
    await add_live_account(store, clock, ws)
    return ws


async def test_a_table_grown_by_batches_is_analyzed_once_past_the_threshold(store, clock):
    """Rows written in batches are counted per table; below GROWN_ROWS nothing is analyzed,
    past it the table is, once, and its count starts again from the rows it then held."""
    ws = await _workspace(store, clock)
    if store.dialect == "postgresql":  # statistics other tests left, gone
        async with store.transaction() as uow:
            await uow.conn.exec_driver_sql("SELECT pg_stat_reset()")
    await _written(store, ws, 1, 400, batch=400)
    assert store.growth.written["transactions"] == 400
    assert await _analyzed_rows(store, "transactions") is None
    await _written(store, ws, 401, 800, batch=400)
    assert store.growth.written["transactions"] == 0
    assert store.growth.rows["transactions"] >= 1000
    assert (await _analyzed_rows(store, "transactions") or 0) >= 1000
    # the next analysis waits for a share of what the table now holds
    await _written(store, ws, 1201, 400, batch=400)
    assert store.growth.written["transactions"] == 400


async def test_sqlite_connections_sample_their_analysis(store):
    """Each SQLite connection bounds ANALYZE to a sample (the periodic optimize's cost)."""
    async with store.reading() as uow:
        if store.dialect == "sqlite":
            found = (await uow.conn.exec_driver_sql("PRAGMA analysis_limit")).scalar()
            assert found == statistics.ANALYSIS_LIMIT
        else:  # PostgreSQL samples by its own default_statistics_target
            found = (await uow.conn.exec_driver_sql("SHOW default_statistics_target")).scalar()
            assert int(found) > 0


async def test_the_fingerprint_lookup_keeps_its_index_past_five_calls(store, clock):
    """A first sync's lookup, run more than five times (when PostgreSQL may settle on a generic
    plan) on a table analyzed empty, then grown by the product's batches and again by rows it
    never saw (a restore): every call seeks the (workspace, account, id) index by id."""
    ws = await _workspace(store, clock)
    async with store.transaction() as uow:
        await uow.conn.exec_driver_sql("ANALYZE transactions")
    await _written(store, ws, 1, 1200, batch=400)
    await _grown_by_hand(store, ws, 1201, 12000 - 1200)
    wanted = [f"tx{n:06d}" for n in range(1, 12000, 240)]  # a page of a sync: 50 ids
    plans: list[str] = []
    async with store.reading() as uow:
        if store.dialect == "postgresql":
            for setting in (
                "LOAD 'auto_explain'",
                "SET auto_explain.log_min_duration = 0",
                "SET auto_explain.log_nested_statements = on",
                "SET auto_explain.log_level = notice",
                # a sequential scan priced out, as on a table too big for one (test_list_plans)
                "SET enable_seqscan = off",
            ):
                await uow.conn.raw.execute(setting)
            uow.conn.raw.add_log_listener(lambda _conn, message: plans.append(message.message))
        ran, original = [], uow.conn._run

        async def recording(sql: str, args, returns_rows: bool):
            ran.append((sql, args))
            return await original(sql, args, returns_rows)

        uow.conn._run = recording
        for _ in range(7):
            found = await uow.transactions.latest_fingerprints(ws, "40001", wanted)
            assert len(found) == len(wanted)
        uow.conn._run = original
        if store.dialect == "postgresql":
            await uow.conn.raw.execute("RESET auto_explain.log_min_duration")
            await uow.conn.raw.execute("RESET enable_seqscan")
            lookups = [plan for plan in plans if "fingerprint" in plan and "Index" in plan]
        else:  # SQLite plans every statement for its values: its plan as the driver ran it
            sql, args = ran[-1]
            rows = await uow.conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", args)
            lookups = ["\n".join(str(row[-1]) for row in rows.all())] * 7
    assert len(lookups) >= 7, [plan[-300:] for plan in plans]
    for plan in lookups[-2:]:  # the sixth call and after
        shown = plan[plan.rfind("ORDER BY") :][:800]  # the plan, after the statement's text
        if store.dialect == "postgresql":
            assert "ix_transactions_latest" in plan, shown
            assert "(id)::text = ANY" in plan.split("Index Cond: ")[-1].split("Filter")[0], shown
        else:
            assert "ix_transactions_latest (workspace_id=? AND account_id=? AND id=?)" in plan


async def test_an_analysis_that_fails_leaves_the_committed_unit_alone():
    """The unit that grew the table has committed: a refused ANALYZE (a managed server's role
    without the right) is logged, never raised to the unit's caller."""
    from service.domain.storage_errors import StorageError

    async def refused(table: str) -> int:
        raise StorageError(f"must be owner of table {table}")

    growth = statistics.Growth(refused)
    assert await growth.wrote({"fans": statistics.GROWN_ROWS}) == []
    assert growth.written["fans"] == 0  # counted again from here, not retried every unit


async def test_the_periodic_look_analyzes_what_grew_behind_the_service_s_back(store, clock):
    """Rows the service never counted (a restore, a bulk load by hand): once the periodic look
    is due, the next committed unit has the tables changed past the threshold analyzed
    (PostgreSQL, by pg_stat_user_tables), or SQLite's own `PRAGMA optimize` run."""
    import math

    ws = await _workspace(store, clock)
    async with store.transaction() as uow:
        await uow.transactions.add_many(_transactions(ws, 1, 10))
    await _grown_by_hand(store, ws, 11, 3000)
    assert await _analyzed_rows(store, "transactions") is None
    store.growth.optimized_at = -math.inf  # an hour has passed
    async with store.transaction() as uow:
        await uow.transactions.add_many(_transactions(ws, 5001, 1))
    assert store.growth.optimized_at > 0  # done, and the next one an hour away
    if store.dialect == "postgresql":
        assert (await _analyzed_rows(store, "transactions") or 0) >= 3000
