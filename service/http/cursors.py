"""Opaque, signed cursors bound to the list and filters that produced them."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer

from service.error_codes import ErrorCode
from service.errors import ApiError


class Cursors:
    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="countersign.cursor")

    @staticmethod
    def _bind(name: str, filters: dict[str, Any]) -> str:
        canonical = json.dumps([name, filters], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def encode(self, name: str, filters: dict[str, Any], position: list[Any]) -> str:
        return self._serializer.dumps({"b": self._bind(name, filters), "p": position})

    def decode(self, token: str | None, name: str, filters: dict[str, Any]) -> list[Any] | None:
        """The position after which the next page starts, or None for the first page."""
        if token is None:
            return None
        try:
            payload = self._serializer.loads(token)
        except (BadSignature, ValueError, UnicodeError):
            payload = None
        if not isinstance(payload, dict) or payload.get("b") != self._bind(name, filters):
            raise ApiError(ErrorCode.INVALID_CURSOR, param="cursor")
        position = payload.get("p")
        if not isinstance(position, list):
            raise ApiError(ErrorCode.INVALID_CURSOR, param="cursor")
        return position
