"""Webhooks (owners and admins): the revenue push URL and event endpoints with their signing
secrets, the delivery log and a test send. The rules live in service/webhooks/usecases.py
(SSRF guard: public https only, loopback allowed only with development settings). The page
shows and makes the endpoints of the mode the dashboard's test-mode switch is on."""

from __future__ import annotations

import datetime as dt
from typing import Any

from starlette.responses import Response
from starlette.routing import Route

from service.dashboard.web import Page, page
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_time_and_seq
from service.webhooks import usecases as hooks
from service.webhooks.models import DELIVERED_EVENTS, Delivery, WebhookEndpoint

WORST_FIRST = ["disabled", "failing", "retrying", "ok"]
LATEST = 5
"""Deliveries shown on each endpoint's card; the full log (every attempt) pages the rest."""


async def _render(p: Page, status: int = 200, log_for: str | None = None) -> Response:
    endpoints = await hooks.list_endpoints(p.services.store, p.principal)
    logs = {
        e.id: await hooks.list_deliveries(p.services.store, p.principal, e.id, LATEST)
        for e in endpoints
    }
    shown = {e.id: hooks.shown_secrets(e, p.services.secrets) for e in endpoints}
    # Worst first, so an endpoint in trouble is the first thing the page says.
    by_health = sorted(
        ((e, endpoint_health(e, logs[e.id])) for e in endpoints),
        key=lambda pair: (WORST_FIRST.index(pair[1]["state"]), pair[0].url),
    )
    return await p.render(
        "webhooks.html",
        status=status,
        endpoints=endpoints,
        logs=logs,
        secret=p.flash.get("secret"),
        now=p.services.clock.now(),
        events=DELIVERED_EVENTS,
        development=p.services.settings.development,
        shown=shown,
        test_mode=p.principal.mode == "test",
        health=endpoint_health,
        by_health=by_health,
        since_value=_since_value,
    )


def _since_value(endpoint: WebhookEndpoint) -> str:
    """The re-enable form's default: when the failures began (else when it was disabled)."""
    start = endpoint.failing_since or endpoint.auto_disabled_at
    return start.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M") if start else ""


def _loopback(p: Page) -> bool:
    return p.services.settings.development


@page(Permission.WEBHOOKS_MANAGE)
async def webhooks(p: Page) -> Response:
    return await _render(p)


@page(Permission.WEBHOOKS_MANAGE)
async def set_push_url(p: Page) -> Response:
    await hooks.set_transaction_endpoint(
        p.services.store,
        p.services.clock,
        p.principal,
        p.field("url"),
        box=p.services.secrets,
        allow_loopback=_loopback(p),
    )
    return p.redirect("/dashboard/webhooks")


@page(Permission.WEBHOOKS_MANAGE)
async def add_endpoint(p: Page) -> Response:
    assert p.form is not None
    chosen = [str(t) for t in p.form.getlist("eventTypes")] or None
    await hooks.add_event_endpoint(
        p.services.store,
        p.services.clock,
        p.principal,
        p.field("url"),
        chosen,
        box=p.services.secrets,
        allow_loopback=_loopback(p),
    )
    return p.redirect("/dashboard/webhooks")


@page(Permission.WEBHOOKS_MANAGE)
async def remove_endpoint(p: Page) -> Response:
    await hooks.remove_endpoint(
        p.services.store, p.services.clock, p.principal, p.request.path_params["endpointId"]
    )
    return p.redirect("/dashboard/webhooks")


@page(Permission.WEBHOOKS_MANAGE)
async def enable_endpoint(p: Page) -> Response:
    """Enable an endpoint the deliverer disabled; optionally resend what failed since a time."""
    since = hooks.parse_since(p.field("since")) if p.field("resend") == "yes" else None
    _, resent = await hooks.enable_endpoint(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["endpointId"],
        resend_since=since,
    )
    notice = "Endpoint enabled."
    if since is not None:
        notice += f" {resent} failed {'delivery' if resent == 1 else 'deliveries'} queued again."
    return p.redirect("/dashboard/webhooks", notice=notice)


@page(Permission.WEBHOOKS_MANAGE)
async def roll_secret(p: Page) -> Response:
    _, secret = await hooks.roll_secret(
        p.services.store,
        p.services.clock,
        p.principal,
        p.request.path_params["endpointId"],
        box=p.services.secrets,
    )
    return p.redirect("/dashboard/webhooks", secret=secret)


@page(Permission.WEBHOOKS_MANAGE)
async def send_test(p: Page) -> Response:
    await hooks.send_test(
        p.services.store,
        p.services.clock,
        p.principal,
        p.services.sender(),
        p.request.path_params["endpointId"],
    )
    return p.redirect("/dashboard/webhooks")


@page(Permission.WEBHOOKS_MANAGE)
async def redeliver(p: Page) -> Response:
    await hooks.redeliver(
        p.services.store, p.services.clock, p.principal, p.request.path_params["deliveryId"]
    )
    return p.redirect("/dashboard/webhooks")


def routes() -> list[Route]:
    return [
        Route("/webhooks", webhooks, methods=["GET"]),
        Route("/webhooks/push", set_push_url, methods=["POST"]),
        Route("/webhooks/endpoints", add_endpoint, methods=["POST"]),
        Route("/webhooks/endpoints/{endpointId}/remove", remove_endpoint, methods=["POST"]),
        Route("/webhooks/endpoints/{endpointId}/roll", roll_secret, methods=["POST"]),
        Route("/webhooks/endpoints/{endpointId}/enable", enable_endpoint, methods=["POST"]),
        Route("/webhooks/endpoints/{endpointId}/test", send_test, methods=["POST"]),
        Route("/webhooks/deliveries/{deliveryId}/redeliver", redeliver, methods=["POST"]),
        Route("/webhooks/endpoints/{endpointId}/deliveries", delivery_log, methods=["GET"]),
    ]


LOG_PAGE = 25


def endpoint_health(
    endpoint: WebhookEndpoint, recent: list[tuple[Delivery, Any]]
) -> dict[str, Any]:
    """{state: ok|retrying|failing|disabled, at: next attempt} from the endpoint and its newest
    deliveries."""
    if endpoint.auto_disabled_at is not None:
        return {"state": "disabled", "at": endpoint.auto_disabled_at}
    waiting = [
        d.next_attempt_at
        for d, _ in recent
        if d.status == "pending" and d.attempts > 0 and d.next_attempt_at is not None
    ]
    if waiting:
        return {"state": "retrying", "at": min(waiting)}
    if endpoint.failing:
        return {"state": "failing", "at": None}
    last = next((d for d, _ in recent if d.status != "pending"), None)
    if last is not None and last.status == "failed" and last.event_type != "test":
        return {"state": "failing", "at": None}
    return {"state": "ok", "at": None}


@page(Permission.WEBHOOKS_MANAGE)
async def delivery_log(p: Page) -> Response:
    services, principal = p.services, p.principal
    endpoint_id = p.request.path_params["endpointId"]
    bound = {"endpoint": endpoint_id, "workspace": principal.workspace_id}
    pager = Pager(services.cursors, "deliveries", bound, LOG_PAGE, by_time_and_seq)
    before = pager.start(p.request.query_params.get("older") or None)
    async with services.store.reading() as uow:
        endpoint = await uow.webhooks.get(principal.workspace_id, endpoint_id)
        if endpoint is None:
            raise ApiError(
                ErrorCode.RESOURCE_NOT_FOUND,
                "There is no such webhook endpoint here.",
                param="endpointId",
            )
        rows = await uow.deliveries.list(endpoint_id, LOG_PAGE + 1, before=before)
        page = pager.page(rows, lambda d: [d.created_at.isoformat(), d.seq])
        attempts = {d.id: await uow.deliveries.attempts(d.id) for d in page.items}
    return await p.render(
        "deliveries.html",
        endpoint=endpoint,
        deliveries=page.items,
        attempts=attempts,
        older=page.cursor,
        paged=before is not None,
        now=services.clock.now(),
    )
