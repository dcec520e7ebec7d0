"""The fake platform and a PlatformClient on it, for tests/platform/test_client*.py.

The fake runs under uvicorn on 127.0.0.1:0 in a thread, once per module; every test starts
from the seeded world (`state.reset()`), so tests do not depend on each other's writes. Here
`client` is that PlatformClient (not the service's test client of tests/conftest.py)."""

from __future__ import annotations

import pytest

from harness.platform import PlatformState, run_platform_in_thread
from service.kit.outgoing_http import platform_session
from service.platform import PlatformClient


@pytest.fixture(scope="module")
def platform():
    with run_platform_in_thread(PlatformState(seed=7)) as running:
        yield running


@pytest.fixture
def state(platform) -> PlatformState:
    platform.state.reset()
    return platform.state


@pytest.fixture
async def http():
    async with platform_session() as session:
        yield session


@pytest.fixture
def client(platform, http) -> PlatformClient:
    return PlatformClient(platform.base_url, http, timeout=5.0)


@pytest.fixture
def mia(state):
    creator = state.creator_by_email("mia@creators.test")
    return creator, state.create_session(creator.user_id).token
