"""Sign-in throttled per client address as well as per email, on a real server over real HTTP
on both databases: one address trying many emails at once is refused, and neither budget keeps
out a user who signs in correctly from another address."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from service.http.sessions import ADDRESS_ATTEMPTS, SIGN_IN_ATTEMPTS
from tests.dashboard.dashboard_helpers import OWNER_EMAIL, OWNER_PASSWORD
from tests.factories import build_world
from tests.served import served


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def _from(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


async def _sign_in(client, email, password, address):
    return await client.post(
        "/dashboard/sign-in",
        data={"email": email, "password": password},
        headers=_from(address),
    )


async def test_one_address_guessing_many_emails_is_refused(settings, clock, database_url, world):
    with served(settings, clock, database_url, forwarded_allow_ips=("127.0.0.1",)) as (base, _):
        async with httpx.AsyncClient(base_url=base, timeout=60) as client:
            answers = await asyncio.gather(
                *(
                    _sign_in(client, f"user{n}@agency.test", "guess", "203.0.113.7")
                    for n in range(60)
                )
            )
            codes = [a.status_code for a in answers]
            assert (
                codes.count(401) == ADDRESS_ATTEMPTS and codes.count(429) == 60 - ADDRESS_ATTEMPTS
            )
            assert all("retry-after" in a.headers for a in answers if a.status_code == 429)
            # The guessing address is refused even the right password ...
            refused = await _sign_in(client, OWNER_EMAIL, OWNER_PASSWORD, "203.0.113.7")
            assert refused.status_code == 429
            # ... and the owner, elsewhere, signs in.
            elsewhere = await _sign_in(client, OWNER_EMAIL, OWNER_PASSWORD, "198.51.100.2")
            assert elsewhere.status_code == 303 and "cs_session" in elsewhere.headers["set-cookie"]


async def test_wrong_passwords_for_one_email_never_lock_it_for_everyone(
    settings, clock, database_url, world
):
    with served(settings, clock, database_url, forwarded_allow_ips=("127.0.0.1",)) as (base, _):
        async with httpx.AsyncClient(base_url=base, timeout=60) as client:
            wrong = await asyncio.gather(
                *(
                    _sign_in(client, OWNER_EMAIL, f"wrong-{n}", "203.0.113.9")
                    for n in range(SIGN_IN_ATTEMPTS + 5)
                )
            )
            codes = [a.status_code for a in wrong]
            assert codes.count(401) == SIGN_IN_ATTEMPTS and codes.count(429) == 5
            assert (
                await _sign_in(client, OWNER_EMAIL, OWNER_PASSWORD, "203.0.113.9")
            ).status_code == 429
            owner = await _sign_in(client, OWNER_EMAIL, OWNER_PASSWORD, "198.51.100.3")
            assert owner.status_code == 303
