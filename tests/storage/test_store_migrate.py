"""`Store.migrate()` reads the schema revision over the raw driver: an empty database is brought
to HEAD by alembic, and one already there is left alone (no alembic, no SQLAlchemy engine)."""

from __future__ import annotations

import pytest

from harness.scratch import scratch_database
from storage.migrate import HEAD
from storage.sql.store import SqlStore
from tests.conftest import POSTGRES_ADMIN_URL


@pytest.fixture(params=["sqlite", "postgres"])
def empty_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/empty.db"
        return
    with scratch_database(POSTGRES_ADMIN_URL, "cs_test_empty") as url:
        yield url


async def test_migrate_brings_an_empty_database_to_head_and_then_leaves_it(empty_url):
    store = SqlStore.from_url(empty_url)
    try:
        assert await store.revision() is None
        await store.migrate()
        assert await store.revision() == HEAD
        await store.migrate()  # at HEAD: returns without building SQLAlchemy's engine
        assert store._engine is None
        async with store.reading() as uow:
            assert await uow.workspaces.list() == []
    finally:
        await store.close()
