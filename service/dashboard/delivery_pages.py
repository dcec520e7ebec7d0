"""An endpoint's whole delivery log (every attempt, paged back to the first delivery) and its
health said truthfully: "ok", "retrying at …" while a delivery waits for its next attempt, or
"failing" once one ran out of attempts (until a delivery succeeds again)."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.routing import Route

from service.dashboard.web import Page, page
from service.domain.permissions import Permission
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.http.paging import Pager, by_time_and_seq
from service.webhooks.models import Delivery, WebhookEndpoint

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


def routes() -> list[Route]:
    return [Route("/webhooks/endpoints/{endpointId}/deliveries", delivery_log, methods=["GET"])]
