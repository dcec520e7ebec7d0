"""Two app instances (two replicas) on one database and one real Redis.

Redis is the machine's at `COUNTERSIGN_TEST_REDIS_URL` (default 127.0.0.1:6379), or one the run
started (tests/conftest.py): these tests never skip.
Each test counts under a key prefix of its own, so parallel runs never share a budget.
"""

from __future__ import annotations

import contextlib
import secrets

import attrs
import httpx
import pytest
import redis

from service.app import create_app
from service.http.ratelimit import close_storage
from tests.conftest import redis_url


@pytest.fixture
def redis_prefix() -> str:
    client = redis.Redis.from_url(redis_url())
    client.ping()
    prefix = f"cs-test-{secrets.token_hex(8)}"
    yield prefix
    for key in client.scan_iter(f"{prefix}*"):
        client.delete(key)
    client.close()


@pytest.fixture
def shared_settings(settings, redis_prefix):
    return attrs.evolve(settings, limits_storage=redis_url(), limits_prefix=redis_prefix)


@contextlib.asynccontextmanager
async def replica(settings, store, clock):
    """One more instance of the service over the same store, as a second process would be."""
    app = create_app(settings, store=store, clock=clock)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c:
        yield c
    await close_storage(app.state.services.limits)
