"""uvicorn --factory target: the real service, configured from COUNTERSIGN_* like production.

`BENCH_VALIDATOR=openapi-core` swaps in the benchmark's baseline request validator
(bench/openapi_core_validation.py: openapi-core per request) for the compiled ones."""

import os

import service.app
from service.app import create_app
from service.settings import Settings


def app():
    if os.environ.get("BENCH_VALIDATOR", "compiled") == "openapi-core":
        from bench.openapi_core_validation import compile_openapi_core

        service.app.compile_validators = compile_openapi_core
    return create_app(Settings.from_env())
