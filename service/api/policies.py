"""Approval policies over /v1: session-authorised, like approve and reject."""

from __future__ import annotations

from service.accounts.render import account_detail_json
from service.actions.policies import KEEP, set_account_policy, set_workspace_policy
from service.api.endpoint import Call, Reply, endpoint


@endpoint("setAccountPolicy", auth="session")
async def set_account(call: Call) -> Reply:
    services = call.services
    account, policy = await set_account_policy(
        services.store,
        services.clock,
        call.principal,
        call.params.path["accountId"],
        call.params.body["rules"],
        call.params.body.get("limits", KEEP),
    )
    return Reply({"data": account_detail_json(account, policy), "meta": call.meta()})


@endpoint("setWorkspacePolicy", auth="session")
async def set_workspace(call: Call) -> Reply:
    services = call.services
    body = call.params.body
    rules = await set_workspace_policy(
        services.store, services.clock, call.principal, body["rules"], body.get("limits", KEEP)
    )
    async with services.store.reading() as uow:
        limits = await uow.accounts.limits(call.principal.workspace_id, "")
    return Reply({"data": {"rules": rules, "limits": limits or []}, "meta": call.meta()})
