"""POST /v1/links and GET /v1/links/{linkId} (SPEC 4.3, 4.4). The hosted page lives in service/linking."""

from __future__ import annotations

import secrets
from datetime import timedelta

from service.api.endpoint import Call, Reply, endpoint
from service.api.errors import ApiError
from service.domain.ids import new_id
from service.domain.models import Link
from service.render import link_json

LIFETIME_HOURS = 24
FIRST_STEP = "Waiting for the creator to open the link."


@endpoint("createLink")
async def create_link(call: Call) -> Reply:
    body = call.params.body or {}
    services, now = call.services, call.services.clock.now()
    link = Link(id=new_id("link_"), workspace_id=call.principal.workspace_id,
                mode=call.principal.mode, status="waiting", step=FIRST_STEP,
                token=secrets.token_urlsafe(24), note=body.get("note"), account_id=None,
                created_at=now, expires_at=now + timedelta(hours=LIFETIME_HOURS))
    async with services.store.transaction() as uow:
        await uow.links.add(link)
    return Reply({"data": link_json(link, services.settings.public_url, now),
                  "meta": call.meta()}, status=201)


@endpoint("getLink")
async def get_link(call: Call) -> Reply:
    link_id = call.params.path["linkId"]
    async with call.services.store.reading() as uow:
        link = await uow.links.get(call.principal.workspace_id, link_id)
    if link is None or link.mode != call.principal.mode:
        raise ApiError("link_not_found", param="linkId")
    now = call.services.clock.now()
    return Reply({"data": link_json(link, call.services.settings.public_url, now),
                  "meta": call.meta()})
