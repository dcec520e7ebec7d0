"""Parallel guesses on one hosted link, over real HTTP to a real server: each attempt is counted
by a conditional write before the platform is called, so whatever the concurrency no more than
five wrong guesses reach the platform and the link fails."""

from __future__ import annotations

import asyncio

from tests.linking.hosted_link_kit import MIA, ROSA, served

GUESSES = 40


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
        answers = await asyncio.gather(
            *(env.post(link, "2fa", csrf=csrf, code=f"{n:06d}") for n in range(GUESSES))
        )
        assert all(a.status_code in (200, 409) for a in answers), [a.status_code for a in answers]
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
        answers = await asyncio.gather(
            *(
                env.post(link, "sign-in", csrf=csrf, email=MIA[0], password=f"guess-{n}")
                for n in range(GUESSES)
            )
        )
        assert all(a.status_code in (200, 409) for a in answers), [a.status_code for a in answers]
        assert await _calls(env, "POST /auth/login") == 5
        assert (await env.get_link(link["id"]))["status"] == "failed"
        right = await env.post(link, "sign-in", csrf=csrf, email=MIA[0], password=MIA[1])
        assert right.status_code == 409
        assert await _calls(env, "POST /auth/login") == 5
