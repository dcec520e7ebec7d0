"""One webhook endpoint read and changed as a setting (`/v1`, the CLI, `countersign apply`).

The rules are usecases.py's: the SSRF guard on a new URL, the event types, the mode a principal
sees, `webhooks.manage`, an audit entry with each change. `enabled: false` pauses an endpoint
as the deliverer's own disabling does (deliveries wait, none are lost); `enabled: true` is the
dashboard's re-enable without a resend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.domain.access import require
from service.domain.audit import record_in
from service.domain.clock import Clock
from service.domain.etags import check_if_match, etag
from service.domain.principal import Principal
from service.ports import Store
from service.webhooks.models import WebhookEndpoint
from service.webhooks.ssrf import Resolver
from service.webhooks.usecases import (
    MANAGE,
    _endpoint,
    _event_types,
    _safe_url,
    _still_there,
    removed_in,
)

KEEP: Any = object()
"""A field a change leaves as it is."""


def endpoint_setting(endpoint: WebhookEndpoint) -> dict[str, Any]:
    """What a person sets on an endpoint (its secrets and health are not settings)."""
    return {
        "url": endpoint.url,
        "kind": endpoint.kind,
        "mode": endpoint.mode,
        "eventTypes": endpoint.event_types,
        "enabled": endpoint.auto_disabled_at is None,
    }


def endpoint_etag(endpoint: WebhookEndpoint) -> str:
    return etag(endpoint_setting(endpoint))


async def get_endpoint(store: Store, principal: Principal, endpoint_id: str) -> WebhookEndpoint:
    async with store.reading() as uow:
        return await _endpoint(uow, principal, endpoint_id)


async def update_endpoint(
    store: Store,
    clock: Clock,
    principal: Principal,
    endpoint_id: str,
    *,
    url: str = KEEP,
    event_types: Sequence[str] | None = KEEP,
    enabled: bool = KEEP,
    if_match: str | None = None,
    allow_loopback: bool = False,
    resolver: Resolver | None = None,
) -> WebhookEndpoint:
    """Change an endpoint's URL (checked as a new one is), its event types (None: all of
    them; events endpoints only) or whether it is enabled."""
    require(principal, MANAGE)
    new_url = await _safe_url(url, allow_loopback, resolver) if url is not KEEP else None
    types = _event_types(event_types) if event_types is not KEEP else None
    now = clock.now()
    async with store.transaction() as uow:
        if if_match is not None:
            await uow.workspaces.lock(principal.workspace_id)
        endpoint = await _endpoint(uow, principal, endpoint_id)
        check_if_match(if_match, endpoint_etag(endpoint))
        before = endpoint_setting(endpoint)
        if new_url is not None and new_url != endpoint.url:
            endpoint = _still_there(await uow.webhooks.update(endpoint_id, url=new_url))
        if event_types is not KEEP and endpoint.kind == "events":
            endpoint = _still_there(await uow.webhooks.update(endpoint_id, event_types=types))
        if enabled is not KEEP and enabled != (endpoint.auto_disabled_at is None):
            if enabled:
                endpoint = _still_there(await uow.webhooks.enable(endpoint_id))
            else:
                endpoint = _still_there(
                    await uow.webhooks.update(
                        endpoint_id,
                        auto_disabled_at=now,
                        disabled_reason=f"Paused by {principal.label}.",
                    )
                )
        after = endpoint_setting(endpoint)
        if after != before:
            changed = {k: after[k] for k in after if after[k] != before[k]}
            await record_in(uow, clock, principal, "webhook.updated", endpoint_id, **changed)
    return endpoint


async def delete_endpoint(
    store: Store, clock: Clock, principal: Principal, endpoint_id: str, *, if_match: str | None
) -> None:
    """Remove it (as usecases.remove_endpoint does) when it still is as it was read."""
    require(principal, MANAGE)
    async with store.transaction() as uow:
        if if_match is not None:
            await uow.workspaces.lock(principal.workspace_id)
        endpoint = await _endpoint(uow, principal, endpoint_id)
        check_if_match(if_match, endpoint_etag(endpoint))
        await removed_in(uow, clock, principal, endpoint_id)
