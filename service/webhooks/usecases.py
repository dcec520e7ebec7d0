"""Webhook endpoints as the dashboard manages them (owners and admins; docs/webhooks.md).

Endpoints belong to one mode, like Stripe's test-mode endpoints: the dashboard's test-mode switch
(`principal.mode`) decides which ones are listed and made, and an endpoint receives only events
of its mode. Per mode a workspace has at most one transactions endpoint (the transaction push)
and any number of event endpoints (action and link events). Every URL passes the SSRF guard
when saved and again at each send. Signing secrets are stored sealed (`box`). Rolling a secret
keeps the old one signing for 24 hours beside the new one, as Stripe does. Reads take any
member; changes take `webhooks.manage`. Changes are written to the audit log with the change.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from attrs import evolve

from service.domain.access import require
from service.domain.audit import record_in
from service.domain.clock import Clock, isoformat
from service.domain.events import Event
from service.domain.ids import new_id
from service.domain.permissions import Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.kit.crypto import SecretBox
from service.ports import Store, UnitOfWork
from service.webhooks.delivery import attempt
from service.webhooks.models import (
    DELIVERED_EVENTS,
    Delivery,
    DeliveryAttempt,
    WebhookEndpoint,
    open_secret,
    seal_secret,
)
from service.webhooks.sender import Sender
from service.webhooks.signing import is_standard_secret, new_secret, standard_secret
from service.webhooks.ssrf import Resolver, UnsafeDestination, check_destination
from service.webhooks.statuses import Trigger, dest

ROLL_GRACE = dt.timedelta(hours=24)
MANAGE = Permission.WEBHOOKS_MANAGE


async def _safe_url(url: str, allow_loopback: bool, resolver: Resolver | None = None) -> str:
    url = (url or "").strip()
    if not url or len(url) > 2000:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, "Enter the endpoint's https:// URL.", param="url"
        )
    try:
        await check_destination(url, allow_loopback=allow_loopback, resolver=resolver)
    except UnsafeDestination as exc:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            f"This URL cannot receive webhooks: {exc.reason}.",
            param="url",
        ) from None
    return url


def _event_types(event_types: Sequence[str] | None) -> list[str] | None:
    if event_types is None:
        return None
    chosen = list(dict.fromkeys(event_types))
    unknown = [t for t in chosen if t not in DELIVERED_EVENTS]
    if unknown or not chosen:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER,
            "Choose event types from: " + ", ".join(DELIVERED_EVENTS) + ".",
            param="eventTypes",
        )
    return chosen


async def set_transaction_endpoint(
    store: Store,
    clock: Clock,
    principal: Principal,
    url: str,
    *,
    box: SecretBox,
    allow_loopback: bool = False,
    resolver: Resolver | None = None,
) -> WebhookEndpoint:
    """Set (or change) the one transaction push URL of the principal's mode. A new endpoint gets
    a new secret; changing the URL keeps the secret (`current_secret` reads it)."""
    require(principal, MANAGE)
    url = await _safe_url(url, allow_loopback, resolver)
    now = clock.now()
    async with store.transaction() as uow:
        current = await uow.webhooks.list(
            principal.workspace_id, kind="transactions", mode=principal.mode
        )
        if current:
            endpoint = _still_there(await uow.webhooks.update(current[0].id, url=url))
        else:
            endpoint = _new_endpoint(principal, "transactions", url, None, now, box)
            await uow.webhooks.add(endpoint)
        await record_in(
            uow,
            clock,
            principal,
            "webhook.set",
            endpoint.id,
            url=url,
            kind="transactions",
            mode=principal.mode,
        )
    return endpoint


async def add_event_endpoint(
    store: Store,
    clock: Clock,
    principal: Principal,
    url: str,
    event_types: Sequence[str] | None = None,
    *,
    box: SecretBox,
    allow_loopback: bool = False,
    resolver: Resolver | None = None,
) -> WebhookEndpoint:
    """Add an endpoint of the principal's mode for the webhook events (`event_types=None`
    means all of them)."""
    require(principal, MANAGE)
    url = await _safe_url(url, allow_loopback, resolver)
    endpoint = _new_endpoint(principal, "events", url, _event_types(event_types), clock.now(), box)
    async with store.transaction() as uow:
        await uow.webhooks.add(endpoint)
        await record_in(
            uow,
            clock,
            principal,
            "webhook.added",
            endpoint.id,
            url=url,
            kind="events",
            mode=principal.mode,
        )
    return endpoint


def current_secret(endpoint: WebhookEndpoint, box: SecretBox) -> str:
    """The newest signing secret, in clear (to show it, or to hand it to a test receiver)."""
    return open_secret(endpoint.secrets[0], box)


def shown_secrets(endpoint: WebhookEndpoint, box: SecretBox) -> list[dict[str, Any]]:
    """The secrets as the dashboard shows them: `{secret, expiresAt, standard}`, newest first.
    `standard` is None for a Standard Webhooks secret (the library takes it as shown); for one
    made before, it is the form the library takes (or roll the secret to get a new one)."""
    shown = []
    for item in endpoint.secrets:
        secret = open_secret(item, box)
        standard = None if is_standard_secret(secret) else standard_secret(secret)
        shown.append({"secret": secret, "expiresAt": item.get("expiresAt"), "standard": standard})
    return shown


def _new_endpoint(
    principal: Principal,
    kind: str,
    url: str,
    event_types: list[str] | None,
    now: dt.datetime,
    box: SecretBox,
) -> WebhookEndpoint:
    return WebhookEndpoint(
        id=new_id("whe_"),
        workspace_id=principal.workspace_id,
        kind=kind,
        mode=principal.mode,
        url=url,
        secrets=[seal_secret(new_secret(), box)],
        event_types=event_types,
        failing=False,
        created_at=now,
    )


def _still_there(endpoint: WebhookEndpoint | None) -> WebhookEndpoint:
    """An update that found no row: the endpoint was removed in the meantime."""
    if endpoint is None:
        raise ApiError(ErrorCode.RESOURCE_NOT_FOUND, "There is no such webhook endpoint.")
    return endpoint


async def _endpoint(uow: UnitOfWork, principal: Principal, endpoint_id: str) -> WebhookEndpoint:
    """One of the principal's workspace and mode: the other mode's endpoints are not shown."""
    endpoint = await uow.webhooks.get(principal.workspace_id, endpoint_id)
    if endpoint is None or endpoint.mode != principal.mode:
        raise ApiError(ErrorCode.RESOURCE_NOT_FOUND, "There is no such webhook endpoint.")
    return endpoint


async def _delivery(uow: UnitOfWork, principal: Principal, delivery_id: str) -> Delivery:
    """One to an endpoint (even a removed one) of the principal's workspace and mode."""
    delivery = await uow.deliveries.get(delivery_id)
    if delivery is not None and delivery.workspace_id == principal.workspace_id:
        endpoint = (await uow.webhooks.get_by_ids([delivery.endpoint_id])).get(delivery.endpoint_id)
        if endpoint is not None and endpoint.mode == principal.mode:
            return delivery
    raise ApiError(ErrorCode.RESOURCE_NOT_FOUND, "There is no such delivery.")


async def remove_endpoint(
    store: Store, clock: Clock, principal: Principal, endpoint_id: str
) -> None:
    """Stop sending to it. Its deliveries and attempts stay for the log; pending ones fail."""
    require(principal, MANAGE)
    async with store.transaction() as uow:
        await _endpoint(uow, principal, endpoint_id)
        await removed_in(uow, clock, principal, endpoint_id)


async def removed_in(uow: UnitOfWork, clock: Clock, principal: Principal, endpoint_id: str) -> None:
    """The removal itself, in the caller's unit of work (with the endpoint found there)."""
    await uow.webhooks.update(endpoint_id, disabled_at=clock.now())
    await record_in(uow, clock, principal, "webhook.removed", endpoint_id)


def parse_since(text: str | None) -> dt.datetime | None:
    """The re-enable form's "resend what failed since" time (UTC; `YYYY-MM-DDTHH:MM` from a
    datetime-local field, or full ISO 8601); None when left empty (resend nothing)."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        since = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ApiError(
            ErrorCode.INVALID_PARAMETER, "Enter the time as YYYY-MM-DDTHH:MM (UTC).", param="since"
        ) from None
    return since if since.tzinfo else since.replace(tzinfo=dt.UTC)


async def enable_endpoint(
    store: Store,
    clock: Clock,
    principal: Principal,
    endpoint_id: str,
    *,
    resend_since: dt.datetime | None,
) -> tuple[WebhookEndpoint, int]:
    """Enable an endpoint the deliverer disabled, and (with `resend_since`) resend every
    delivery to it that failed since then, with their delivery ids and a fresh schedule, as
    Svix's recovery does. Returns the endpoint and how many deliveries were queued again."""
    require(principal, MANAGE)
    now = clock.now()
    if resend_since is not None and resend_since > now:
        raise ApiError(ErrorCode.INVALID_PARAMETER, "Choose a time in the past.", param="since")
    async with store.transaction() as uow:
        await _endpoint(uow, principal, endpoint_id)
        enabled = await uow.webhooks.enable(endpoint_id)
        if enabled is None:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "This endpoint is not disabled.", param="endpoint"
            )
        resent = 0
        if resend_since is not None:
            resent = await uow.deliveries.resend_failed(endpoint_id, resend_since, now)
        await record_in(
            uow,
            clock,
            principal,
            "webhook.enabled",
            endpoint_id,
            resendSince=isoformat(resend_since),
            resent=resent,
        )
    return enabled, resent


async def roll_secret(
    store: Store, clock: Clock, principal: Principal, endpoint_id: str, *, box: SecretBox
) -> tuple[WebhookEndpoint, str]:
    """A new signing secret, first; the previous one keeps signing for 24 hours beside it."""
    require(principal, MANAGE)
    now = clock.now()
    secret = new_secret()
    async with store.transaction() as uow:
        endpoint = await _endpoint(uow, principal, endpoint_id)
        keep = [
            seal_secret(
                open_secret(item, box), box, item["expiresAt"] or isoformat(now + ROLL_GRACE)
            )
            for item in endpoint.secrets
            if item["expiresAt"] is None or dt.datetime.fromisoformat(item["expiresAt"]) > now
        ]
        updated = _still_there(
            await uow.webhooks.update(endpoint_id, secrets=[seal_secret(secret, box), *keep])
        )
        await record_in(uow, clock, principal, "webhook.secret_rolled", endpoint_id)
    return updated, secret


async def list_endpoints(store: Store, principal: Principal) -> list[WebhookEndpoint]:
    """Active endpoints of the principal's mode with their `failing` flag (endpoint health),
    the transactions one first."""
    async with store.reading() as uow:
        endpoints = await uow.webhooks.list(principal.workspace_id, mode=principal.mode)
    return sorted(endpoints, key=lambda e: e.kind != "transactions")


async def list_deliveries(
    store: Store, principal: Principal, endpoint_id: str, limit: int = 50
) -> list[tuple[Delivery, DeliveryAttempt | None]]:
    """The log: newest deliveries first, each with its latest attempt (None before the first)."""
    async with store.reading() as uow:
        await _endpoint(uow, principal, endpoint_id)
        deliveries = await uow.deliveries.list(endpoint_id, limit)
        last = await uow.deliveries.last_attempts([d.id for d in deliveries])
    return [(delivery, last.get(delivery.id)) for delivery in deliveries]


async def list_attempts(
    store: Store, principal: Principal, delivery_id: str
) -> Sequence[DeliveryAttempt]:
    """Every attempt of one delivery, oldest first (status code, response, duration, error)."""
    async with store.reading() as uow:
        await _delivery(uow, principal, delivery_id)
        return await uow.deliveries.attempts(delivery_id)


async def send_test(
    store: Store, clock: Clock, principal: Principal, sender: Sender, endpoint_id: str
) -> Delivery | None:
    """Send one `test` event now (no retries); returns the finished delivery for the log (None
    if the endpoint was removed while it was sent).
    A success clears the endpoint's failing flag like any successful delivery."""
    require(principal, MANAGE)
    now = clock.now()
    worker = f"test-{new_id('', 8)}"
    async with store.transaction() as uow:
        endpoint = await _endpoint(uow, principal, endpoint_id)
        # A row like any event's, so the delivery refers to it; the dispatcher sends it nowhere
        # else (no endpoint subscribes to `test`).
        event = Event(
            id=new_id("evt_"),
            workspace_id=endpoint.workspace_id,
            type="test",
            account_id=None,
            data={"message": "A test event from Countersign."},
            created_at=now,
            mode=endpoint.mode,
        )
        event = evolve(event, seq=await uow.events.add(event))
        delivery = Delivery(
            id=new_id("dlv_"),
            endpoint_id=endpoint.id,
            workspace_id=endpoint.workspace_id,
            event_id=event.id,
            event_type="test",
            status=dest(Trigger.DISPATCH),
            attempts=0,
            next_attempt_at=None,
            claimed_by=worker,
            claimed_until=now,
            created_at=now,
            seq=event.seq or 0,
        )
        await uow.deliveries.add(delivery)
        await record_in(uow, clock, principal, "webhook.test_sent", endpoint.id)
    return await attempt(store, clock, sender, delivery, event, endpoint, worker, final=True)


async def redeliver(store: Store, clock: Clock, principal: Principal, delivery_id: str) -> Delivery:
    """Put a finished delivery back in the queue, due now, with a fresh schedule of five attempts.
    It keeps its `x-svc-delivery` id (a receiver that already has it drops it)."""
    require(principal, MANAGE)
    async with store.transaction() as uow:
        delivery = await _delivery(uow, principal, delivery_id)
        endpoint = await uow.webhooks.get(principal.workspace_id, delivery.endpoint_id)
        if endpoint is not None and endpoint.auto_disabled_at is not None:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER,
                "This endpoint is disabled: enable it first (it can resend what failed).",
                param="delivery",
            )
        reset = await uow.deliveries.reset(delivery_id, clock.now())
        if reset is None:
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "This delivery is still being sent.", param="delivery"
            )
        await record_in(uow, clock, principal, "webhook.redelivered", delivery_id)
    return reset
