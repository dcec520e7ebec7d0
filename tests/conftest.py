"""Fixtures shared by the suite: a real SQLite file and a real PostgreSQL database per run.

Every storage-touching test runs on both drivers (`store` is parametrised). PostgreSQL and Redis
are the machine's when they answer at `COUNTERSIGN_TEST_POSTGRES_URL` and
`COUNTERSIGN_TEST_REDIS_URL`; otherwise the run starts its own (harness/local_servers.py), once,
in the controlling process, and its xdist workers inherit the URLs. Never a skip.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sys
from pathlib import Path

import httpx
import pytest

from harness.local_servers import POSTGRES_DEFAULT, REDIS_DEFAULT, MissingTool, suite_servers
from harness.scratch import scratch_database
from service.app import create_app, outgoing_http
from service.domain.clock import ManualClock
from service.settings import Settings
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore
from tests import ast_guard
from tests.factories import empty_every_table

pytest_plugins = ["tests.platform_world", "tests.openapi_kit"]


_SERVERS = contextlib.ExitStack()
_UNRAISABLE = "pytest.PytestUnraisableExceptionWarning"


def pytest_configure(config: pytest.Config) -> None:
    ast_guard.install()  # before any test starts a thread: see tests/ast_guard.py
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist)
        # Workers start after this hook (xdist's session start) and inherit os.environ.
        try:
            os.environ.update(_SERVERS.enter_context(suite_servers(say=_say)))
        except MissingTool as missing:
            raise pytest.UsageError(str(missing)) from None
    port = postgres_admin_url().rsplit(":", 1)[-1].split("/")[0]
    for warning in (  # a socket of an engine a test never disposed: see pyproject.toml
        f"ignore:unclosed <socket.socket .*{port}\\)>:ResourceWarning",
        f"ignore:Exception ignored in. <socket.socket .*{port}\\)>:{_UNRAISABLE}",
    ):
        config.addinivalue_line("filterwarnings", warning)


def pytest_unconfigure(config: pytest.Config) -> None:
    _SERVERS.close()


def _say(line: str) -> None:
    sys.stderr.write(line + "\n")


def postgres_admin_url() -> str:
    """The server the suite makes its scratch databases on (read when used: the controller may
    have started one after this module was imported)."""
    return os.environ.get("COUNTERSIGN_TEST_POSTGRES_URL", POSTGRES_DEFAULT)


def redis_url() -> str:
    return os.environ.get("COUNTERSIGN_TEST_REDIS_URL", REDIS_DEFAULT)


# argon2's testing profile for `countersign` processes the suite starts (Settings.from_env reads
# it); apps built here get it from the `settings` fixture.
os.environ.setdefault("COUNTERSIGN_PASSWORD_HASHING", "cheapest")


async def _migrate_url(url: str) -> None:
    engine = make_engine(url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("sqlite") / "template.db"
    asyncio.run(_migrate_url(f"sqlite:///{path}"))
    return path


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """A database of our own on the real server, created for this run and dropped after it."""
    with scratch_database(postgres_admin_url(), "cs_test") as url:
        asyncio.run(_migrate_url(url))
        yield url


def _database_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        path = tmp_path / "countersign.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, tmp_path) -> str:
    return _database_url(request, tmp_path)


@pytest.fixture
async def store(database_url):
    store = SqlStore.from_url(database_url)
    if store.dialect == "postgresql":
        await empty_every_table(store)
    yield store
    await store.close()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(
        database_url=f"sqlite:///{tmp_path}/unused.db",
        secret_key="test-secret",
        public_url="http://countersign.test",
        validate_responses=True,
        run_workers=False,
        development=True,
        password_hashing="cheapest",
    )


@pytest.fixture
async def app(settings, store, clock):
    return create_app(settings, store=store, clock=clock)


@pytest.fixture
async def client(app):
    """ASGITransport runs no lifespan: the app's outgoing HTTP client is opened here instead."""
    transport = httpx.ASGITransport(app=app)
    async with (
        outgoing_http(app.state.services),
        httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as c,
    ):
        yield c
    await app.state.services.waiters.close()  # the lifespan would (ASGITransport runs none)
