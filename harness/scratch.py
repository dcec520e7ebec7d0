"""A PostgreSQL database of its own for a test run or a benchmark: created, then dropped.

Test and benchmark infrastructure, so it lives in harness/ (not in the product's storage/)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa

from storage.sql.driver.engine import make_engine


async def run_admin(admin_url: str, statement: str) -> None:
    """CREATE/DROP DATABASE cannot run inside a transaction: use an autocommit connection."""
    engine = make_engine(admin_url)
    try:
        async with engine.connect() as conn:
            conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(sa.text(statement))
    finally:
        await engine.dispose()


@contextmanager
def scratch_database(admin_url: str, prefix: str) -> Iterator[str]:
    """Yield the URL of a new, empty database on the server `admin_url` points at."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    asyncio.run(run_admin(admin_url, f'CREATE DATABASE "{name}"'))
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        asyncio.run(run_admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
