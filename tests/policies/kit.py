"""People, policies and decisions for the approval-policy tests."""

from __future__ import annotations

from service.actions.decisions import decide_action
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy, set_workspace_policy
from service.domain.principal import Principal
from service.workspaces.usecases import create_user
from tests.factories import PASSWORDS

PASSWORD = "correct horse battery"
PUBLIC = "http://countersign.test"


async def person(store, clock, world, email: str, name: str, role: str) -> Principal:
    """Another person in the world's workspace, with `role`, signed in (as a Principal)."""
    user = await create_user(
        store,
        clock,
        Principal.operator(world.workspace_id),
        email,
        name,
        PASSWORD,
        role,
        passwords=PASSWORDS,
    )
    return Principal.person(world.workspace_id, user, role)


async def people(store, clock, world) -> dict[str, Principal]:
    return {
        "owner": world.owner,
        "admin": await person(store, clock, world, "ada@agency.test", "Ada Admin", "admin"),
        "member": await person(store, clock, world, "meg@agency.test", "Meg Member", "member"),
        "member2": await person(store, clock, world, "max@agency.test", "Max Member", "member"),
    }


async def set_policy(store, clock, world, rules, account=None, principal=None):
    typed = None if rules is None else parse_rules(rules)
    return await set_account_policy(
        store, clock, principal or world.owner, account or world.live_account, typed
    )


async def set_default(store, clock, world, rules):
    return await set_workspace_policy(store, clock, world.owner, parse_rules(rules))


async def decide(store, clock, principal, action_id, approve=True, params=None, note=None):
    return await decide_action(
        store,
        clock,
        principal,
        action_id,
        approve=approve,
        note=note,
        wake_executor=lambda: None,
        params=params,
    )


async def create(client, world, body, key, account=None):
    response = await client.post(
        f"/v1/accounts/{account or world.live_account}/actions",
        json=body,
        headers={**world.auth(), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


def message(price=None, fan="40001", text="<p>Hi there</p>", media=None):
    params = {"fanId": fan, "text": text}
    if price is not None:
        params["priceCents"] = price
    if media is not None:
        params["mediaIds"] = media
    return {"type": "send_message", "params": params}


def mass(list_ids=("1001",), fans=(), exclude=(), price=None, text="<p>New set</p>"):
    audience = {}
    if list_ids:
        audience["listIds"] = list(list_ids)
    if fans:
        audience["fanIds"] = list(fans)
    if exclude:
        audience["excludeListIds"] = list(exclude)
    params = {"text": text, "audience": audience}
    if price is not None:
        params["priceCents"] = price
    return {"type": "send_mass_message", "params": params}
