"""Cross-process wake-ups: PostgreSQL LISTEN/NOTIFY, so a worker in another process starts on an
approval at once instead of on its next poll. NOTIFY is transactional: it is delivered only when
the approving transaction commits. SQLite is single-node: there the in-process event suffices."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

log = logging.getLogger("countersign.wakeups")
RECONNECT_AFTER = 1.0
"""Seconds between attempts to listen again after the listening connection was lost."""
FIRST_SUBSCRIBE = 5.0
"""Seconds `listen` waits for its first subscription before going on without (it keeps trying)."""


async def notify(conn: AsyncConnection, channel: str) -> None:
    if conn.dialect.name == "postgresql":
        await conn.execute(sa.text("SELECT pg_notify(:channel, '')"), {"channel": channel})


@asynccontextmanager
async def listen(
    engine: AsyncEngine, channel: str, callback: Callable[[], None]
) -> AsyncIterator[None]:
    """Call `callback` on every NOTIFY of `channel` while the block runs. A lost connection
    (a restarted server, a killed backend) is replaced; after each (re)subscription `callback`
    runs once, since notifications sent while nobody listened are gone."""
    if engine.dialect.name != "postgresql":
        yield
        return
    subscribed = asyncio.Event()
    task = asyncio.create_task(_keep_listening(engine, channel, callback, subscribed))
    try:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(subscribed.wait(), FIRST_SUBSCRIBE)
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _keep_listening(
    engine: AsyncEngine, channel: str, callback: Callable[[], None], subscribed: asyncio.Event
) -> None:
    while True:
        try:
            async with engine.connect() as conn:
                driver = (await conn.get_raw_connection()).driver_connection
                assert driver is not None  # an open asyncpg connection
                lost = asyncio.Event()

                def on_notify(*_args: Any) -> None:
                    callback()

                def on_lost(_conn: Any, lost: asyncio.Event = lost) -> None:
                    lost.set()

                driver.add_termination_listener(on_lost)
                await driver.add_listener(channel, on_notify)
                subscribed.set()
                callback()
                await lost.wait()
                await conn.invalidate()
            log.warning("lost the LISTEN connection for %s; listening again", channel)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database is away: try again shortly, never give up
            log.warning("cannot LISTEN on %s yet; retrying", channel, exc_info=True)
        await asyncio.sleep(RECONNECT_AFTER)
