"""Verifying a webhook from Countersign (SPEC 6.2), with nothing but the standard library.

`x-svc-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`: HMAC-SHA256 over `<t>.<raw body>`,
keyed with the endpoint's signing secret (the whole `whsec_…` string, UTF-8). While a secret is
being rolled the header carries one `v1` per active secret; any one matching is enough. `t`
must be within 300 seconds of now. Verify the raw bytes received, before parsing any JSON.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Iterable

TOLERANCE = 300


class SignatureError(ValueError):
    """The request does not prove it came from Countersign: answer 400 and drop it."""


def verify_signature(
    payload: bytes,
    header: str,
    secrets: str | Iterable[str],
    *,
    tolerance: int = TOLERANCE,
    now: float | None = None,
) -> int:
    """Raise SignatureError unless `header` signs `payload` with one of `secrets` within
    `tolerance` seconds of `now`; the signed timestamp."""
    keys = [secrets] if isinstance(secrets, str) else list(secrets)
    timestamp: int | None = None
    candidates: list[str] = []
    for item in header.split(","):
        name, _, value = item.strip().partition("=")
        if name == "t" and value.isascii() and value.isdigit():
            timestamp = int(value)
        elif name == "v1":
            candidates.append(value)
    if timestamp is None or not candidates:
        raise SignatureError("the signature header needs t= and at least one v1=")
    signed = f"{timestamp}.".encode() + payload
    expected = [hmac.new(k.encode(), signed, hashlib.sha256).hexdigest() for k in keys]
    if not any(hmac.compare_digest(e, c) for e in expected for c in candidates):
        raise SignatureError("no signature matches a signing secret")
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError(f"the signature is more than {tolerance} seconds old")
    return timestamp
