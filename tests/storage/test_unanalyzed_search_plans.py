"""A search seeks its index on tables never analyzed, as after a restore or a bulk load the
product never saw: the planner's statistics never choose the plan of a search.

PostgreSQL plans a table without statistics as if an account held one row, so the account's
B-tree (walked in page order, every row checked) looks cheapest however rare the term; SQLite
without statistics joins in the order it guesses. Each case records the statements a search
runs and asks the database for each plan (tests/storage/test_list_plans.py), with every
statistic forgotten after the rows were written."""

from __future__ import annotations

import re

import pytest

from tests.storage.conftest import forget_statistics
from tests.storage.test_list_plans import FANS, NOW, TEXTS, _plan, _seed, _statements

RARE = {
    "fans search, one match": lambda uow, ws: uow.fans.list(ws, "40001", search=FANS[123][1][4:10]),
    "fans search, later page": lambda uow, ws: uow.fans.list(
        ws, "40001", search=FANS[123][1][4:10], after="f00050"
    ),
    "messages search, later page": lambda uow, ws: uow.synced.messages(
        ws, "40001", "f00001", search=TEXTS[21].split()[1], after=(NOW, "m99999")
    ),
    "messages search, one match": lambda uow, ws: uow.synced.messages(
        ws, "40001", "f00001", search=TEXTS[21].split()[1]
    ),
}
INDEX = {"sqlite": "USING INTEGER PRIMARY KEY (rowid=?)", "postgresql": "_search_"}
"""What the page's plan names: the candidates' rows by rowid (SQLite, after the FTS5 probe), or
a trigram GIN index (PostgreSQL)."""


@pytest.mark.parametrize("case", sorted(RARE))
async def test_a_rare_term_reads_its_index_without_statistics(store, clock, case):
    ws = await _seed(store, clock)
    await forget_statistics(store)
    if store.dialect == "sqlite":
        async with store.reading() as uow:
            count = "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"
            if (await uow.conn.exec_driver_sql(count)).scalar():
                assert (
                    await uow.conn.exec_driver_sql("SELECT count(*) FROM sqlite_stat1")
                ).scalar() == 0
    else:
        async with store.reading() as uow:
            never = "SELECT count(*) FROM pg_class WHERE relname IN ('fans', 'synced_messages') AND reltuples = -1"
            assert (await uow.conn.exec_driver_sql(never)).scalar() == 2
    statements = await _statements(store, ws, RARE[case])
    *_, (sql, args) = statements
    plan = await _plan(store, sql, args)
    assert INDEX[store.dialect] in plan, plan
    assert "SCAN fans" not in plan and "SCAN synced_messages" not in plan, plan
    assert "pk_fans" not in plan and "ix_synced_messages_chat" not in plan, plan


async def test_a_common_term_reads_a_page_in_page_order_without_statistics(store, clock):
    """A term in every row is found in the first rows of the account's own order: its index
    would hand every row to a sort."""
    ws = await _seed(store, clock)
    await forget_statistics(store)
    statements = await _statements(
        store, ws, lambda uow, ws: uow.fans.list(ws, "40001", search="fan", limit=26)
    )
    *_, (sql, args) = statements
    plan = await _plan(store, sql, args)
    named = {"sqlite": "sqlite_autoindex_fans_1", "postgresql": "pk_fans"}[store.dialect]
    assert named in plan, plan
    assert "_search_" not in plan, plan


async def test_two_letters_read_the_page_from_the_prefix_indexes_without_statistics(store, clock):
    """A two-character term is an equality on the prefix indexes' key (the first two characters,
    then the id): each index hands its matches in id order, so the page is the first entries of
    each, merged (PostgreSQL: in one statement; SQLite: their ids, then those rows by primary
    key). No walk of the account and no sort of every match, whatever the statistics."""
    ws = await _seed(store, clock)
    await forget_statistics(store)
    term = FANS[123][2][:2]
    statements = await _statements(
        store, ws, lambda uow, ws: uow.fans.list(ws, "40001", search=term, limit=26)
    )
    plans = [await _plan(store, sql, args) for sql, args in statements]
    if store.dialect == "sqlite":
        probe, page = plans
        for index in ("ix_fans_prefix_username", "ix_fans_prefix_name"):
            seek = f"SEARCH fans USING INDEX {index} (workspace_id=? AND account_id=? AND <expr>=?"
            assert seek in probe, probe
        assert "TEMP B-TREE FOR ORDER BY" not in probe, probe  # each index in id order
        assert page.strip() == (
            "SEARCH fans USING INDEX sqlite_autoindex_fans_1"
            " (workspace_id=? AND account_id=? AND id=?)"
        ), page
    else:
        (plan,) = plans
        for index in ("ix_fans_prefix_username", "ix_fans_prefix_name"):
            assert re.search(rf"Index Scan using {index} on .*\n\s+Index Cond: .*substr", plan), (
                plan
            )
        assert "Merge Append" in plan, plan  # each index in id order: merged, not sorted
        assert "pk_fans" not in plan and "Seq Scan" not in plan, plan
