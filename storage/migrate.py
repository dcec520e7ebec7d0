"""Versioned schema changes with alembic, applied over our own async engine."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database to `revision`. Safe to run on every start: it is a no-op when current."""

    def upgrade(connection: sa.Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async with engine.connect() as conn:
        await conn.run_sync(upgrade)
        await conn.commit()


async def autogenerate(engine: AsyncEngine, message: str) -> None:
    """Developer helper: write a new revision from the difference between tables.py and the db."""

    def revise(connection: sa.Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.revision(config, message=message, autogenerate=True)

    async with engine.connect() as conn:
        await conn.run_sync(revise)
