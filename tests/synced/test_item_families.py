"""The synced item families are named once (service/domain/item_families.py): what a sync
stores in synced_items is exactly those, so no typed read can name a family the syncer never
writes (both databases, the fake platform over HTTP)."""

from __future__ import annotations

import sqlalchemy as sa

from service.domain.item_families import ItemFamily
from service.synced.syncer import sync_account
from storage.sql import tables as t


async def test_every_family_the_syncer_stores_as_items_is_named_once(linked, store):
    account = await sync_account(
        linked.services.syncing, linked.world.workspace_id, linked.creator_id
    )
    assert account.status == "healthy"
    async with store.reading() as uow:
        stored = await uow.conn.execute(sa.select(t.synced_items.c.family).distinct())
    assert {row[0] for row in stored} == {family.value for family in ItemFamily}
