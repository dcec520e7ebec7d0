"""The prune round merges what writes queued beside the search indexes (FTS5's pieces on
SQLite, GIN's pending list on PostgreSQL), a bounded step at a time, and a search finds the
same rows before and after."""

from __future__ import annotations

from service.operations.model import Retention
from service.operations.pruner import TIDY_PAGES, prune, tidy_search
from service.synced.model import Fan
from service.workspaces.usecases import create_workspace
from tests.factories import add_live_account

ACCOUNT = "40001"


async def _fans_written_by_several_syncs(store, clock) -> str:
    """Fans written as syncs write them: each batch its own unit of work, so each adds a piece
    to SQLite's index and entries to PostgreSQL's pending lists."""
    workspace = await create_workspace(store, clock, "Search")
    await add_live_account(store, clock, workspace.id, ACCOUNT)
    fans: list[Fan] = []
    for batch in range(6):
        fans += [
            Fan(
                workspace.id,
                ACCOUNT,
                f"f{n:05d}",
                f"fan{n}x{batch}",
                f"Name {n}",
                None,
                "active",
                None,
                None,
            )
            for n in range(batch * 300, (batch + 1) * 300)
        ]
        async with store.transaction() as uow:
            await uow.fans.replace(workspace.id, ACCOUNT, fans)
    return workspace.id


async def _found(store, ws: str, term: str) -> list[str]:
    async with store.reading() as uow:
        page = await uow.fans.list(ws, ACCOUNT, search=term, limit=100)
    return [fan.id for fan in page]


async def test_tidy_merges_until_nothing_is_left_and_searches_find_the_same(store, clock):
    ws = await _fans_written_by_several_syncs(store, clock)
    before = {term: await _found(store, ws, term) for term in ("an123x", "fan17", "x5")}
    report = await tidy_search(store)
    assert report.search_merged > 0
    assert report.batches >= 2  # steps until one finds nothing left
    assert (await tidy_search(store)).search_merged == 0
    after = {term: await _found(store, ws, term) for term in before}
    assert after == before
    assert after["an123x"] == ["f00123"]


async def test_each_step_merges_a_bounded_amount(store, clock):
    """SQLite: each step is its own short unit, so a large merge takes several."""
    await _fans_written_by_several_syncs(store, clock)
    async with store.transaction() as uow:
        first = await uow.retention.tidy_search(1)
    report = await tidy_search(store)
    if store.dialect == "sqlite":
        assert 0 < first < report.search_merged  # one page a step left most for later steps
    else:
        assert first > 0 and report.search_merged == 0  # one call empties a pending list
    assert TIDY_PAGES >= 1


async def test_the_prune_round_tidies_the_search_indexes(store, clock):
    await _fans_written_by_several_syncs(store, clock)
    report = await prune(store, clock, Retention())
    assert report.search_merged > 0
    assert report.total == 0  # nothing was due for removal: the tidy runs anyway


async def test_sqlite_indexes_merge_two_pieces_of_one_size(store):
    if store.dialect != "sqlite":
        return
    async with store.reading() as uow:
        for fts in ("fans_search", "synced_messages_search"):
            sql = f"SELECT v FROM {fts}_config WHERE k = 'usermerge'"
            assert (await uow.conn.exec_driver_sql(sql)).scalar() == 2


async def test_postgresql_leaves_indexes_it_does_not_own_to_autovacuum(store, clock):
    """Only an index's owner may empty its pending list: a service running as another role
    skips them rather than failing the prune round."""
    if store.dialect != "postgresql":
        return
    await _fans_written_by_several_syncs(store, clock)
    async with store.transaction() as uow:
        await uow.conn.exec_driver_sql(
            "DO $$ BEGIN CREATE ROLE countersign_stranger NOLOGIN;"
            " EXCEPTION WHEN duplicate_object THEN NULL; END $$"
        )
        await uow.conn.exec_driver_sql("SET LOCAL ROLE countersign_stranger")
        assert await uow.retention.tidy_search(TIDY_PAGES) == 0
    assert (await tidy_search(store)).search_merged > 0  # the owner still empties them
