"""Hosted-link tokens: the creator's only credential, so the database keeps only their hash.

A token is an HMAC of the link id under the secret key. The links table stores the token's
SHA-256 (`token_hash`, the lookup key for `/link/{token}`), never the token; the service can
still show the link's URL again (GET /v1/links, the dashboard) by deriving it. After a key
rotation the previous key (COUNTERSIGN_SECRET_KEY_PREVIOUS) still derives the tokens it made.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence

from service.domain.ids import hash_secret
from service.linking.model import Link


class LinkTokens:
    def __init__(self, secret_key: str, previous: Sequence[str] = ()) -> None:
        keys = [secret_key, *(key for key in previous if key and key != secret_key)]
        self._keys = [
            hashlib.sha256(f"countersign.link-token:{key}".encode()).digest() for key in keys
        ]

    @staticmethod
    def _derive(key: bytes, link_id: str) -> str:
        digest = hmac.new(key, link_id.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode("ascii")

    def new(self, link_id: str) -> tuple[str, str]:
        """The token of a new link and the hash to store."""
        token = self._derive(self._keys[0], link_id)
        return token, hash_secret(token)

    def token_of(self, link: Link) -> str | None:
        """The link's token, or None for a link made before tokens were derived (its URL was
        sent at creation and still works, but cannot be shown again)."""
        for key in self._keys:
            token = self._derive(key, link.id)
            if hmac.compare_digest(hash_secret(token), link.token_hash):
                return token
        return None

    def url(self, public_url: str, link: Link) -> str:
        return f"{public_url}/link/{self.token_of(link) or ''}"
