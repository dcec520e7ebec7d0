"""Login CSRF refused, on a real server over real HTTP on both databases: a page on another
site cannot sign a browser in (nor post any other dashboard form), while the dashboard's own
pages and clients that are not browsers (no Origin) still can."""

from __future__ import annotations

import httpx
import pytest

from tests.dashboard.dashboard_helpers import CSRF, OWNER_EMAIL, OWNER_PASSWORD
from tests.factories import build_world
from tests.served import served

FORM = {"email": OWNER_EMAIL, "password": OWNER_PASSWORD, "next": "/dashboard/approvals"}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_a_sign_in_from_another_site_is_refused(settings, clock, database_url, world):
    with served(settings, clock, database_url) as (base, _):
        async with httpx.AsyncClient(base_url=base) as client:
            refused = {
                "origin": await client.post(
                    "/dashboard/sign-in", data=FORM, headers={"Origin": "https://evil.test"}
                ),
                "null origin": await client.post(
                    "/dashboard/sign-in", data=FORM, headers={"Origin": "null"}
                ),
                "fetch metadata": await client.post(
                    "/dashboard/sign-in", data=FORM, headers={"Sec-Fetch-Site": "cross-site"}
                ),
                "same host and port, other scheme": await client.post(
                    "/dashboard/sign-in",
                    data=FORM,
                    headers={"Origin": base.replace("http://", "https://")},
                ),
                "same host, other port": await client.post(
                    "/dashboard/sign-in",
                    data=FORM,
                    headers={"Origin": base.rsplit(":", 1)[0] + ":1"},
                ),
                "sibling site": await client.post(
                    "/dashboard/sign-in",
                    data=FORM,
                    headers={"Sec-Fetch-Site": "same-site", "Origin": base},
                ),
            }
            for name, answer in refused.items():
                assert answer.status_code == 403, (name, answer.status_code, answer.text[:300])
                assert "set-cookie" not in answer.headers, name
                assert "another site" in answer.text, name
            assert "cs_session" not in client.cookies

            browser = await client.post(
                "/dashboard/sign-in",
                data=FORM,
                headers={"Origin": base, "Sec-Fetch-Site": "same-origin"},
            )
            assert browser.status_code == 303 and "cs_session" in browser.headers["set-cookie"]
            token = CSRF.search((await client.get("/dashboard/approvals")).text).group(1)
            forged = await client.post(
                "/dashboard/mode",
                data={"csrf_token": token, "mode": "test"},
                headers={"Origin": "https://evil.test", "Accept": "application/json"},
            )
            assert forged.status_code == 403
            assert forged.json()["error"]["permission"] == "csrf"

        async with httpx.AsyncClient(base_url=base) as script:  # no Origin: not a browser
            plain = await script.post("/dashboard/sign-in", data=FORM)
            assert plain.status_code == 303 and "cs_session" in plain.headers["set-cookie"]
