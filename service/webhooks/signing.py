"""Webhook signatures (SPEC 6.2): `x-svc-signature: t=<unix seconds>,v1=<hex>`.

The sender signs; receivers verify. Python receivers can use this module directly
(`from service.webhooks.signing import verify`), so it stays free of any service imports.

Why these choices:
- The HMAC covers `"<t>." + raw body`, so a receiver must verify the bytes it received,
  before any JSON parsing, and a captured request cannot be replayed with a new timestamp.
- The key is the secret string exactly as shown to the user (UTF-8, `whsec_` prefix
  included): nothing to decode, so receivers in any language get it right the first time.
- One `v1=` per active secret: while a secret is being rolled, the new and the old secret
  both sign each delivery, and a receiver still holding either one keeps verifying.
- Verification compares in constant time and checks the timestamp window (300 s by
  default) only after a signature matched, so "stale" always means "authentic but old".
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from secrets import token_urlsafe

SIGNATURE_HEADER = "x-svc-signature"
DELIVERY_HEADER = "x-svc-delivery"
EVENT_HEADER = "x-svc-event"
SECRET_PREFIX = "whsec_"
DEFAULT_TOLERANCE = 300

_TIMESTAMP = re.compile(r"[0-9]{1,15}")
_HEX_SHA256 = re.compile(r"[0-9a-fA-F]{64}")


class SignatureError(ValueError):
    """A signature header that does not prove the body came from the sender.

    `reason` is one of `malformed`, `no_match` or `stale`, for logs and tests;
    the message says what exactly was wrong.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def new_secret() -> str:
    """A fresh signing secret: `whsec_` + 32 random bytes, URL-safe base64 without padding."""
    return SECRET_PREFIX + token_urlsafe(32)


def _digest(body: bytes, secret: str, timestamp: int) -> str:
    message = f"{timestamp}.".encode() + body
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def sign(body: bytes, secrets: Sequence[str], timestamp: int) -> str:
    """The `x-svc-signature` value for `body` at `timestamp`, one `v1` per secret, in order."""
    if not secrets:
        raise ValueError("at least one signing secret is required")
    if isinstance(timestamp, bool) or not isinstance(timestamp, int) or timestamp < 0:
        raise ValueError("timestamp must be a non-negative integer of unix seconds")
    parts = [f"t={timestamp}"]
    parts.extend(f"v1={_digest(body, secret, timestamp)}" for secret in secrets)
    return ",".join(parts)


def parse_header(header: str) -> tuple[int, list[str]]:
    """Split a header into its timestamp and its v1 values; unknown schemes are ignored.

    Ignoring unknown keys lets a later scheme (`v2=`) be added beside `v1` without
    breaking receivers that only know `v1`.
    """
    timestamp: int | None = None
    candidates: list[str] = []
    for item in header.split(","):
        key, sep, value = item.strip().partition("=")
        if not sep:
            raise SignatureError("malformed", f"item {item.strip()[:20]!r} is not key=value")
        if key == "t":
            if timestamp is not None:
                raise SignatureError("malformed", "more than one t= in the signature header")
            if not _TIMESTAMP.fullmatch(value):
                raise SignatureError("malformed", "t= is not an integer of unix seconds")
            timestamp = int(value)
        elif key == "v1":
            if not _HEX_SHA256.fullmatch(value):
                raise SignatureError("malformed", "v1= is not a 64-digit hex HMAC-SHA256")
            candidates.append(value.lower())
    if timestamp is None:
        raise SignatureError("malformed", "the signature header has no t=")
    if not candidates:
        raise SignatureError("malformed", "the signature header has no v1=")
    return timestamp, candidates


def verify(
    body: bytes, header: str, secret: str, *, now: int, tolerance: int = DEFAULT_TOLERANCE
) -> None:
    """Return if `header` signs `body` with `secret` within `tolerance` seconds of `now`.

    Raise `SignatureError` otherwise. Pass the raw request body, not re-serialised JSON.
    """
    timestamp, candidates = parse_header(header)
    expected = _digest(body, secret, timestamp).encode("ascii")
    # Compare against every candidate, so timing does not reveal which position matched.
    matched = False
    for candidate in candidates:
        matched |= hmac.compare_digest(expected, candidate.encode("ascii"))
    if not matched:
        raise SignatureError("no_match", "no v1 signature matches the signing secret")
    if abs(now - timestamp) > tolerance:
        raise SignatureError(
            "stale", f"timestamp is {now - timestamp} s from now (limit {tolerance} s)"
        )
