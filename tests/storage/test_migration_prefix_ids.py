"""Revision a40plans: the prefix indexes hold each fan's id after the upgrade, not after the
downgrade, on both databases."""

from __future__ import annotations

import sqlalchemy as sa

from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.driver.search import PREFIX_INDEXES
from tests.storage.test_migration_amounts import _downgrade


async def _definitions(engine) -> list[str]:
    names = [index for index, _column in PREFIX_INDEXES["fans"]]
    async with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            sql = "SELECT sql FROM sqlite_master WHERE name IN (:a, :b) ORDER BY name"
        else:
            sql = "SELECT indexdef FROM pg_indexes WHERE indexname IN (:a, :b) ORDER BY indexname"
        rows = await conn.execute(sa.text(sql), {"a": names[0], "b": names[1]})
        return [str(row[0]) for row in rows]


async def test_the_prefix_indexes_hold_the_id_after_upgrade(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine)
        upgraded = await _definitions(engine)
        await _downgrade(engine, "a37amounts")
        downgraded = await _definitions(engine)
    finally:
        await engine.dispose()
    assert len(upgraded) == len(downgraded) == 2
    assert all(d.rstrip().endswith("id)") for d in upgraded), upgraded
    assert not any(d.rstrip().endswith("id)") for d in downgraded), downgraded
