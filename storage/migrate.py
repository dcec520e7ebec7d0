"""Versioned schema changes with alembic, applied over our own async engine."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"
HEAD = "a42search"
"""The newest revision in storage/migrations/versions/ (a test keeps the two in step). A database
already there is left alone without loading alembic: CLI commands and starts stay fast."""


def alembic_config() -> Config:
    from alembic.config import Config  # alembic loads only when a schema change may be due

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # versions/ holds one folder per twenty revisions, so no folder grows without end.
    config.set_main_option("recursive_version_locations", "true")
    return config


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database to `revision`. Safe to run on every start: it is a no-op when current."""
    if revision == "head" and await current_revision(engine) == HEAD:
        return
    from alembic import command

    def upgrade(connection: sa.Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async with engine.connect() as conn:
        await conn.run_sync(upgrade)
        await conn.commit()


async def current_revision(engine: AsyncEngine) -> str | None:
    """The revision the database is at, or None (no alembic_version table yet)."""
    try:
        async with engine.connect() as conn:
            rows = (await conn.execute(sa.text("SELECT version_num FROM alembic_version"))).all()
    except sa.exc.DBAPIError:
        return None
    return rows[0][0] if len(rows) == 1 else None


async def autogenerate(engine: AsyncEngine, message: str) -> None:
    """Developer helper: write a new revision from the difference between the tables (storage/sql/tables/) and the db."""

    from alembic import command

    def revise(connection: sa.Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.revision(config, message=message, autogenerate=True)

    async with engine.connect() as conn:
        await conn.run_sync(revise)
