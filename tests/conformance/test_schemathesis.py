"""Schemathesis over every operation of the in-process app, with real keys and all checks on.

The app owns its store here (as in production) because schemathesis drives the ASGI app from its
own event-loop thread; the world is seeded beforehand through the same use cases as elsewhere.
"""

from __future__ import annotations

import asyncio

import pytest
from schemathesis.python.asgi import shutdown_lifespans

from harness.conformance import in_process_schema, run
from service.app import create_app
from service.domain.clock import SystemClock
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.factories import build_world


async def _seed(database_url: str):
    store = SqlStore.from_url(database_url)
    try:
        return await build_world(store, SystemClock())
    finally:
        await store.close()


def conformance_app(database_url: str):
    settings = Settings(
        database_url=database_url,
        secret_key="conformance-secret",
        public_url="http://testserver",
        validate_responses=True,
        run_workers=False,
        rate_limit=1_000_000,
        development=True,
    )
    return create_app(settings)


@pytest.fixture
def served_world(database_url):
    world = asyncio.run(_seed(database_url))
    yield conformance_app(database_url), world
    shutdown_lifespans()


def test_live_key_finds_nothing(served_world, database_url):
    app, world = served_world
    # Every phase on SQLite; PostgreSQL skips the (slow, deterministic) coverage phase to keep
    # the suite fast. tox -e conformance runs a longer budget against a live server.
    phases = (
        ("examples", "coverage", "fuzzing", "stateful")
        if database_url.startswith("sqlite")
        else ("examples", "fuzzing", "stateful")
    )
    # No platform session stands behind the live account here, so fresh=true is left out.
    schema = in_process_schema(
        app,
        world.live_key,
        live_reads=False,
        max_examples=6,
        stateful_steps=5,
        phases=phases,
        seed=1,
    )
    assert schema.as_state_machine() is not None, "openapi.yaml links give no stateful tests"
    failures = run(schema, echo=lambda line: None)
    assert failures == [], "\n".join(failures)  # --assert=plain shows only the message


def test_test_key_with_live_reads_finds_nothing(tmp_path, sqlite_template):
    import shutil

    path = tmp_path / "conformance.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite:///{path}"
    world = asyncio.run(_seed(url))
    try:
        schema = in_process_schema(
            conformance_app(url),
            world.test_key,
            max_examples=4,
            phases=("examples", "fuzzing"),
            seed=2,
        )
        failures = run(schema, echo=lambda line: None)
        assert failures == [], "\n".join(failures)
    finally:
        shutdown_lifespans()


def test_harness_reports_a_broken_operation(tmp_path, sqlite_template):
    """The harness can fail: a service whose reply breaks openapi.yaml is reported."""
    import shutil

    from starlette.responses import JSONResponse
    from starlette.routing import Route

    path = tmp_path / "broken.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite:///{path}"
    world = asyncio.run(_seed(url))
    app = conformance_app(url)

    async def wrong_shape(request):
        return JSONResponse({"data": "not an action"})

    app.router.routes.insert(0, Route("/v1/actions/{actionId}", wrong_shape, methods=["GET"]))
    try:
        schema = in_process_schema(
            app, world.live_key, max_examples=3, phases=("examples",), seed=3
        )
        found = run(schema.include(operation_id="getAction"), echo=lambda line: None)
    finally:
        shutdown_lifespans()
    assert any("response_schema_conformance" in line for line in found), found


def test_harness_reports_an_error_that_echoes_input(tmp_path, sqlite_template):
    """The custom check fails a service that repeats a long header back in its error."""
    import shutil

    from starlette.responses import JSONResponse
    from starlette.routing import Route

    path = tmp_path / "echo.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite:///{path}"
    world = asyncio.run(_seed(url))
    app = conformance_app(url)

    async def echo(request):
        key = request.headers.get("idempotency-key", "")
        return JSONResponse({"error": {"message": key}}, status_code=400)

    app.router.routes.insert(0, Route("/v1/accounts/{accountId}/actions", echo, methods=["POST"]))
    try:
        schema = in_process_schema(
            app, world.live_key, max_examples=3, phases=("coverage",), seed=4
        )
        found = run(schema.include(operation_id="createAction"), echo=lambda line: None)
    finally:
        shutdown_lifespans()
    assert any("errors_never_echo_input" in line for line in found), found
