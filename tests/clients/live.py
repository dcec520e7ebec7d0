"""The real service on a socket in a thread, seeded with the tests' world, for the client and
the examples; and a person approving an action over HTTP, as the dashboard does."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from attrs import define, evolve

from harness.threaded import bound_socket, serve_in_thread
from service.app import create_app
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.dashboard.dashboard_helpers import OWNER_EMAIL, OWNER_PASSWORD
from tests.dashboard.live_service import clean, run_store
from tests.factories import World, build_world

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class LoopOf:
    """ASGI wrapper that remembers the event loop the app runs on (to hold its database)."""

    def __init__(self, app) -> None:
        self.app = app
        self.loop: asyncio.AbstractEventLoop | None = None

    async def __call__(self, scope, receive, send) -> None:
        self.loop = asyncio.get_running_loop()
        await self.app(scope, receive, send)


@define
class Live:
    base_url: str
    world: World
    settings: Settings
    app: LoopOf


@contextmanager
def live_world(
    database_url: str, clock, *, store: SqlStore | None = None, **overrides
) -> Iterator[Live]:
    async def seed(s):
        await clean(s)
        return await build_world(s, clock)

    world = run_store(database_url, seed)
    sock = bound_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = evolve(
        Settings(
            database_url=database_url,
            secret_key="client-test-secret",
            public_url=base_url,
            development=True,
            validate_responses=True,
            run_workers=True,
            password_hashing="cheapest",
        ),
        **overrides,
    )
    app = LoopOf(create_app(settings, clock=clock, store=store))
    with serve_in_thread(app, name="countersign", sock=sock, lifespan="on"):
        yield Live(base_url, world, settings, app)


def approve_as_a_person(base_url: str, action_id: str, mode: str = "test") -> None:
    """Sign in to the dashboard, switch to the action's mode, approve with the CSRF token."""
    with httpx.Client(base_url=base_url) as web:
        signed = web.post(
            "/dashboard/sign-in",
            data={"email": OWNER_EMAIL, "password": OWNER_PASSWORD, "next": "/dashboard/approvals"},
        )
        assert signed.status_code == 303, signed.text
        csrf = CSRF.search(web.get("/dashboard/approvals").text).group(1)
        switched = web.post(
            "/dashboard/mode",
            data={"csrf_token": csrf, "next": "/dashboard/approvals", "mode": mode},
        )
        assert switched.status_code == 303, switched.text
        approved = web.post(
            f"/v1/actions/{action_id}/approve", headers={"x-csrf-token": csrf}, json={}
        )
        assert approved.status_code == 200, approved.text
