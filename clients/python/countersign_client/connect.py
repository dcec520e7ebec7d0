"""Clients that send the key where the service reads it."""

from __future__ import annotations

from typing import Any

import httpx

from countersign_client.generated.client import AuthenticatedClient

# Long enough to read an answer held open by `?wait=60` (wait_for_decision).
TIMEOUT = httpx.Timeout(10.0, read=70.0)


def connect(base_url: str, key: str, **options: Any) -> AuthenticatedClient:
    """For `/v1`: `Authorization: Bearer <key>`. `options` go to AuthenticatedClient."""
    options.setdefault("timeout", TIMEOUT)
    return AuthenticatedClient(base_url=base_url, token=key, **options)


def connect_revenue(base_url: str, key: str, **options: Any) -> AuthenticatedClient:
    """For the revenue pull, which reads its key from `x-service-api-key`."""
    options.setdefault("timeout", TIMEOUT)
    return AuthenticatedClient(
        base_url=base_url, token=key, prefix="", auth_header_name="x-service-api-key", **options
    )
