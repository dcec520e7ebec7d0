"""`last_used_at` for API keys, written after the request instead of inside it.

Authentication runs inside the request's read transaction. Touching the key there needs a second
pooled connection while the first is still held, and 64 concurrent requests with fresh keys then
hold every connection while waiting for another: the pool stalls. So a request only notes the
touch; one background flush writes all noted keys in one transaction, never nested in another.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging

from service.ports import Store

log = logging.getLogger("countersign.keys")

TOUCH_EVERY = dt.timedelta(minutes=1)
"""A key's `last_used_at` is accurate to this: a busy key is written once a minute, not per call."""


class KeyTouches:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._pending: dict[str, dt.datetime] = {}
        self._flushing: asyncio.Task[None] | None = None

    def due(self, last_used_at: dt.datetime | None, now: dt.datetime) -> bool:
        return last_used_at is None or now - last_used_at > TOUCH_EVERY

    def note(self, key_id: str, at: dt.datetime) -> None:
        """Remember the use and make sure one flush is on its way (never more than one)."""
        self._pending[key_id] = at
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self._flush_loop())

    async def flush(self) -> None:
        """Write every noted touch now (shutdown, tests)."""
        if self._flushing is not None:
            await asyncio.shield(self._flushing)
        await self._write()

    async def _flush_loop(self) -> None:
        while self._pending:
            try:
                await self._write()
            except Exception:  # a touch is bookkeeping: never let it break a request
                log.exception("could not record API key use; will retry with the next request")
                return

    async def _write(self) -> None:
        batch, self._pending = self._pending, {}
        if not batch:
            return
        async with self._store.transaction() as uow:
            for key_id, at in sorted(batch.items()):
                await uow.keys.touch(key_id, at)
