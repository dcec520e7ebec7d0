"""`Store.migrate()` reads the schema revision over the raw driver: an empty database is brought
to HEAD by alembic, and one already there is left alone (no alembic, no SQLAlchemy engine)."""

from __future__ import annotations

from storage.migrate import HEAD
from storage.sql.store import SqlStore


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
