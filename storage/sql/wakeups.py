"""Cross-process wake-ups: PostgreSQL LISTEN/NOTIFY, so a worker in another process starts on an
approval at once instead of on its next poll. NOTIFY is transactional: it is delivered only when
the approving transaction commits. SQLite is single-node: there the in-process event suffices."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine


async def notify(conn: AsyncConnection, channel: str) -> None:
    if conn.dialect.name == "postgresql":
        await conn.execute(sa.text("SELECT pg_notify(:channel, '')"), {"channel": channel})


@asynccontextmanager
async def listen(engine: AsyncEngine, channel: str,
                 callback: Callable[[], None]) -> AsyncIterator[None]:
    if engine.dialect.name != "postgresql":
        yield
        return
    async with engine.connect() as conn:
        driver = (await conn.get_raw_connection()).driver_connection
        assert driver is not None  # an open asyncpg connection

        def on_notify(*_args: object) -> None:
            callback()

        await driver.add_listener(channel, on_notify)
        try:
            yield
        finally:
            await driver.remove_listener(channel, on_notify)
