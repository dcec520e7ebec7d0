"""Verifying a webhook from Countersign, with nothing but the standard library.

Every delivery carries two signatures of the same raw body; either one proves it:

- `x-svc-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 over
  `<t>.<raw body>`, keyed with the signing secret as shown (the whole `whsec_…` string, UTF-8).
- Standard Webhooks' `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>[ …]`:
  HMAC-SHA256 over `<id>.<timestamp>.<raw body>`, keyed with the bytes the secret encodes (the
  base64 after `whsec_`).

While a secret is being rolled each header carries one signature per active secret; any one
matching is enough. The timestamp must be within 300 seconds of now. Verify the raw bytes
received, before parsing any JSON.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from collections.abc import Iterable, Mapping

TOLERANCE = 300
PREFIX = "whsec_"


class SignatureError(ValueError):
    """The request does not prove it came from Countersign: answer 400 and drop it."""


def _secrets(secrets: str | Iterable[str]) -> list[str]:
    return [secrets] if isinstance(secrets, str) else list(secrets)


def _fresh(timestamp: int, tolerance: int, now: float | None) -> None:
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError(f"the signature is more than {tolerance} seconds old")


def _any_equal(expected: list[str], given: list[str]) -> bool:
    matched = False
    for e in expected:  # every pair compared: timing does not tell which one matched
        for g in given:
            matched |= hmac.compare_digest(e.encode(), g.encode())
    return matched


def verify_signature(
    payload: bytes,
    header: str,
    secrets: str | Iterable[str],
    *,
    tolerance: int = TOLERANCE,
    now: float | None = None,
) -> int:
    """Raise SignatureError unless `x-svc-signature` `header` signs `payload` with one of
    `secrets` within `tolerance` seconds of `now`; the signed timestamp."""
    timestamp: int | None = None
    candidates: list[str] = []
    for item in header.split(","):
        name, _, value = item.strip().partition("=")
        if name == "t" and value.isascii() and value.isdigit():
            timestamp = int(value)
        elif name == "v1":
            candidates.append(value.lower())
    if timestamp is None or not candidates:
        raise SignatureError("the signature header needs t= and at least one v1=")
    signed = f"{timestamp}.".encode() + payload
    expected = [hmac.new(s.encode(), signed, hashlib.sha256).hexdigest() for s in _secrets(secrets)]
    if not _any_equal(expected, candidates):
        raise SignatureError("no signature matches a signing secret")
    _fresh(timestamp, tolerance, now)
    return timestamp


def standard_key(secret: str) -> bytes:
    """The key of `webhook-signature`: the bytes `whsec_<base64>` encodes (secrets made before
    Standard Webhooks support are URL-safe base64 without padding)."""
    body = secret.removeprefix(PREFIX)
    for altchars in (None, b"-_"):
        try:
            key = base64.b64decode(body + "=" * (-len(body) % 4), altchars=altchars, validate=True)
        except (binascii.Error, ValueError):
            continue
        if key:
            return key
    return secret.encode()


def verify_standard(
    payload: bytes,
    headers: Mapping[str, str],
    secrets: str | Iterable[str],
    *,
    tolerance: int = TOLERANCE,
    now: float | None = None,
) -> int:
    """Raise SignatureError unless the Standard Webhooks headers sign `payload` with one of
    `secrets` within `tolerance` seconds of `now`; the signed timestamp."""
    lower = {k.lower(): v for k, v in headers.items()}
    message_id = lower.get("webhook-id", "")
    stamp = lower.get("webhook-timestamp", "")
    given = [
        part.partition(",")[2]
        for part in lower.get("webhook-signature", "").split()
        if part.startswith("v1,")
    ]
    if not message_id or not (stamp.isascii() and stamp.isdigit()) or not given:
        raise SignatureError("webhook-id, webhook-timestamp and a v1 webhook-signature are needed")
    signed = f"{message_id}.{stamp}.".encode() + payload
    expected = [
        base64.b64encode(hmac.new(standard_key(s), signed, hashlib.sha256).digest()).decode()
        for s in _secrets(secrets)
    ]
    if not _any_equal(expected, given):
        raise SignatureError("no webhook-signature matches a signing secret")
    _fresh(int(stamp), tolerance, now)
    return int(stamp)
