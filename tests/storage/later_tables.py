"""Tables today's use cases read that an old revision lacks, lent to that old schema while a
migration test writes its rows through the use cases, and taken back before it migrates on (so
the revision that creates them can)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncEngine

from storage.sql import tables as t

LATER = (t.policy_limits, t.allowance_uses)
"""Created by revision a23govern; every creation reads the account's daily limits."""


@asynccontextmanager
async def lent_later_tables(engine: AsyncEngine) -> AsyncIterator[None]:
    async with engine.begin() as conn:
        for table in LATER:
            await conn.run_sync(table.create)
    try:
        yield
    finally:
        async with engine.begin() as conn:
            for table in reversed(LATER):
                await conn.run_sync(table.drop)
