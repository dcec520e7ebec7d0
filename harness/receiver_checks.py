"""How the test receiver checks a delivery, twice: the way docs/webhooks.md tells receivers to
(HMAC over the raw body, constant-time compare, a 300-second window), and with the
`standardwebhooks` library's `Webhook.verify` over the `webhook-*` headers. Each answers None
when the delivery passes, else why not."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable

from standardwebhooks import Webhook, WebhookVerificationError

from service.webhooks.signing import (
    DELIVERY_HEADER,
    SIGNATURE_HEADER,
    STANDARD_ID_HEADER,
    SignatureError,
    standard_secret,
    verify,
)


def documented_check(
    body: bytes, header: str | None, secrets: list[str], now: float, tolerance: int
) -> str | None:
    """None when any accepted secret verifies the body (HMAC over the raw body, compared in
    constant time), else why not."""
    if header is None:
        return f"no {SIGNATURE_HEADER} header"
    if not secrets:
        return "the receiver has no signing secret"
    reason = "no secret matched"
    for secret in secrets:
        try:
            verify(body, header, secret, now=int(now), tolerance=tolerance)
            return None
        except SignatureError as exc:
            reason = f"{exc.reason}: {exc}"
    return reason


def standard_check(
    body: bytes,
    headers: dict[str, str],
    secrets: list[str],
    clock: Callable[[], float],
    tolerance: int,
) -> str | None:
    """None when the `standardwebhooks` library verifies the `webhook-*` headers with any
    accepted secret (as shown, or its standard form for a secret made before), else why
    not. `webhook-id` must also equal `x-svc-delivery`."""
    if not secrets:
        return "the receiver has no signing secret"
    if headers.get(STANDARD_ID_HEADER) != headers.get(DELIVERY_HEADER):
        return f"{STANDARD_ID_HEADER} differs from {DELIVERY_HEADER}"
    reason = "no secret matched"
    for secret in secrets:
        try:
            _webhook(standard_secret(secret), clock, tolerance).verify(
                body, headers, json_parse=False
            )
            return None
        except WebhookVerificationError as exc:
            reason = f"standard webhooks: {exc}"
    return reason


def _webhook(secret: str, clock: Callable[[], float], tolerance: int) -> Webhook:
    """The library's verifier; with an injected clock (tests move a ManualClock) its
    timestamp check uses that clock, the signature check stays the library's."""
    if clock is time.time:
        return Webhook(secret)
    return _ClockedWebhook(secret, clock, tolerance)


class _ClockedWebhook(Webhook):
    """`standardwebhooks.Webhook` whose timestamp window is measured on an injected clock."""

    def __init__(self, secret: str, clock: Callable[[], float], tolerance: int) -> None:
        super().__init__(secret)
        self._now, self._window = clock, tolerance

    def _Webhook__verify_timestamp(self, timestamp_header: str) -> dt.datetime:
        try:
            stamp = float(timestamp_header)
        except ValueError:
            raise WebhookVerificationError("Invalid Signature Headers") from None
        if abs(self._now() - stamp) > self._window:
            raise WebhookVerificationError("Message timestamp outside the window")
        return dt.datetime.fromtimestamp(stamp, dt.UTC)
