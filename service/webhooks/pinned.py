"""Keep-alive HTTP clients for webhook sends, each pinned to one host name at one address.

The sender connects to the exact address the SSRF guard approved for this send, with the URL's
host swapped for it (service/webhooks/sender.py). A client's connection pool is keyed by the
address alone, so sharing one client would let a connection opened for `a.example` (its SNI,
its certificate) carry a send to `b.example` at the same address. Here every client serves one
(scheme, host name, port, address): a connection is reused only for the same host name at an
address the guard approved again for this very send, since the guard runs before each send and
picks the client. A host whose DNS answer moves gets new clients; the old ones idle out.

Idle connections are dropped after `keepalive_seconds` (shorter than common servers' idle
timeouts, e.g. uvicorn's 5 s, so a connection the receiver is closing is rarely picked).
Open with `async with PinnedClients() as clients:`; everything is closed on exit.
"""

from __future__ import annotations

import contextlib
import ssl
from collections import OrderedDict
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Self

import httpx

from service.webhooks.ssrf import IPAddress

Key = tuple[str, str, int | None, IPAddress]


class PinnedClients:
    """A free list of single-connection clients per (scheme, host name, port, address).

    A send takes an idle client of its key (or a new one), so it never shares a connection
    with a send in flight, and gives it back when the answer was read to the end; a send that
    failed, timed out or stopped reading at the body limit closes its client instead. At most
    `per_key` idle clients are kept per key and `max_idle` in all, the least recently used
    closed first. (One client per connection, because httpx's pool scans every connection it
    holds for each request: with dozens of connections in one pool that cost more than opening
    a new connection per send.)
    """

    def __init__(
        self,
        *,
        per_key: int = 16,
        keepalive_seconds: float = 2.0,
        max_idle: int = 256,
    ) -> None:
        self.per_key = per_key
        self.keepalive_seconds = keepalive_seconds
        self.max_idle = max_idle
        self._idle: OrderedDict[Key, list[httpx.AsyncClient]] = OrderedDict()
        self._tls: ssl.SSLContext | None = None  # one context for every client, made once
        self._closed = False

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, OrderedDict()
        for clients in idle.values():
            for client in clients:
                await client.aclose()

    def __len__(self) -> int:
        """Idle clients kept."""
        return sum(len(clients) for clients in self._idle.values())

    @contextlib.asynccontextmanager
    async def client(self, url: httpx.URL, address: IPAddress) -> AsyncIterator[httpx.AsyncClient]:
        """A client of its own for a send to `url`'s host at `address` (approved by the guard
        for this send). Leave the block with an exception to drop the client's connection."""
        if self._closed:
            raise RuntimeError("the pinned webhook clients are closed")
        key: Key = (url.scheme, url.host, url.port, address)
        idle = self._idle.get(key)
        client = idle.pop() if idle else self._new_client()
        if idle is not None and not idle:
            del self._idle[key]
        reusable = False
        try:
            yield client
            reusable = True
        finally:
            if reusable and not self._closed:
                await self._park(key, client)
            else:
                await client.aclose()

    async def _park(self, key: Key, client: httpx.AsyncClient) -> None:
        clients = self._idle.setdefault(key, [])
        clients.append(client)
        self._idle.move_to_end(key)
        extra: list[httpx.AsyncClient] = []
        if len(clients) > self.per_key:
            extra.append(clients.pop(0))
        while len(self) > self.max_idle:
            oldest_key, oldest = next(iter(self._idle.items()))
            extra.append(oldest.pop(0))
            if not oldest:
                del self._idle[oldest_key]
        for one in extra:
            await one.aclose()

    def _new_client(self) -> httpx.AsyncClient:
        if self._tls is None:  # httpx would otherwise load the CA bundle for every client
            self._tls = httpx.create_ssl_context()
        return httpx.AsyncClient(
            verify=self._tls,
            limits=httpx.Limits(
                max_connections=1,
                max_keepalive_connections=1,
                keepalive_expiry=self.keepalive_seconds,
            ),
        )
