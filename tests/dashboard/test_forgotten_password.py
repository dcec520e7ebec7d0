"""A forgotten password, set anew by an operator (`countersign users password`): the new one
signs in, the old one no longer does, and whoever was signed in is signed out, on both
databases over HTTP."""

from __future__ import annotations

import pytest

from service.domain.principal import Principal
from service.errors.api_error import ApiError
from service.workspaces import members
from service.workspaces.usecases import create_user
from tests.dashboard.dashboard_helpers import OWNER_EMAIL, OWNER_PASSWORD, sign_in
from tests.factories import PASSWORDS, build_world

NEW = "a brand new passphrase"
JSON_ACCEPT = {"accept": "application/json"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_a_new_password_signs_in_and_ends_every_session(client, world, store, clock):
    await sign_in(client)
    assert (await client.get("/dashboard/approvals")).status_code == 200
    operator = Principal.operator(world.workspace_id)
    user, ended = await members.set_password(
        store, clock, operator, OWNER_EMAIL.upper(), NEW, passwords=PASSWORDS
    )
    assert (user.email, ended) == (OWNER_EMAIL, 1)
    # The session that was open is over: whoever knew the old password is signed out.
    assert (await client.get("/dashboard/approvals", headers=JSON_ACCEPT)).status_code == 401
    refused = await client.post(
        "/dashboard/sign-in", data={"email": OWNER_EMAIL, "password": OWNER_PASSWORD}
    )
    assert refused.status_code == 401
    await sign_in(client, OWNER_EMAIL, NEW)
    assert (await client.get("/dashboard/approvals")).status_code == 200
    async with store.reading() as uow:
        entries = await uow.audit.list(world.workspace_id, action="member.password_set")
    assert [(e.target, e.details, e.actor["kind"]) for e in entries] == [
        (OWNER_EMAIL, {"sessions": 1}, "cli")
    ]


async def test_only_a_member_with_a_good_password_and_an_owner_by_an_owner(world, store, clock):
    operator = Principal.operator(world.workspace_id)
    refusals = {}
    for email, password in (("nobody@agency.test", NEW), (OWNER_EMAIL, "short")):
        with pytest.raises(ApiError) as refused:
            await members.set_password(store, clock, operator, email, password, passwords=PASSWORDS)
        refusals[email] = (refused.value.code, refused.value.param)
    assert refusals == {
        "nobody@agency.test": ("resource_not_found", "email"),
        OWNER_EMAIL: ("invalid_parameter", "password"),
    }
    admin = await create_user(
        store, clock, operator, "admin@agency.test", "Ada", NEW, "admin", passwords=PASSWORDS
    )
    as_admin = Principal.person(world.workspace_id, admin, "admin")
    with pytest.raises(ApiError) as refused:
        await members.set_password(
            store, clock, as_admin, OWNER_EMAIL, NEW + "!", passwords=PASSWORDS
        )
    assert refused.value.code == "missing_permission"
    as_member = Principal.person(world.workspace_id, admin, "member")
    with pytest.raises(ApiError) as refused:
        await members.set_password(
            store, clock, as_member, "admin@agency.test", NEW + "!", passwords=PASSWORDS
        )
    assert refused.value.code == "missing_permission"


async def test_a_refused_sign_in_says_who_can_set_a_new_password(client, world):
    assert 'id="forgot-password"' not in (await client.get("/dashboard/sign-in")).text
    wrong = await client.post("/dashboard/sign-in", data={"email": OWNER_EMAIL, "password": "no"})
    assert wrong.status_code == 401 and 'id="forgot-password"' in wrong.text
