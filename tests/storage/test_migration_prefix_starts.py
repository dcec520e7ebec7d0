"""Revision a42search: the prefix indexes key each fan by its column's first two characters
after the upgrade, by the whole lowered column after the downgrade, the id last either way, on
both databases."""

from __future__ import annotations

from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from tests.storage.test_migration_amounts import _downgrade
from tests.storage.test_migration_prefix_ids import _definitions


async def test_the_prefix_indexes_key_on_the_first_two_characters_after_upgrade(empty_url):
    engine = make_engine(empty_url)
    try:
        await migrate(engine)
        upgraded = await _definitions(engine)
        await _downgrade(engine, "a40plans")
        downgraded = await _definitions(engine)
    finally:
        await engine.dispose()
    assert len(upgraded) == len(downgraded) == 2
    assert all("substr(lower(" in d and d.rstrip().endswith("id)") for d in upgraded), upgraded
    assert not any("substr(" in d for d in downgraded), downgraded
    assert all(d.rstrip().endswith("id)") for d in downgraded), downgraded
