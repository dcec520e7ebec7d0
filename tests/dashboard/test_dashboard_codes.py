"""Every dashboard-only error code, and CSRF and sign-in limits, over HTTP on both drivers."""

from __future__ import annotations

import pytest

from service.domain.principal import Principal
from service.workspaces.usecases import create_user, create_workspace
from tests.dashboard.dashboard_helpers import (
    OWNER_EMAIL,
    OWNER_PASSWORD,
    code_of,
    create_action,
    csrf_of,
    sign_in,
)
from tests.factories import PASSWORDS, build_world

JSON = {"accept": "application/json"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_pages_without_session_redirect_to_sign_in_and_come_back(client, world):
    api = await client.get("/dashboard/api/actions/act_x")
    assert api.status_code == 401 and code_of(api) == "not_signed_in"
    assert api.json()["error"]["type"] == "authentication"
    page = await client.get("/dashboard/approvals?status=executed")
    assert page.status_code == 303
    target = page.headers["location"]
    assert target == "/dashboard/sign-in?next=%2Fdashboard%2Fapprovals%3Fstatus%3Dexecuted"
    form = await client.get(target)
    assert form.status_code == 200 and 'action="/dashboard/sign-in"' in form.text
    assert 'value="/dashboard/approvals?status=executed"' in form.text
    assert 'data-error-code="not_signed_in"' not in form.text
    signed = await client.post(
        "/dashboard/sign-in",
        data={
            "email": OWNER_EMAIL,
            "password": OWNER_PASSWORD,
            "next": "/dashboard/approvals?status=executed",
        },
    )
    assert signed.headers["location"] == "/dashboard/approvals?status=executed"


async def test_ended_session_gives_not_signed_in(client, world, clock):
    await sign_in(client)
    action = await create_action(client, world)
    csrf = await csrf_of(client)
    cookie = client.cookies.get("cs_session")
    await client.post("/dashboard/sign-out")
    client.cookies.set("cs_session", cookie)  # replay the ended session's cookie
    refused = await client.post(
        f"/v1/actions/{action['id']}/approve", json={}, headers={"x-csrf-token": csrf}
    )
    assert refused.status_code == 401 and code_of(refused) == "not_signed_in"
    page = await client.get(f"/dashboard/actions/{action['id']}")
    assert page.status_code == 303
    assert page.headers["location"].startswith("/dashboard/sign-in?next=%2Fdashboard%2Factions")


async def test_session_expires_after_twelve_hours(client, world, clock):
    await sign_in(client)
    assert (await client.get("/dashboard/approvals")).status_code == 200
    clock.advance(hours=12, seconds=1)
    assert (await client.get("/dashboard/approvals", headers=JSON)).status_code == 401


async def test_cookie_flags(client, world):
    response = await sign_in(client)
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert "secure" not in cookie  # the `settings` fixture runs with development settings


async def test_workspace_not_found_when_switching_to_a_foreign_workspace(
    client, world, store, clock
):
    other = await create_workspace(store, clock, "Someone else")
    await sign_in(client)
    csrf = await csrf_of(client)
    response = await client.post(
        "/dashboard/workspace", headers=JSON, data={"csrf_token": csrf, "workspaceId": other.id}
    )
    assert response.status_code == 404 and code_of(response) == "workspace_not_found"
    page = await client.post(
        "/dashboard/workspace", data={"csrf_token": csrf, "workspaceId": other.id}
    )
    assert page.status_code == 404 and 'data-error-code="workspace_not_found"' in page.text
    await create_user(
        store,
        clock,
        Principal.operator(other.id),
        OWNER_EMAIL,
        "Olive",
        "unused-password",
        "member",
        passwords=PASSWORDS,
    )
    switched = await client.post(
        "/dashboard/workspace", data={"csrf_token": csrf, "workspaceId": other.id}
    )
    assert switched.status_code == 303
    assert "Someone else" in (await client.get("/dashboard/approvals")).text


async def test_member_lacks_management_permissions(client, world, store, clock):
    await create_user(
        store,
        clock,
        Principal.operator(world.workspace_id),
        "m@agency.test",
        "Max Member",
        "member password",
        "member",
        passwords=PASSWORDS,
    )
    await sign_in(client, "m@agency.test", "member password")
    csrf = await csrf_of(client)
    cases = [
        ("/dashboard/keys", {"name": "x", "mode": "live"}, "keys.manage"),
        (f"/dashboard/accounts/{world.live_account}/writes", {"enabled": "off"}, "accounts.writes"),
        ("/dashboard/members/invite", {"email": "a@b.c", "role": "member"}, "members.manage"),
    ]
    for path, form, permission in cases:
        response = await client.post(path, headers=JSON, data={"csrf_token": csrf, **form})
        assert response.status_code == 403, path
        assert code_of(response) == "missing_permission"
        assert response.json()["error"]["permission"] == permission
    page = await client.get("/dashboard/webhooks")
    assert page.status_code == 403 and "webhooks.manage" in page.text
    async with store.reading() as uow:
        assert (await uow.accounts.get(world.workspace_id, world.live_account)).writes_enabled


async def test_last_owner_cannot_be_demoted_or_removed(client, world, store, clock):
    await sign_in(client)
    csrf = await csrf_of(client)
    me = world.owner.user_id
    demote = await client.post(
        f"/dashboard/members/{me}/role", headers=JSON, data={"csrf_token": csrf, "role": "admin"}
    )
    assert demote.status_code == 409 and code_of(demote) == "last_owner"
    remove = await client.post(
        f"/dashboard/members/{me}/remove", headers=JSON, data={"csrf_token": csrf}
    )
    assert remove.status_code == 409 and code_of(remove) == "last_owner"
    other = await create_user(
        store,
        clock,
        Principal.operator(world.workspace_id),
        "o2@agency.test",
        "Otto",
        "otto-password",
        "owner",
        passwords=PASSWORDS,
    )
    ok = await client.post(
        f"/dashboard/members/{other.id}/role", data={"csrf_token": csrf, "role": "member"}
    )
    assert ok.status_code == 303
    async with store.reading() as uow:
        assert (await uow.members.get(world.workspace_id, other.id)).role == "member"
        assert [
            e.action for e in await uow.audit.list(world.workspace_id) if e.actor["kind"] == "user"
        ] == ["member.role_changed"]


async def test_link_not_ready_when_cancelling_a_finished_link(client, world):
    await sign_in(client)
    csrf = await csrf_of(client, "/dashboard/links")
    posted = await client.post("/dashboard/links", data={"csrf_token": csrf, "note": "Maya"})
    assert posted.status_code == 303 and posted.headers["location"] == "/dashboard/links"
    created = await client.get("/dashboard/links")
    assert 'id="created-url"' in created.text and "/link/" in created.text
    link_id = created.text.split('data-link-id="')[1].split('"')[0]
    first = await client.post(f"/dashboard/links/{link_id}/cancel", data={"csrf_token": csrf})
    assert first.status_code == 303
    status = await client.get(f"/dashboard/api/links/{link_id}")
    assert status.json()["data"]["status"] == "cancelled"
    again = await client.post(
        f"/dashboard/links/{link_id}/cancel", headers=JSON, data={"csrf_token": csrf}
    )
    assert again.status_code == 409 and code_of(again) == "link_not_ready"


async def test_csrf_refused_on_forms_and_on_the_approval_endpoint(client, world, store):
    await sign_in(client)
    action = await create_action(client, world)
    no_token = await client.post(
        f"/dashboard/accounts/{world.live_account}/writes", headers=JSON, data={"enabled": "off"}
    )
    assert no_token.status_code == 403 and no_token.json()["error"]["permission"] == "csrf"
    wrong = await client.post(
        f"/v1/actions/{action['id']}/approve", json={}, headers={"x-csrf-token": "forged"}
    )
    assert wrong.status_code == 403 and code_of(wrong) == "missing_permission"
    assert wrong.json()["error"]["permission"] == "csrf"
    missing = await client.post(f"/v1/actions/{action['id']}/approve", json={})
    assert missing.status_code == 400 and code_of(missing) == "invalid_parameter"
    async with store.reading() as uow:
        assert (await uow.actions.get(world.workspace_id, action["id"])).status == "pending"


async def test_sign_in_is_rate_limited(client, world):
    for _ in range(5):
        wrong = await client.post(
            "/dashboard/sign-in", data={"email": OWNER_EMAIL, "password": "nope"}
        )
        assert wrong.status_code == 401 and 'data-error-code="not_signed_in"' in wrong.text
    limited = await client.post(
        "/dashboard/sign-in", data={"email": OWNER_EMAIL, "password": "correct horse battery"}
    )
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
    assert 'data-error-code="rate_limited"' in limited.text


async def test_a_dashboard_address_that_is_not_a_page_answers_with_a_page(client, world):
    """A mistyped or cut-off dashboard link (404), or a form's address opened from history
    (405), is answered with the dashboard's error page and the way back, not the API's JSON; a
    script asking for JSON, and /dashboard/api/, keep the envelope."""
    for path, status, code in (
        ("/dashboard/login", 404, "route_not_found"),
        ("/dashboard/actions/act_x/nothing", 404, "route_not_found"),
        ("/dashboard/actions/act_x/decide", 405, "method_not_allowed"),
        ("/dashboard/sign-out", 405, "method_not_allowed"),
    ):
        page = await client.get(path)
        assert page.status_code == status and page.headers["content-type"].startswith("text/html")
        assert f'data-error-code="{code}"' in page.text
        assert 'href="/dashboard/approvals"' in page.text and "/v1/" not in page.text
        if status == 405:
            assert page.headers["allow"] == "POST"
        assert '<nav aria-label="Main">' not in page.text  # signed out: no menu
    for path, headers in (("/dashboard/login", JSON), ("/dashboard/api/nothing", {})):
        api = await client.get(path, headers=headers)
        assert api.status_code == 404 and code_of(api) == "route_not_found"
    assert code_of(await client.get("/nowhere", headers=JSON)) == "route_not_found"
    # Signed in, the page keeps the menu, so the person goes on from where they are.
    await sign_in(client)
    page = await client.get("/dashboard/activity")
    assert page.status_code == 404 and '<nav aria-label="Main">' in page.text
    assert 'data-error-code="route_not_found"' in page.text


async def test_oversized_form_fields_and_edits_are_refused_naming_them(client, world, store):
    """A form value over the dashboard's field bound is refused before the page reads it, and
    an approval edit over an array's bound before any of its items is validated."""
    long = await client.post(
        "/dashboard/sign-in",
        headers=JSON,
        data={"email": OWNER_EMAIL, "password": "x" * 10_001, "next": "/dashboard/approvals"},
    )
    assert long.status_code == 400  # the sign-in page again, saying why
    assert "`password` must be at most 10,000 characters" in long.text
    await sign_in(client)
    action = await create_action(client, world)
    token = await csrf_of(client)
    edited = await client.post(
        f"/v1/actions/{action['id']}/approve",
        json={"params": {"fanId": "f1", "text": "<p>Hi</p>", "mediaIds": ["\x85"] * 5000}},
        headers={"x-csrf-token": token},
    )
    assert edited.status_code == 400, edited.text
    assert edited.json()["error"]["param"] == "params.mediaIds"
    assert "at most 50 items" in edited.json()["error"]["message"]
    async with store.reading() as uow:
        assert (await uow.actions.get(world.workspace_id, action["id"])).status == "pending"
