"""Revision a37amounts on a database with actions: `price_cents` is filled with the price asked
(an edited action's `requested_params`, else `price`; null when free), and a downgrade drops it."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from alembic import command

from service.actions.creation import create_action
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.workspaces.usecases import create_workspace
from storage.migrate import alembic_config, migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore
from tests.factories import add_live_account

NOW = dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC)


async def _downgrade(engine, revision: str) -> None:
    def down(connection: sa.Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, revision)

    async with engine.connect() as conn:
        await conn.run_sync(down)
        await conn.commit()


async def test_upgrade_fills_the_price_asked(empty_url):
    engine = make_engine(empty_url)
    await migrate(engine)
    store = SqlStore.from_url(empty_url)
    try:
        clock = ManualClock(NOW)
        workspace = await create_workspace(store, clock, "W")
        await add_live_account(store, clock, workspace.id)
        agent = Principal(
            workspace_id=workspace.id,
            mode="live",
            kind="api_key",
            label="backend",
            scopes=frozenset({"read", "write"}),
            key_id="key_1",
        )
        ids = {}
        for key, price in (("free", None), ("priced", 5000), ("edited", 6000)):
            params = {"fanId": "123456", "text": "<p>Hi</p>"}
            if price:
                params["priceCents"] = price
            made = await create_action(store, clock, agent, "40001", key, "send_message", params)
            ids[made.action.id] = key
        edited = next(i for i, k in ids.items() if k == "edited")
        async with store.transaction() as uow:
            asked = (await uow.actions.get(workspace.id, edited)).params
            lowered = await uow.actions.transition(
                edited,
                ["pending"],
                "pending",
                params={**asked, "priceCents": 4000},
                price={"amount": 4000, "currency": "USD"},
                requested_params=asked,
            )
        assert lowered is not None
        await _downgrade(engine, "a35scale")
        await migrate(engine)
        async with engine.connect() as conn:
            rows = (await conn.execute(sa.text("SELECT id, price_cents FROM actions"))).all()
    finally:
        await store.close()
        await engine.dispose()
    assert {ids[i]: cents for i, cents in rows} == {"free": None, "priced": 5000, "edited": 6000}
