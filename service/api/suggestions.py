"""Policy suggestions over /v1: read with a key (`read`), applied in a session, like policies."""

from __future__ import annotations

from service.accounts.render import account_detail_json
from service.actions.policies.suggesting import (
    account_suggestions,
    apply_suggestion,
    suggestion_json,
)
from service.actions.policies.usecases import account_policy
from service.api.endpoint import Call, Reply, endpoint


@endpoint("getPolicySuggestions")
async def get_suggestions(call: Call) -> Reply:
    found = await account_suggestions(
        call.services.store,
        call.principal,
        call.params.path["accountId"],
        call.services.clock.now(),
    )
    return Reply({"data": [suggestion_json(s) for s in found]})


@endpoint("applyPolicySuggestion", auth="session")
async def apply(call: Call) -> Reply:
    services, body = call.services, call.params.body
    account_id = call.params.path["accountId"]
    await apply_suggestion(
        services.store,
        services.clock,
        call.principal,
        account_id,
        body["type"],
        body["stage"],
        body.get("kind"),
    )
    async with services.store.reading() as uow:
        account = await uow.accounts.get(call.principal.workspace_id, account_id)
        assert account is not None
        policy = await account_policy(uow, account, services.clock.now())
    return Reply({"data": account_detail_json(account, policy), "meta": call.meta()})
