"""The `linked` world of tests/platform_world.py with a platform deadline fit for a full sync
on a busy machine (a sync makes dozens of calls; one slow answer must not skip it)."""

from __future__ import annotations

import httpx
import pytest

from service.app import create_app, outgoing_http
from service.settings import Settings
from tests.factories import build_world
from tests.platform_world import Linked, link_creator


def synced_settings(base_url: str, tmp_path, **overrides) -> Settings:
    values = {
        "database_url": f"sqlite:///{tmp_path}/unused.db",
        "secret_key": "test-secret",
        "public_url": "http://countersign.test",
        "validate_responses": True,
        "run_workers": False,
        "development": True,
        "password_hashing": "cheapest",
        "platform_url": base_url,
        "platform_timeout": 15.0,
        **overrides,
    }
    return Settings(**values)


@pytest.fixture
async def linked(store, clock, fake_platform, tmp_path):
    app = create_app(synced_settings(fake_platform.base_url, tmp_path), store=store, clock=clock)
    services = app.state.services
    world = await build_world(store, clock)
    creator = await link_creator(services, fake_platform, world.workspace_id, clock)
    transport = httpx.ASGITransport(app=app)
    async with (
        outgoing_http(services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c,
    ):
        yield Linked(app, c, services, fake_platform, world, creator.user_id)
