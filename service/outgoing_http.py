"""The one outgoing HTTP client (platform calls, webhook sends, the health probe).

The holder is built with the services; the client itself is opened by the app's lifespan (or a
test) with `open()` and closed after, so an app that is built but never run holds no client.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import httpx


class HttpNotOpen(RuntimeError):
    """Outgoing HTTP was used outside the lifespan that opens it."""


class OutgoingHttp:
    def __init__(self) -> None:
        self._client: httpx.AsyncClient | None = None

    @property
    def is_open(self) -> bool:
        return self._client is not None

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            raise HttpNotOpen(
                "outgoing HTTP is not open: run the app's lifespan (or "
                "`service.app.outgoing_http`) first"
            )
        return self._client

    @contextlib.asynccontextmanager
    async def open(self) -> AsyncIterator[httpx.AsyncClient]:
        async with httpx.AsyncClient() as client:
            self._client = client
            try:
                yield client
            finally:
                self._client = None
