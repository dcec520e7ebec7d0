"""Webhook signatures: `x-svc-signature: t=<unix seconds>,v1=<hex>`, and beside it
the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`), which
the `standardwebhooks` library (and Svix's) verify.

The sender signs; receivers verify. Python receivers can use this module directly
(`from service.webhooks.signing import verify`), so it stays free of any service imports.

Why these choices:
- The HMAC covers `"<t>." + raw body`, so a receiver must verify the bytes it received,
  before any JSON parsing, and a captured request cannot be replayed with a new timestamp.
- The key is the secret string exactly as shown to the user (UTF-8, `whsec_` prefix
  included): nothing to decode, so receivers in any language get it right the first time.
- One `v1=` per active secret: while a secret is being rolled, the new and the old secret
  both sign each delivery, and a receiver still holding either one keeps verifying.
- Secrets are `whsec_` + standard base64 of 32 random bytes, as the Standard Webhooks spec
  expects: `webhook-signature` is keyed with the decoded bytes, so `Webhook(secret)` of the
  `standardwebhooks` library verifies with the secret exactly as shown. Secrets made before
  (URL-safe base64 without padding, which the library cannot decode) still sign both headers:
  their standard key is the 32 bytes they encode, and `standard_secret()` gives the form the
  library accepts (rolling the secret gives a new-style one).
- Verification compares in constant time and checks the timestamp window (300 s by
  default) only after a signature matched, so "stale" always means "authentic but old".
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import hashlib
import hmac
import re
from collections.abc import Sequence
from secrets import token_bytes

from standardwebhooks import Webhook

SIGNATURE_HEADER = "x-svc-signature"
DELIVERY_HEADER = "x-svc-delivery"
EVENT_HEADER = "x-svc-event"
STANDARD_ID_HEADER = "webhook-id"  # the delivery id, equal to x-svc-delivery
STANDARD_TIMESTAMP_HEADER = "webhook-timestamp"  # unix seconds, equal to x-svc-signature's t
STANDARD_SIGNATURE_HEADER = "webhook-signature"  # "v1,<base64>" per secret, space-separated
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
    """A fresh signing secret: `whsec_` + 32 random bytes in standard base64 (Standard Webhooks)."""
    return SECRET_PREFIX + base64.b64encode(token_bytes(32)).decode("ascii")


def is_standard_secret(secret: str) -> bool:
    """True for `whsec_` + standard base64 (what `new_secret` makes and the library accepts)."""
    body = secret.removeprefix(SECRET_PREFIX)
    try:
        return bool(base64.b64decode(body, validate=True))
    except (binascii.Error, ValueError):
        return False


def standard_key(secret: str) -> bytes:
    """The HMAC key of `webhook-signature` for `secret`: the bytes a standard secret encodes; for
    a secret made before (URL-safe base64 without padding) the bytes it encodes that way; for
    anything else its UTF-8 bytes."""
    body = secret.removeprefix(SECRET_PREFIX)
    if is_standard_secret(secret):
        return base64.b64decode(body)
    try:
        key = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        key = b""
    return key or secret.encode("utf-8")


def standard_secret(secret: str) -> str:
    """`secret` in the form the `standardwebhooks` library accepts (`whsec_` + standard base64
    of `standard_key`): the same string for secrets made now, a converted one for older ones."""
    if is_standard_secret(secret):
        return secret
    return SECRET_PREFIX + base64.b64encode(standard_key(secret)).decode("ascii")


def sign_standard(delivery_id: str, body: bytes, secrets: Sequence[str], timestamp: int) -> str:
    """The `webhook-signature` value: the library's `v1,<base64>` for each secret, in order,
    separated by spaces (a receiver accepts any one that matches)."""
    if not secrets:
        raise ValueError("at least one signing secret is required")
    when = dt.datetime.fromtimestamp(timestamp, dt.UTC)
    text = body.decode("utf-8")
    return " ".join(Webhook(standard_key(s)).sign(delivery_id, when, text) for s in secrets)


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
