"""Platform session secrets are encrypted at rest with a key derived from COUNTERSIGN_SECRET_KEY."""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet


class SecretBox:
    def __init__(self, secret_key: str) -> None:
        digest = hashlib.sha256(f"countersign.platform-session:{secret_key}".encode()).digest()
        self._fernet = Fernet(base64.urlsafe_b64encode(digest))

    def seal(self, plaintext: str) -> bytes:
        return self._fernet.encrypt(plaintext.encode())

    def open(self, token: bytes) -> str:
        return self._fernet.decrypt(token).decode()
