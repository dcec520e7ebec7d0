"""Keep-alive HTTP clients for webhook sends, each pinned to one host name at one address.

The sender connects to the exact address the SSRF guard approved for this send, with the URL's
host swapped for it (service/webhooks/sender.py). A client's connection pool is keyed by the
address alone, so sharing one client would let a connection opened for `a.example` (its SNI,
its certificate) carry a send to `b.example` at the same address. Here every client serves one
(scheme, host name, port, address): a connection is reused only for the same host name at an
address the guard approved again for this very send, since the guard runs before each send and
picks the client. A host whose DNS answer moves gets a new client; the old one idles out.

Idle connections are dropped after `keepalive_seconds` (shorter than common servers' idle
timeouts, e.g. uvicorn's 5 s, so a connection the receiver is closing is rarely picked), and
clients with nothing in flight are closed, least recently used first, beyond `max_clients`.
Open with `async with PinnedClients() as clients:`; everything is closed on exit.
"""

from __future__ import annotations

import contextlib
import ssl
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Self

import httpx

from service.webhooks.ssrf import IPAddress

Key = tuple[str, str, int | None, IPAddress]


class PinnedClients:
    def __init__(
        self,
        *,
        per_client: int = 16,
        keepalive_seconds: float = 2.0,
        max_clients: int = 256,
    ) -> None:
        self.per_client = per_client
        self.keepalive_seconds = keepalive_seconds
        self.max_clients = max_clients
        self._clients: OrderedDict[Key, httpx.AsyncClient] = OrderedDict()
        self._in_use: Counter[Key] = Counter()
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
        clients, self._clients = list(self._clients.values()), OrderedDict()
        for client in clients:
            await client.aclose()

    def __len__(self) -> int:
        return len(self._clients)

    @contextlib.asynccontextmanager
    async def client(self, url: httpx.URL, address: IPAddress) -> AsyncIterator[httpx.AsyncClient]:
        """The client for `url`'s host at `address` (approved by the guard for this send)."""
        if self._closed:
            raise RuntimeError("the pinned webhook clients are closed")
        key: Key = (url.scheme, url.host, url.port, address)
        if key not in self._clients:
            await self._evict_idle()
        client = self._clients.get(key)
        if client is None:  # (no await between this check and the insert)
            client = self._clients[key] = self._new_client()
        self._clients.move_to_end(key)
        self._in_use[key] += 1
        try:
            yield client
        finally:
            self._in_use[key] -= 1
            if not self._in_use[key]:
                del self._in_use[key]

    def _new_client(self) -> httpx.AsyncClient:
        if self._tls is None:  # httpx would otherwise load the CA bundle for every client
            self._tls = httpx.create_ssl_context()
        return httpx.AsyncClient(
            verify=self._tls,
            limits=httpx.Limits(
                max_connections=self.per_client,
                max_keepalive_connections=self.per_client,
                keepalive_expiry=self.keepalive_seconds,
            ),
        )

    async def _evict_idle(self) -> None:
        """Close the least recently used clients with nothing in flight, down to the bound."""
        over = len(self._clients) + 1 - self.max_clients
        for key in list(self._clients):
            if over <= 0:
                break
            if self._in_use[key]:
                continue
            await self._clients.pop(key).aclose()
            over -= 1
