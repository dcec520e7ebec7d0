"""Cross-process wake-ups: PostgreSQL LISTEN/NOTIFY, so a worker in another process starts on an
approval at once instead of on its next poll. NOTIFY is transactional: it is delivered only when
the approving transaction commits. SQLite is single-node: there the in-process event suffices."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import sqlalchemy as sa

from storage.sql.driver.connection import CONNECT_TIMEOUT, Connection
from storage.sql.driver.statements import prebuilt

log = logging.getLogger("countersign.wakeups")
RECONNECT_AFTER = 1.0
"""Seconds between attempts to listen again after the listening connection was lost."""
FIRST_SUBSCRIBE = 5.0
"""Seconds `listen` waits for its first subscription before going on without (it keeps trying)."""


_NOTIFY = prebuilt(sa.select(sa.func.pg_notify(sa.bindparam("channel", type_=sa.String), "")))


async def notify(conn: Connection, channel: str) -> None:
    if conn.dialect.name == "postgresql" and not conn.defer_notify(channel):
        await conn.execute(_NOTIFY, {"channel": channel})


def listen(
    dsn: str | None, channel: str, callback: Callable[[], None]
) -> AbstractAsyncContextManager[None]:
    """Call `callback` on every NOTIFY of `channel` while the block runs. A lost connection
    (a restarted server, a killed backend) is replaced; after each (re)subscription `callback`
    runs once, since notifications sent while nobody listened are gone."""
    return listen_payloads(dsn, channel, lambda _payload: callback())


@asynccontextmanager
async def listen_payloads(
    dsn: str | None, channel: str, callback: Callable[[str | None], None]
) -> AsyncIterator[None]:
    """`listen`, handing `callback` each notification's payload; None after each
    (re)subscription, meaning "anything may have changed while nobody listened"."""
    if dsn is None:  # SQLite: one node, the in-process event is enough
        yield
        return
    subscribed = asyncio.Event()
    task = asyncio.create_task(_keep_listening(dsn, channel, callback, subscribed))
    try:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(FIRST_SUBSCRIBE):
                await subscribed.wait()
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _keep_listening(
    dsn: str, channel: str, callback: Callable[[str | None], None], subscribed: asyncio.Event
) -> None:
    import asyncpg  # only PostgreSQL deployments listen

    while True:
        try:
            conn = await asyncpg.connect(dsn, timeout=CONNECT_TIMEOUT)
            try:
                lost = asyncio.Event()

                def on_notify(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
                    callback(payload)

                def on_lost(_conn: Any, lost: asyncio.Event = lost) -> None:
                    lost.set()

                conn.add_termination_listener(on_lost)
                await conn.add_listener(channel, on_notify)
                subscribed.set()
                callback(None)
                await lost.wait()
            finally:
                conn.terminate()
            log.warning("lost the LISTEN connection for %s; listening again", channel)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database is away: try again shortly, never give up
            log.warning("cannot LISTEN on %s yet; retrying", channel, exc_info=True)
        await asyncio.sleep(RECONNECT_AFTER)
