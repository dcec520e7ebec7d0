"""Authentication's unit of work, handed to the handler's first read."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from types import TracebackType
from typing import Self

from service.ports import UnitOfWork


class HandedOver:
    """The unit of work the key was read in, handed to the handler's first read and closed
    when that read ends. A handler that reads and then writes (a creation) saves a connection
    checkout and, with its first row read along with the key, a round trip; it never holds two
    connections, as its write takes one only after this one is back. Closed on exit if the
    handler never read."""

    __slots__ = ("_open", "_taken", "_unit", "uow")

    def __init__(self, unit: AbstractAsyncContextManager[UnitOfWork]) -> None:
        self._unit = unit
        self._open = self._taken = False

    async def __aenter__(self) -> Self:
        self.uow = await self._unit.__aenter__()
        self._open = True
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._close(exc_type, exc, tb)

    def take(self) -> AbstractAsyncContextManager[UnitOfWork] | None:
        """The unit for the handler's first read; None once taken or closed."""
        if self._taken or not self._open:
            return None
        self._taken = True
        return self._first_read()

    @contextlib.asynccontextmanager
    async def _first_read(self) -> AsyncIterator[UnitOfWork]:
        try:
            yield self.uow
        except BaseException as exc:
            await self._close(type(exc), exc, exc.__traceback__)
            raise
        await self._close(None, None, None)

    async def _close(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._open:
            self._open = False
            await self._unit.__aexit__(exc_type, exc, tb)
