"""One signed POST to a webhook endpoint, and what came back (never an exception).

No endpoint can hold a sender: one deadline (`timeout`, 10 s by default) covers the whole
attempt, from resolving the host to the last byte read, and at most `BODY_LIMIT` bytes of the
answer are read (the rest is dropped with the connection). A receiver that drips one byte at a
time, answers without end or never answers ends at the deadline like any other failure.

The destination is checked against the SSRF guard right before each send (the URL was checked
when saved, but DNS answers change), and the connection goes to the exact address the guard
approved: the URL's host is replaced by that address while the `Host` header, TLS SNI and
certificate verification keep the real hostname, so there is no second DNS lookup for a
rebinding answer to slip into. With `clients` (service/webhooks/pinned.py: the deliverer's) a
connection is kept alive and reused only by sends to the same host name at an address the guard
approved for that send; without (test sends from the dashboard) each attempt uses its own
connection of the shared client (`Connection: close`). Either way a connection pinned for one
host name is never reused for another. An answer cut short at `BODY_LIMIT` or the deadline
closes its connection. Redirects are not followed: a 3xx is an answer that is not 2xx, retried
like any other failure.
"""

from __future__ import annotations

import asyncio
import time

import httpx
from attrs import frozen

from service.kit.crypto import SecretBox
from service.webhooks.pinned import PinnedClients
from service.webhooks.signing import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    STANDARD_ID_HEADER,
    STANDARD_SIGNATURE_HEADER,
    STANDARD_TIMESTAMP_HEADER,
    sign,
    sign_standard,
)
from service.webhooks.ssrf import IPAddress, Resolver, UnsafeDestination, check_destination

TIMEOUT_SECONDS = 10.0
BODY_LIMIT = 64 * 1024  # bytes of an answer read at most; the rest is never read
RESPONSE_LIMIT = 2000  # characters of the response body kept on the attempt row
USER_AGENT = "Countersign-Webhooks/1"


@frozen
class Outcome:
    status_code: int | None
    response: str | None
    duration_ms: int
    error: str | None

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def pinned(url: str, address: IPAddress) -> tuple[httpx.URL, dict[str, str], dict[str, str]]:
    """The URL aimed at `address`, the Host header and the TLS extension for the real host."""
    original = httpx.URL(url)
    host_header = original.netloc.decode("ascii")
    extensions = {"sni_hostname": original.host} if original.scheme == "https" else {}
    return original.copy_with(host=str(address)), {"host": host_header}, extensions


async def read_limited(response: httpx.Response, limit: int = BODY_LIMIT) -> bytes:
    """Up to `limit` bytes of the body as sent (no decompression, so no decompression bomb)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_raw():
        chunks.append(chunk)
        size += len(chunk)
        if size >= limit:
            break
    return b"".join(chunks)[:limit]


class Sender:
    """Holds the HTTP client (and, for keep-alive, the pinned clients) and the policy: the
    deadline, loopback allowed for the harness, the secret box that opens the endpoints'
    sealed signing secrets, and the service's public URL, which the envelope adds to what
    events keep (an action's `approvalUrl`)."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        box: SecretBox,
        public_url: str,
        allow_loopback: bool = False,
        timeout: float = TIMEOUT_SECONDS,
        resolver: Resolver | None = None,
        clients: PinnedClients | None = None,
    ) -> None:
        self.client = client
        self.clients = clients
        self.box = box
        self.public_url = public_url
        self.allow_loopback = allow_loopback
        self.timeout = timeout
        self.resolver = resolver

    async def send(
        self,
        url: str,
        body: str,
        *,
        event: str,
        delivery_id: str,
        secrets: list[str],
        timestamp: int,
    ) -> Outcome:
        started = time.monotonic()

        def elapsed() -> int:
            return int((time.monotonic() - started) * 1000)

        if not secrets:
            return Outcome(None, None, 0, "the endpoint has no signing secret")
        raw = body.encode("utf-8")
        headers = {
            "content-type": "application/json",
            "user-agent": USER_AGENT,
            "accept-encoding": "identity",
            EVENT_HEADER: event,
            DELIVERY_HEADER: delivery_id,
            SIGNATURE_HEADER: sign(raw, secrets, timestamp),
            # Standard Webhooks: the same delivery id, timestamp and secrets.
            STANDARD_ID_HEADER: delivery_id,
            STANDARD_TIMESTAMP_HEADER: str(timestamp),
            STANDARD_SIGNATURE_HEADER: sign_standard(delivery_id, raw, secrets, timestamp),
        }
        try:
            async with asyncio.timeout(self.timeout):
                status, text = await self._post(url, raw, headers)
        except UnsafeDestination as exc:
            return Outcome(None, None, elapsed(), f"refused destination: {exc.reason}"[:500])
        except TimeoutError:
            return Outcome(None, None, elapsed(), f"no complete answer within {self.timeout:g} s")
        except httpx.HTTPError as exc:
            return Outcome(None, None, elapsed(), f"{type(exc).__name__}: {exc}"[:500])
        return Outcome(status, text, elapsed(), None)

    async def _post(self, url: str, raw: bytes, headers: dict[str, str]) -> tuple[int, str]:
        addresses = await check_destination(
            url, allow_loopback=self.allow_loopback, resolver=self.resolver
        )
        original = httpx.URL(url)
        for index, address in enumerate(addresses):
            try:
                if self.clients is None:
                    return await self._post_to(self.client, url, address, raw, headers, close=True)
                async with self.clients.client(original, address) as client:
                    return await self._post_to(client, url, address, raw, headers, close=False)
            except httpx.ConnectError:
                if index == len(addresses) - 1:
                    raise
                continue  # the next approved address of the same host
        raise AssertionError("check_destination returns at least one address")

    async def _post_to(
        self,
        client: httpx.AsyncClient,
        url: str,
        address: IPAddress,
        raw: bytes,
        headers: dict[str, str],
        *,
        close: bool,
    ) -> tuple[int, str]:
        target, host, extensions = pinned(url, address)
        request = client.build_request(
            "POST",
            target,
            content=raw,
            headers={**headers, **host, **({"connection": "close"} if close else {})},
            extensions=extensions,
            timeout=httpx.Timeout(self.timeout),
        )
        response = await client.send(request, stream=True, follow_redirects=False)
        try:
            body = await read_limited(response)
        finally:
            await response.aclose()
        return response.status_code, body.decode("utf-8", "replace")[:RESPONSE_LIMIT]
