"""Identifiers and secrets: prefixed, random, and (for keys) stored only as a hash."""

from __future__ import annotations

import hashlib
import os
import secrets
import socket

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
_BYTE_TO_CHAR = bytes(ord(_ALPHABET[b % 36]) for b in range(256))


def new_id(prefix: str, length: int = 20) -> str:
    """`length` characters of [0-9a-z] from the OS's CSPRNG, read in one call and mapped by one
    `bytes.translate` (this runs on every request, for the request id)."""
    return prefix + secrets.token_bytes(length).translate(_BYTE_TO_CHAR).decode("ascii")


def worker_name() -> str:
    """A process's name on the leases it takes (the executor's claims, the syncer's rounds):
    its host, its pid and a random part, so a restarted process never passes for the old one."""
    return f"{socket.gethostname()}:{os.getpid()}:{new_id('', 6)}"


def new_api_key(mode: str) -> str:
    """A key shown once: `sk_live_…` or `sk_test_…` with 192 bits of randomness."""
    return f"sk_{mode}_{secrets.token_urlsafe(24)}"


def hash_secret(value: str) -> str:
    """Keys are high-entropy, so a plain SHA-256 is a safe lookup hash (no slow KDF needed)."""
    return hashlib.sha256(value.encode()).hexdigest()


def key_prefix(key: str) -> str:
    """What lists show so people can tell keys apart: the mode prefix and four characters."""
    head, _, rest = key.partition("_")
    mode, _, body = rest.partition("_")
    return f"{head}_{mode}_{body[:4]}"


MAX_ID_LENGTH = 64
"""The longest id the API takes (its `maxLength` for ids in openapi.yaml)."""


def looks_like(value: str, prefix: str, max_length: int = MAX_ID_LENGTH) -> bool:
    """Whether `value` could be one of our ids with `prefix` (letters and digits after it);
    anything else names nothing, so callers answer "not found" without a lookup."""
    body = value[len(prefix) :]
    return (
        value.startswith(prefix)
        and 0 < len(value) <= max_length
        and body.isascii()
        and body.isalnum()
    )
