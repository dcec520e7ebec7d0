"""Clients that send the key where the service reads it."""

from __future__ import annotations

from typing import Any

from countersign_client.generated.client import AuthenticatedClient


def connect(base_url: str, key: str, **httpx_options: Any) -> AuthenticatedClient:
    """For `/v1`: `Authorization: Bearer <key>`."""
    return AuthenticatedClient(base_url=base_url, token=key, **httpx_options)


def connect_revenue(base_url: str, key: str, **httpx_options: Any) -> AuthenticatedClient:
    """For the revenue pull, which reads its key from `x-service-api-key` (SPEC 4.7)."""
    return AuthenticatedClient(
        base_url=base_url,
        token=key,
        prefix="",
        auth_header_name="x-service-api-key",
        **httpx_options,
    )
