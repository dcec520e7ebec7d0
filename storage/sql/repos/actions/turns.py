"""One at a time per key, within this process: callers that would only race each other in the
database (where all but one lose and try again) wait in line here instead."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class Turns:
    """A lock per key, kept only while someone holds or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def one_at_a_time(self, key: Hashable) -> AsyncIterator[None]:
        lock, waiting = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, waiting + 1)
        try:
            async with lock:
                yield
        finally:
            lock, waiting = self._locks[key]
            if waiting == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, waiting - 1)

    def __len__(self) -> int:
        """Keys someone holds or waits for."""
        return len(self._locks)
