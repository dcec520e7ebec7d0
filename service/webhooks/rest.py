"""Webhook endpoints over /v1 (an admin key, or a session): the dashboard's Webhooks page as
routes. The rules (SSRF guard, event types, modes, audit) are service/webhooks'. A signing
secret is answered once, when an endpoint is made or its secret rolled."""

from __future__ import annotations

from typing import Any

from service.api.endpoint import Call, Reply, endpoint, if_match
from service.domain.clock import isoformat
from service.webhooks import endpoints as settings
from service.webhooks import usecases as hooks
from service.webhooks.models import WebhookEndpoint


def endpoint_json(endpoint: WebhookEndpoint) -> dict[str, Any]:
    return {
        "id": endpoint.id,
        **settings.endpoint_setting(endpoint),
        "failing": endpoint.failing,
        "disabledReason": endpoint.disabled_reason,
        "createdAt": isoformat(endpoint.created_at),
    }


def _one(call: Call, endpoint: WebhookEndpoint, status: int = 200, **extra: Any) -> Reply:
    return Reply(
        {"data": {**endpoint_json(endpoint), **extra}, "meta": call.meta()},
        status=status,
        headers={"etag": settings.endpoint_etag(endpoint)},
    )


def _id(call: Call) -> str:
    return str(call.params.path["endpointId"])


@endpoint("listWebhookEndpoints", scope="admin", auth="key_or_session")
async def list_endpoints(call: Call) -> Reply:
    rows = await hooks.list_endpoints(call.services.store, call.principal)
    return Reply({"data": [endpoint_json(e) for e in rows], "meta": call.meta()})


@endpoint("createWebhookEndpoint", scope="admin", auth="key_or_session")
async def create_endpoint(call: Call) -> Reply:
    services, body = call.services, call.params.body
    loopback = services.settings.development
    if body.get("kind") == "transactions":
        made = await hooks.set_transaction_endpoint(
            services.store,
            services.clock,
            call.principal,
            body["url"],
            box=services.secrets,
            allow_loopback=loopback,
        )
    else:
        made = await hooks.add_event_endpoint(
            services.store,
            services.clock,
            call.principal,
            body["url"],
            body.get("eventTypes"),
            box=services.secrets,
            allow_loopback=loopback,
        )
    secret = hooks.current_secret(made, services.secrets)
    return _one(call, made, 201, secret=secret)


@endpoint("getWebhookEndpoint", scope="admin", auth="key_or_session")
async def get_endpoint(call: Call) -> Reply:
    return _one(call, await settings.get_endpoint(call.services.store, call.principal, _id(call)))


@endpoint("updateWebhookEndpoint", scope="admin", auth="key_or_session")
async def update_endpoint(call: Call) -> Reply:
    services, body = call.services, call.params.body
    changes = {
        name: body[field]
        for field, name in (("url", "url"), ("eventTypes", "event_types"), ("enabled", "enabled"))
        if field in body
    }
    changed = await settings.update_endpoint(
        services.store,
        services.clock,
        call.principal,
        _id(call),
        if_match=if_match(call),
        allow_loopback=services.settings.development,
        **changes,
    )
    return _one(call, changed)


@endpoint("deleteWebhookEndpoint", scope="admin", auth="key_or_session")
async def delete_endpoint(call: Call) -> Reply:
    await settings.delete_endpoint(
        call.services.store, call.services.clock, call.principal, _id(call), if_match=if_match(call)
    )
    return Reply({"data": {"id": _id(call), "deleted": True}, "meta": call.meta()})


@endpoint("rollWebhookSecret", scope="admin", auth="key_or_session")
async def roll_secret(call: Call) -> Reply:
    services = call.services
    rolled, secret = await hooks.roll_secret(
        services.store, services.clock, call.principal, _id(call), box=services.secrets
    )
    return _one(call, rolled, secret=secret)


@endpoint("testWebhookEndpoint", scope="admin", auth="key_or_session")
async def send_test(call: Call) -> Reply:
    services = call.services
    delivery = await hooks.send_test(
        services.store, services.clock, call.principal, services.sender(), _id(call)
    )
    data = None
    if delivery is not None:
        data = {
            "id": delivery.id,
            "endpointId": delivery.endpoint_id,
            "status": delivery.status,
            "attempts": delivery.attempts,
        }
    return Reply({"data": data, "meta": call.meta()})
