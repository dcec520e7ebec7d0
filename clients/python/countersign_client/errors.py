"""One exception for every error answer of the service: the `{"error": {...}}` envelope, parsed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


class CountersignError(Exception):
    """An error answer. Branch on `code` (stable), never on `message`."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        body: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.body: Mapping[str, Any] = body or {}
        self.headers: Mapping[str, str] = headers or {}
        error = self.body.get("error", {})
        self.param: str | None = error.get("param")
        self.hint: str | None = error.get("hint")
        self.request_id: str | None = self.body.get("requestId")

    @property
    def retry_after(self) -> float | None:
        """`Retry-After` in seconds, when the service sent one."""
        value = self.headers.get("retry-after") or self.headers.get("Retry-After")
        try:
            return max(0.0, float(value)) if value is not None else None
        except ValueError:
            return None

    @classmethod
    def from_answer(
        cls, status: int, content: bytes, headers: Mapping[str, str]
    ) -> CountersignError:
        try:
            body = json.loads(content)
            error = body["error"]
            return cls(status, error["code"], error["message"], body=body, headers=headers)
        except (ValueError, KeyError, TypeError):
            text = content[:200].decode("utf-8", "replace")
            return cls(status, "unexpected_answer", text or "no body", headers=headers)
