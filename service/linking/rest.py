"""POST /v1/links and GET /v1/links/{linkId}. The hosted page lives in service/linking."""

from __future__ import annotations

from service.api.endpoint import Call, Reply, endpoint
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode
from service.linking.render import link_json
from service.linking.usecases import FIRST_STEP  # noqa: F401 (re-export)
from service.linking.usecases import create_link as create


@endpoint("createLink")
async def create_link(call: Call) -> Reply:
    body = call.params.body or {}
    services, p = call.services, call.principal
    link = await create(
        services.store,
        services.clock,
        p,
        body.get("note"),
        tokens=services.link_tokens,
    )
    return Reply(
        {
            "data": link_json(
                link, services.settings.public_url, services.clock.now(), services.link_tokens
            ),
            "meta": call.meta(),
        },
        status=201,
    )


@endpoint("getLink", shares_reader=True)
async def get_link(call: Call) -> Reply:
    link_id = call.params.path["linkId"]
    async with call.reading() as uow:
        link = await uow.links.get(call.principal.workspace_id, link_id)
    if link is None or link.mode != call.principal.mode:
        raise ApiError(ErrorCode.LINK_NOT_FOUND, param="linkId")
    now = call.services.clock.now()
    return Reply(
        {
            "data": link_json(
                link, call.services.settings.public_url, now, call.services.link_tokens
            ),
            "meta": call.meta(),
        }
    )
