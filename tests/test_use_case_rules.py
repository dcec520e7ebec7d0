"""Rules live in the use cases: every channel gets the same permission check, the same
validation and an audit entry committed with the change (both drivers)."""

from __future__ import annotations

import attrs
import pytest

from service.accounts import usecases as accounts
from service.domain.audit import recent
from service.domain.permissions import ROLE_PERMISSIONS, Permission
from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.keys import usecases as keys
from service.linking import usecases as links
from service.linking.tokens import LinkTokens
from tests.factories import build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def refusal(work) -> tuple[str, str | None, str | None]:
    with pytest.raises(ApiError) as raised:
        await work
    return raised.value.code, raised.value.param, raised.value.permission


async def test_a_member_is_refused_by_the_use_case_itself(store, clock, world):
    member = attrs.evolve(world.owner, role="member")
    assert await refusal(
        keys.create_key(store, clock, member, name="x", scopes=["read"], mode="live")
    ) == ("missing_permission", None, "keys.manage")
    assert await refusal(
        accounts.switch_writes(store, clock, member, world.live_account, False)
    ) == ("missing_permission", None, "accounts.writes")
    created = await links.create_link(store, clock, member, "ok", tokens=LinkTokens("s", []))
    assert created.mode == "live"
    key = attrs.evolve(
        world.owner, kind="api_key", role=None, label="backend", scopes=frozenset({"read", "write"})
    )
    assert await refusal(keys.revoke_key(store, clock, key, "key_x")) == (
        "missing_permission",
        None,
        "keys.manage",
    )


async def test_key_requests_are_checked_before_anything_is_written(store, clock, world):
    owner = world.owner
    bad = {
        "name": {"name": " ", "scopes": ["read"], "mode": "live"},
        "scopes": {"name": "k", "scopes": ["read", "superuser"], "mode": "live"},
        "mode": {"name": "k", "scopes": ["read"], "mode": "prod"},
        "accounts": {
            "name": "k",
            "scopes": ["read"],
            "mode": "live",
            "account_ids": ["acc_nowhere"],
        },
    }
    for param, request in bad.items():
        assert await refusal(keys.create_key(store, clock, owner, **request)) == (
            "invalid_parameter",
            param,
            None,
        )
    assert await refusal(
        keys.create_key(store, clock, owner, name="k", scopes=[" ", ""], mode="live")
    ) == ("invalid_parameter", "scopes", None)
    sandbox_on_live = {
        "name": "k",
        "scopes": ["read"],
        "mode": "live",
        "account_ids": world.sandbox_accounts[:1],
    }
    assert await refusal(keys.create_key(store, clock, owner, **sandbox_on_live)) == (
        "invalid_parameter",
        "accounts",
        None,
    )
    async with store.reading() as uow:
        assert not [k for k in await uow.keys.list(world.workspace_id) if k.name == "k"]
    created = await recent(store, world.workspace_id, action="key.created")
    assert not [e for e in created if e.details["name"] == "k"]


async def test_scopes_are_trimmed_and_the_audit_entry_commits_with_the_key(store, clock, world):
    key, _ = await keys.create_key(
        store, clock, world.owner, name=" ci ", scopes=["read", " write", "read"], mode="live"
    )
    assert (key.name, key.scopes) == ("ci", ("read", "write"))
    created = await recent(store, world.workspace_id, action="key.created")
    (entry,) = [e for e in created if e.target == key.id]
    assert (entry.target, entry.actor["name"], entry.details["scopes"]) == (
        key.id,
        world.owner.label,
        ["read", "write"],
    )


async def test_the_cli_is_one_actor_with_one_name(store, clock, world):
    operator = Principal.operator(world.workspace_id)
    key, _ = await keys.create_key(store, clock, operator, name="c", scopes=["read"], mode="live")
    await keys.revoke_key(store, clock, operator, key.id)
    await accounts.switch_writes(store, clock, operator, world.live_account, True)
    actors = {(e.actor["kind"], e.actor["name"]) for e in await recent(store, world.workspace_id)}
    assert len({name for kind, name in actors if kind == "cli"}) == 1
    assert {kind for kind, _ in actors} >= {"cli"}


async def test_a_person_made_from_the_shell_follows_an_invitations_rules(store, clock, world):
    """`countersign users create` and accepting an invitation ask the same of an address and a
    password, in the use case: nothing is written when either is refused."""
    from service.kit.passwords import Passwords
    from service.workspaces.usecases import create_user

    operator = Principal.operator(world.workspace_id)
    made = Passwords("cheapest")
    for email, password, param in (
        ("no-at-sign", "long enough password", "email"),
        ("new@agency.test", "short", "password"),
    ):
        with pytest.raises(ApiError) as raised:
            await create_user(
                store, clock, operator, email, "New", password, "member", passwords=made
            )
        assert (raised.value.code, raised.value.param) == ("invalid_parameter", param)
    async with store.reading() as uow:
        assert await uow.users.get_by_email("new@agency.test") is None
    user = await create_user(
        store,
        clock,
        operator,
        "  new@agency.test ",
        "New",
        "long enough password",
        "member",
        passwords=made,
    )
    assert user.email == "new@agency.test"


def test_every_permission_is_held_by_owners_and_worded():
    assert ROLE_PERMISSIONS["owner"] == frozenset(Permission)
    assert ROLE_PERMISSIONS["member"] < ROLE_PERMISSIONS["admin"]
