"""One signed POST to a webhook endpoint, and what came back (never an exception).

The destination is checked against the SSRF guard again right before each send (the URL was
checked when saved, but DNS answers change). Redirects are not followed: a 3xx is an answer that
is not 2xx, so it is retried like any other failure, and a redirect cannot lead the sender into
a private network.
"""

from __future__ import annotations

import time

import httpx
from attrs import frozen

from service.webhooks.signing import DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, sign
from service.webhooks.ssrf import UnsafeDestination, check_destination

TIMEOUT_SECONDS = 10.0
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


class Sender:
    """Holds the HTTP client and the policy (timeout, loopback allowed for the harness)."""

    def __init__(self, client: httpx.AsyncClient, *, allow_loopback: bool = False,
                 timeout: float = TIMEOUT_SECONDS, resolver=None) -> None:
        self.client = client
        self.allow_loopback = allow_loopback
        self.timeout = timeout
        self.resolver = resolver

    async def send(self, url: str, body: str, *, event: str, delivery_id: str,
                   secrets: list[str], timestamp: int) -> Outcome:
        started = time.monotonic()

        def elapsed() -> int:
            return int((time.monotonic() - started) * 1000)

        if not secrets:
            return Outcome(None, None, 0, "the endpoint has no signing secret")
        try:
            await check_destination(url, allow_loopback=self.allow_loopback,
                                    resolver=self.resolver)
        except UnsafeDestination as exc:
            return Outcome(None, None, elapsed(), f"refused destination: {exc.reason}"[:500])
        raw = body.encode("utf-8")
        headers = {
            "content-type": "application/json",
            "user-agent": USER_AGENT,
            EVENT_HEADER: event,
            DELIVERY_HEADER: delivery_id,
            SIGNATURE_HEADER: sign(raw, secrets, timestamp),
        }
        try:
            response = await self.client.post(url, content=raw, headers=headers,
                                              timeout=self.timeout, follow_redirects=False)
        except httpx.TimeoutException:
            return Outcome(None, None, elapsed(), f"no response within {self.timeout:g} s")
        except httpx.HTTPError as exc:
            return Outcome(None, None, elapsed(), f"{type(exc).__name__}: {exc}"[:500])
        text = response.text[:RESPONSE_LIMIT] if response.content else ""
        return Outcome(response.status_code, text, elapsed(), None)


def sender_for(services) -> Sender:
    """The sender every part of the service uses: the shared HTTP client, loopback allowed only
    in development (the harness receiver listens on 127.0.0.1)."""
    return Sender(services.http, allow_loopback=services.settings.development)
