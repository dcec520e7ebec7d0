"""A service wired to the fake platform over real HTTP, with a linked live creator."""

from __future__ import annotations

import httpx
import pytest
from attrs import define

from harness.platform import run_platform_in_thread
from service.app import create_app, outgoing_http
from service.settings import Settings
from tests.factories import add_live_account, build_world


@define
class Linked:
    app: object
    client: httpx.AsyncClient
    services: object
    platform: object
    world: object
    creator_id: str

    def writes(self) -> list[dict]:
        return self.platform.state.writes_for(self.creator_id)


@pytest.fixture
def fake_platform():
    with run_platform_in_thread(seed=7) as platform:
        yield platform


async def link_creator(services, platform, workspace_id: str, clock, email="mia@creators.test"):
    """What a finished hosted link leaves behind: an account holding a sealed platform session."""
    creator = platform.state.creator_by_email(email)
    session = platform.state.create_session(creator.user_id)
    await add_live_account(
        services.store,
        clock,
        workspace_id,
        creator.user_id,
        creator.username,
        session_secret=services.secrets.seal(session.token),
    )
    return creator


@pytest.fixture
async def linked(store, clock, fake_platform, tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/unused.db",
        secret_key="test-secret",
        public_url="http://countersign.test",
        validate_responses=True,
        run_workers=False,
        development=True,
        password_hashing="cheapest",
        platform_url=fake_platform.base_url,
        platform_timeout=1.0,
    )
    app = create_app(settings, store=store, clock=clock)
    services = app.state.services
    world = await build_world(store, clock)
    creator = await link_creator(services, fake_platform, world.workspace_id, clock)
    transport = httpx.ASGITransport(app=app)
    async with (
        outgoing_http(services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c,
    ):
        yield Linked(app, c, services, fake_platform, world, creator.user_id)
