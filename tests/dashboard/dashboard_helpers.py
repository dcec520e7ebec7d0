"""Shared steps of the dashboard tests: sign in over HTTP and pull the CSRF token from a page."""

from __future__ import annotations

import re

OWNER_EMAIL, OWNER_PASSWORD = "owner@agency.test", "correct horse battery"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
MESSAGE = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hi there</p>"}}


async def sign_in(client, email=OWNER_EMAIL, password=OWNER_PASSWORD):
    response = await client.post(
        "/dashboard/sign-in",
        data={"email": email, "password": password, "next": "/dashboard/approvals"},
    )
    assert response.status_code == 303, response.text
    assert "cs_session" in response.headers["set-cookie"]
    return response


async def csrf_of(client, path="/dashboard/approvals") -> str:
    page = await client.get(path)
    assert page.status_code == 200, page.text
    return CSRF.search(page.text).group(1)


async def create_action(client, world, key="k1", body=MESSAGE, token=None, account=None):
    response = await client.post(
        f"/v1/accounts/{account or world.live_account}/actions",
        json=body,
        headers={**world.auth(token), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


def code_of(response) -> str:
    return response.json()["error"]["code"]
