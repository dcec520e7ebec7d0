"""The outgoing HTTP clients: `client` (httpx: webhook sends, the health probe) and `platform`
(aiohttp, `platform_session()`: platform calls, where every live read waits on it; why
aiohttp and what the session must be: service/platform/client.py).

The holder is built with the services; the clients themselves are opened by the app's lifespan
(or a test) with `open()` and closed after, so an app that is built but never run holds none.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import aiohttp
import httpx

KEEP_ALIVE = 5.0  # seconds an idle connection is kept (httpx's default)
MAX_CONNECTIONS = 100  # at once, to the platform (httpx's default)


@contextlib.asynccontextmanager
async def platform_session() -> AsyncIterator[aiohttp.ClientSession]:
    """The HTTP session platform calls go through (see the module's docstring)."""
    connector = aiohttp.TCPConnector(limit=MAX_CONNECTIONS, keepalive_timeout=KEEP_ALIVE)
    async with aiohttp.ClientSession(
        connector=connector, cookie_jar=aiohttp.DummyCookieJar()
    ) as session:
        # aiohttp's own switch for its one automatic resend (its test utilities turn it off
        # the same way); tests/platform/test_client_wire.py proves a dropped write is not resent.
        session._retry_connection = False
        yield session


NOT_OPEN = (
    "outgoing HTTP is not open: run the app's lifespan (or `service.app.outgoing_http`) first"
)


class HttpNotOpen(RuntimeError):
    """Outgoing HTTP was used outside the lifespan that opens it."""


class OutgoingHttp:
    def __init__(self) -> None:
        self._client: httpx.AsyncClient | None = None
        self._platform: aiohttp.ClientSession | None = None

    @property
    def is_open(self) -> bool:
        return self._client is not None

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            raise HttpNotOpen(NOT_OPEN)
        return self._client

    @property
    def platform(self) -> aiohttp.ClientSession:
        if self._platform is None:
            raise HttpNotOpen(NOT_OPEN)
        return self._platform

    @contextlib.asynccontextmanager
    async def open(self) -> AsyncIterator[httpx.AsyncClient]:
        async with httpx.AsyncClient() as client, platform_session() as platform:
            self._client, self._platform = client, platform
            try:
                yield client
            finally:
                self._client = self._platform = None
