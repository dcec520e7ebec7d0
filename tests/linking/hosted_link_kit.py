"""Shared by the hosted-link and syncer tests: the service in process, the fake platform over
real HTTP on 127.0.0.1 (sharing the test's ManualClock), and a creator walking the link page."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator

import attrs
import httpx
from attrs import define

from harness.platform import PlatformState, run_platform_in_thread
from service.app import create_app
from tests.factories import World, build_world

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
MIA = ("mia@creators.test", "mia-password-1")
LUNA = ("luna@creators.test", "luna-password-2")
ROSA = ("rosa@creators.test", "rosa-password-3")


@define
class Env:
    client: httpx.AsyncClient
    platform: object  # RunningPlatform: .base_url, .state
    control: httpx.AsyncClient  # the platform's /_control API over HTTP
    world: World
    services: object
    store: object
    clock: object

    def creator_id(self, email: str) -> str:
        return next(c.user_id for c in self.platform.state.creators.values() if c.email == email)

    async def new_link(self, key: str | None = None, note: str | None = None) -> dict:
        body = {"note": note} if note else {}
        response = await self.client.post("/v1/links", json=body, headers=self.world.auth(key))
        assert response.status_code == 201, response.text
        return response.json()["data"]

    async def get_link(self, link_id: str, key: str | None = None) -> dict:
        response = await self.client.get(f"/v1/links/{link_id}", headers=self.world.auth(key))
        assert response.status_code == 200, response.text
        return response.json()["data"]

    async def page(self, link: dict) -> httpx.Response:
        return await self.client.get(_path(link))

    async def csrf(self, link: dict) -> str:
        found = CSRF.search((await self.page(link)).text)
        assert found, "the page shows no form"
        return found.group(1)

    async def post(self, link: dict, step: str, files=None, **fields) -> httpx.Response:
        if "csrf" not in fields:
            fields["csrf"] = await self.csrf(link)
        return await self.client.post(
            f"{_path(link)}/{step}", data=fields, files=files, follow_redirects=True
        )

    async def sign_in(self, link: dict, creds: tuple[str, str]) -> httpx.Response:
        return await self.post(link, "sign-in", email=creds[0], password=creds[1])

    async def account(self, account_id: str, key: str | None = None) -> dict:
        response = await self.client.get(f"/v1/accounts/{account_id}", headers=self.world.auth(key))
        assert response.status_code == 200, response.text
        return response.json()

    async def events(self, kind: str) -> list:
        async with self.store.reading() as uow:
            return [
                e
                for e in await uow.events.list(self.world.workspace_id, limit=10_000)
                if e.type == kind
            ]


def _path(link: dict) -> str:
    return "/link/" + link["url"].rsplit("/link/", 1)[1]


@contextlib.asynccontextmanager
async def running(store, clock, settings) -> AsyncIterator[Env]:
    with run_platform_in_thread(PlatformState(1, clock=clock.now)) as platform:
        app = create_app(
            attrs.evolve(settings, platform_url=platform.base_url), store=store, clock=clock
        )
        world = await build_world(store, clock)
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url=settings.public_url) as c,
            httpx.AsyncClient(base_url=platform.base_url + "/_control") as control,
        ):
            yield Env(c, platform, control, world, app.state.services, store, clock)


@contextlib.asynccontextmanager
async def served(store, clock, settings, database_url) -> AsyncIterator[Env]:
    """As `running`, with the service on a real socket in its own thread (real HTTP both ways)."""
    from tests.served import served as serve

    with (
        run_platform_in_thread(PlatformState(1, clock=clock.now)) as platform,
        serve(settings, clock, database_url, platform_url=platform.base_url) as (base, app),
    ):
        world = await build_world(store, clock)
        async with (
            httpx.AsyncClient(base_url=base, timeout=60) as c,
            httpx.AsyncClient(base_url=platform.base_url + "/_control") as control,
        ):
            yield Env(c, platform, control, world, app.state.services, store, clock)
