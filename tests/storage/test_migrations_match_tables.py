"""The alembic revisions build exactly the tables of storage/sql/tables/, on both drivers.

A column added to the metadata without a revision (or a revision that drifts from it) would pass
every test that uses a migrated database and fail only in production's schema: so compare."""

from __future__ import annotations

import warnings

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from storage.sql.driver.engine import make_engine
from storage.sql.driver.search import search_objects
from storage.sql.tables import metadata


def _not_a_search_index(name, _type, _parents) -> bool:
    """The search indexes (FTS5 tables on SQLite, expression GIN indexes on PostgreSQL) live
    outside the metadata: tests/storage/test_indexed_search.py checks them."""
    return name not in search_objects()


async def test_a_migrated_database_has_exactly_the_metadata_tables(database_url):
    engine = make_engine(database_url)  # migrated by the suite's fixtures, like a real start

    def differences(connection) -> list:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "include_name": _not_a_search_index}
        )
        with warnings.catch_warnings():
            # SQLite's reflection skips expression indexes with a warning: the search's are
            # outside the metadata, as above
            for name in search_objects():
                warnings.filterwarnings("ignore", f".*expression-based index {name}$")
            return compare_metadata(context, metadata)

    try:
        async with engine.connect() as conn:
            found = await conn.run_sync(differences)
    finally:
        await engine.dispose()
    assert found == []


def test_the_head_constant_names_the_newest_revision():
    """storage.migrate skips alembic when a database is at HEAD: HEAD must be the real head."""
    from alembic.script import ScriptDirectory

    from storage.migrate import HEAD, alembic_config

    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == HEAD


async def test_migrate_leaves_a_current_database_alone(database_url):
    from storage.migrate import HEAD, current_revision, migrate

    engine = make_engine(database_url)
    try:
        assert await current_revision(engine) == HEAD
        await migrate(engine)  # a no-op, without alembic
        assert await current_revision(engine) == HEAD
    finally:
        await engine.dispose()
