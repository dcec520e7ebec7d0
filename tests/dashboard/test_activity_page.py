"""The Activity page over real HTTP (both databases): drawn without inline style or script so the
dashboard's CSP holds, the range rule of the API, and only accounts of the session's workspace
and mode."""

from __future__ import annotations

import pytest

from service.workspaces.usecases import create_workspace
from tests.dashboard.dashboard_helpers import sign_in
from tests.factories import add_live_account, build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_the_page_keeps_the_csp_and_links_from_the_accounts_page(client, world):
    await sign_in(client)
    accounts = await client.get("/dashboard/accounts")
    assert f'href="/dashboard/accounts/{world.live_account}/activity"' in accounts.text
    page = await client.get(f"/dashboard/accounts/{world.live_account}/activity")
    assert page.status_code == 200, page.text
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "style-src 'self'" in csp
    assert page.text.count('<svg viewBox="0 0 320.0 150.0"') == 3
    assert "style=" not in page.text and "<script>" not in page.text
    assert "No actions were created in these days." in page.text


async def test_a_bad_range_is_refused_as_the_api_refuses_it(client, world):
    await sign_in(client)
    base = f"/dashboard/accounts/{world.live_account}/activity"
    too_long = await client.get(f"{base}?from=2026-01-01&to=2026-06-01")
    assert too_long.status_code == 400
    assert "A range covers at most 90 days" in too_long.text
    reversed_ = await client.get(f"{base}?from=2026-02-01&to=2026-01-01")
    assert reversed_.status_code == 400 and "must not be after" in reversed_.text


async def test_only_the_sessions_workspace_and_mode(client, store, clock, world):
    await sign_in(client)
    other = await create_workspace(store, clock, "Other agency")
    await add_live_account(store, clock, other.id, "50001", "elsewhere.live")
    for account in ("50001", world.sandbox_accounts[0], "nope"):
        response = await client.get(f"/dashboard/accounts/{account}/activity")
        assert response.status_code == 404, (account, response.status_code)
