"""PostgreSQL runs each search planned for its term in one round trip, through the
`countersign_planned` function (storage/sql/driver/planned.py): a statement kept prepared would settle
after five calls on one generic plan, the walk in list order whatever the term.

SQLite plans every statement for its values: these are PostgreSQL's alone."""

from __future__ import annotations

import datetime as dt
import decimal

import pytest

from storage.sql.driver.planned import FUNCTION, shape_of
from tests.storage.test_indexed_search import ACCOUNT, _people, _workspace

pytestmark = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


async def test_every_search_runs_through_the_function_and_finds_its_rows(store):
    ws = await _workspace(store)
    async with store.transaction() as uow:
        await uow.fans.replace(ws, ACCOUNT, _people(ws))
    async with store.transaction() as uow:
        await uow.conn.exec_driver_sql("SET LOCAL track_functions = 'pl'")
        for _ in range(8):  # past the five calls after which a prepared statement may go generic
            found = await uow.fans.list(ws, ACCOUNT, search="zebra")
            assert [f.id for f in found] == ["900001", "900004"]
            await uow.synced.rendered_messages(ws, ACCOUNT, "000001", search="zebra")
        calls = await uow.conn.exec_driver_sql(
            "SELECT calls FROM pg_stat_xact_user_functions WHERE funcname = $1", (FUNCTION,)
        )
        # two statements a rare term: the first rows in page order, then its trigram index
        assert calls.scalar() == 32


async def test_each_call_is_planned_for_its_own_term(store):
    """The plan of every call holds its term as a constant; a generic plan would read `$1`."""
    sql = "SELECT username FROM fans WHERE workspace_id = $1 AND lower(username) LIKE $2"
    async with store.reading() as uow:
        raw = uow.conn.raw
        shape = await shape_of(raw, sql)
        assert shape is not None
        explain = f'SELECT * FROM {FUNCTION}($1, $2) AS plan("QUERY PLAN" text)'
        for n in range(8):
            rows = await raw.fetch(explain, "EXPLAIN " + shape.query, ["ws_x", f"%term{n}%"])
            plan = "\n".join(row[0] for row in rows)
            assert f"'%term{n}%'" in plan, plan


async def test_arguments_read_back_exactly_through_the_function(store):
    values = (
        dt.datetime(2026, 11, 27, 17, 3, 4, 56789, tzinfo=dt.UTC),
        9_007_199_254_740_993,
        'quote " back\\slash 100% _',
        True,
        decimal.Decimal("12.345"),
        0.1,
        None,
    )
    sql = (
        "SELECT $1::timestamptz AS at, $2::int8 AS n, $3::text AS s, $4::bool AS b,"
        " $5::numeric AS d, $6::float8 AS f, $7::text AS nothing"
    )
    async with store.reading() as uow:
        with uow.conn.planned_per_call():
            row = (await uow.conn.exec_driver_sql(sql, values)).one()
    assert tuple(row) == values


async def test_a_statement_the_function_cannot_carry_is_prepared_for_its_call(store):
    """An array parameter has no text form in the function's arguments: prepared afresh."""
    async with store.reading() as uow:
        with uow.conn.planned_per_call():
            rows = await uow.conn.exec_driver_sql(
                "SELECT x FROM unnest($1::int8[]) AS x ORDER BY x", ([3, 1, 2],)
            )
        assert await shape_of(uow.conn.raw, "SELECT x FROM unnest($1::int8[]) AS x") is None
    assert [r[0] for r in rows.all()] == [1, 2, 3]
