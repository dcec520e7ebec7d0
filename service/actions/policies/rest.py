"""Approval policies and limits over /v1: an admin key, or a session as the dashboard uses.

Each GET answers the setting with its `ETag`; each POST takes `If-Match` and answers the new
`ETag`. The rules themselves are service/actions/policies/usecases.py's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.accounts.render import account_detail_json
from service.actions.policies.activity import account_activity, activity_json
from service.actions.policies.limits import (
    DailyLimit,
    limits_json,
    parse_limits,
    stored_limits,
)
from service.actions.policies.policy_rule import parse_rules, stored_json, stored_rules
from service.actions.policies.suggesting import (
    account_suggestions,
    apply_suggestion,
    suggestion_json,
)
from service.actions.policies.usecases import (
    KEEP,
    Keep,
    account_etag,
    account_policy,
    set_account_policy,
    set_workspace_policy,
    workspace_etag,
)
from service.actions.reach import visible_account
from service.api.endpoint import Call, Reply, endpoint, if_match


def _limits(body: dict[str, Any]) -> Sequence[DailyLimit] | Keep:
    """The limits sent (null: none), or KEEP when the body leaves them out."""
    return parse_limits(body["limits"] or ()) if "limits" in body else KEEP


@endpoint("getAccountPolicy", scope="admin", auth="key_or_session")
async def get_account(call: Call) -> Reply:
    async with call.services.store.reading() as uow:
        account = await visible_account(uow, call.principal, call.params.path["accountId"])
        policy = await account_policy(uow, account, call.services.clock.now())
        tag = await account_etag(uow, account)
    return Reply(
        {"data": {"accountId": account.id, **policy}, "meta": call.meta()}, headers={"etag": tag}
    )


@endpoint("setAccountPolicy", scope="admin", auth="key_or_session")
async def set_account(call: Call) -> Reply:
    services = call.services
    sent = call.params.body["rules"]
    account, policy = await set_account_policy(
        services.store,
        services.clock,
        call.principal,
        call.params.path["accountId"],
        None if sent is None else parse_rules(sent),
        _limits(call.params.body),
        if_match=if_match(call),
    )
    async with services.store.reading() as uow:
        tag = await account_etag(uow, account)
    return Reply(
        {"data": account_detail_json(account, policy), "meta": call.meta()}, headers={"etag": tag}
    )


async def _workspace_reply(call: Call) -> Reply:
    workspace_id = call.principal.workspace_id
    async with call.services.store.reading() as uow:
        workspace = await uow.workspaces.get(workspace_id)
        limits = stored_limits(await uow.accounts.limits(workspace_id, ""))
        tag = await workspace_etag(uow, workspace_id)
    rules = stored_json(stored_rules(workspace.policy if workspace is not None else None)) or []
    return Reply(
        {"data": {"rules": rules, "limits": limits_json(limits)}, "meta": call.meta()},
        headers={"etag": tag},
    )


@endpoint("getWorkspacePolicy", scope="admin", auth="key_or_session")
async def get_workspace(call: Call) -> Reply:
    return await _workspace_reply(call)


@endpoint("setWorkspacePolicy", scope="admin", auth="key_or_session")
async def set_workspace(call: Call) -> Reply:
    services = call.services
    body = call.params.body
    await set_workspace_policy(
        services.store,
        services.clock,
        call.principal,
        parse_rules(body["rules"]),
        _limits(body),
        if_match=if_match(call),
    )
    return await _workspace_reply(call)


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


@endpoint("getAccountActivity")
async def get_account_activity(call: Call) -> Reply:
    q = call.params.query
    activity = await account_activity(
        call.services.store,
        call.principal,
        call.params.path["accountId"],
        q.get("from"),
        q.get("to"),
        call.services.clock.now(),
    )
    return Reply({"data": activity_json(activity)})
