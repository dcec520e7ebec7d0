"""Parallel guesses on one hosted link, over real HTTP to a real server: each attempt is counted
by a conditional write before the platform is called, so whatever the concurrency no more than
five wrong guesses reach the platform and the link fails.

A burst of forty on a cold connection pool may be answered 503 in part (a request that waited
a second for a database connection is refused, counted nowhere, and may be sent again): more
waves follow until the link has failed, and all of them together still reach the platform
five times."""

from __future__ import annotations

import asyncio

from tests.linking.hosted_link_kit import MIA, ROSA, served

GUESSES = 40
WAVES = 5
ANSWERS = (200, 409, 503)


async def _waves(env, link, guess) -> list:
    """Waves of GUESSES parallel guesses (`guess(n)` sends guess number n) until the link fails."""
    answers: list = []
    for wave in range(WAVES):
        answers += await asyncio.gather(*(guess(wave * GUESSES + n) for n in range(GUESSES)))
        if (await env.get_link(link["id"]))["status"] == "failed":
            break
    return answers


async def _calls(env, route: str) -> int:
    answer = await env.control.get("/calls")
    return int(answer.json()["byRoute"].get(route, 0))


async def test_forty_parallel_wrong_codes_reach_the_platform_five_times(
    store, clock, settings, database_url
):
    async with served(store, clock, settings, database_url) as env:
        link = await env.new_link()
        page = await env.sign_in(link, ROSA)
        assert 'name="code"' in page.text
        csrf = await env.csrf(link)
        answers = await _waves(
            env, link, lambda n: env.post(link, "2fa", csrf=csrf, code=f"{n:06d}")
        )
        assert all(a.status_code in ANSWERS for a in answers), [a.status_code for a in answers]
        assert await _calls(env, "POST /auth/2fa") == 5
        shown = await env.get_link(link["id"])
        assert shown["status"] == "failed"

        code = env.platform.state.creators[env.creator_id(ROSA[0])].two_factor_code
        right = await env.post(link, "2fa", csrf=csrf, code=code)
        assert right.status_code == 409
        assert (await env.get_link(link["id"]))["status"] == "failed"
        assert await _calls(env, "POST /auth/2fa") == 5


async def test_forty_parallel_wrong_passwords_reach_the_platform_five_times(
    store, clock, settings, database_url
):
    async with served(store, clock, settings, database_url) as env:
        link = await env.new_link()
        csrf = await env.csrf(link)
        answers = await _waves(
            env,
            link,
            lambda n: env.post(link, "sign-in", csrf=csrf, email=MIA[0], password=f"guess-{n}"),
        )
        assert all(a.status_code in ANSWERS for a in answers), [a.status_code for a in answers]
        assert await _calls(env, "POST /auth/login") == 5
        assert (await env.get_link(link["id"]))["status"] == "failed"
        right = await env.post(link, "sign-in", csrf=csrf, email=MIA[0], password=MIA[1])
        assert right.status_code == 409
        assert await _calls(env, "POST /auth/login") == 5
