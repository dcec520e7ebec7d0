"""Secrets kept at rest (platform sessions, webhook signing secrets, 2FA challenge ids) are
sealed with a key derived from COUNTERSIGN_SECRET_KEY.

COUNTERSIGN_SECRET_KEY_PREVIOUS keeps the last key opening what it sealed (cryptography's
MultiFernet), so the key can be rotated without losing a linked account or an endpoint's secret:
new seals always use the current key, and `reseal` moves a value onto it.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence

from cryptography.fernet import Fernet, MultiFernet


def looks_sealed(value: str) -> bool:
    """Every Fernet token starts with its version byte 0x80, "gAAAAA" in base64; a value
    written before sealing existed does not."""
    return value.startswith("gAAAAA")


def _fernet(secret_key: str) -> Fernet:
    digest = hashlib.sha256(f"countersign.platform-session:{secret_key}".encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


class SecretBox:
    def __init__(self, secret_key: str, previous: Sequence[str] = ()) -> None:
        keys = [secret_key, *(key for key in previous if key and key != secret_key)]
        self._fernet = MultiFernet([_fernet(key) for key in keys])
        self.rotating = len(keys) > 1  # a previous key is configured

    def seal(self, plaintext: str) -> bytes:
        return self._fernet.encrypt(plaintext.encode())

    def open(self, token: bytes) -> str:
        return self._fernet.decrypt(token).decode()

    def seal_text(self, plaintext: str) -> str:
        """For values kept inside JSON columns."""
        return self.seal(plaintext).decode("ascii")

    def open_text(self, sealed: str) -> str:
        return self.open(sealed.encode("ascii"))

    def reseal(self, token: bytes) -> bytes:
        """The same secret sealed with the current key (after a rotation)."""
        return self._fernet.rotate(token)
