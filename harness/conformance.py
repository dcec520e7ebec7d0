"""Schemathesis against Countersign: every operation, every check, stateful links.

Usable three ways: `in_process_schema(app, ...)` for the test suite,
`python -m harness.conformance --url http://… --key sk_test_…` against a running service, and
a plain `schemathesis run --checks all <url>/openapi.yaml` from the repo root. All three read
the repo-root `schemathesis.toml` (its per-operation expectations, and this module as its hooks),
so QA and CI test the same thing; `config_for(...)` adds the key and the budget.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import schemathesis
from schemathesis import BaseSchema, CheckContext, HookContext, Response
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import Failure
from schemathesis.engine import events, from_schema
from schemathesis.generation import GenerationMode
from starlette.types import ASGIApp

if TYPE_CHECKING:  # schemathesis names its OpenAPI case type for type checkers only
    from schemathesis.specs.openapi.schemas import OpenApiCase

CONFIG_FILE = Path(__file__).resolve().parents[1] / "schemathesis.toml"
DASHBOARD_OPERATIONS = ("approveAction", "rejectAction")
# Values a client can only get from a previous response; random ones are refused by design
# (400 invalid_cursor), so positive cases leave them out where a hook can (the suite); where
# one cannot (the coverage phase, the plain CLI), schemathesis.toml expects that 400.
# openapi.yaml gives a cursor's form (a pattern), but no schema can hold its signature.
SERVER_ISSUED_QUERY = ("cursor",)
# Operations that always read the platform live (without a platform behind a live key they can
# only answer 502, as `fresh=true` does).
LIVE_PATHS = ("/platform/",)


def config_for(
    key: str,
    *,
    max_examples: int = 15,
    stateful_steps: int = 6,
    phases: Sequence[str] = ("examples", "coverage", "fuzzing", "stateful"),
    seed: int | None = None,
    base_url: str | None = None,
) -> SchemathesisConfig:
    """All checks on; `key` is a read+write key for every scheme an API key can fill. The
    expectations are schemathesis.toml's (`file_settings()`); this adds the key and the budget."""
    data = file_settings()
    for operation in data.get("operations", []):
        if operation.get("include-operation-id") == list(DASHBOARD_OPERATIONS):
            # No dashboard session here: an API key must get the documented 403.
            operation["headers"] = {"Authorization": f"Bearer {key}"}
    data.update(
        {
            "max-failures": 50,
            "continue-on-failure": True,
            "checks": {"enabled": True},
            "phases": {
                "examples": {"enabled": "examples" in phases, "fill-missing": True},
                "coverage": {"enabled": "coverage" in phases},
                "fuzzing": {"enabled": "fuzzing" in phases},
                "stateful": {"enabled": "stateful" in phases, "max-steps": stateful_steps},
            },
            "auth": {
                "openapi": {
                    "bearerAuth": {"bearer": key},
                    "apiKeyHeader": {"api_key": key},
                    "serviceApiKey": {"api_key": key},
                }
            },
        }
    )
    data["generation"] = {**data.get("generation", {}), "max-examples": max_examples, "mode": "all"}
    if seed is not None:
        data["seed"] = seed
    if base_url is not None:
        data["base-url"] = base_url
    return SchemathesisConfig.from_dict(data)


def file_settings() -> dict[str, Any]:
    """schemathesis.toml, without its `hooks` line (that names this module, loaded already)."""
    data = tomllib.loads(CONFIG_FILE.read_text())
    data.pop("hooks", None)
    return data


@functools.cache
def refusable_operations() -> frozenset[str]:
    """The operations schemathesis.toml lets refuse a schema-valid request with a 400."""
    return frozenset(
        op_id
        for operation in file_settings().get("operations", [])
        if "400"
        in operation.get("checks", {})
        .get("positive_data_acceptance", {})
        .get("expected-statuses", [])
        for op_id in operation.get("include-operation-id", [])
    )


def documented_refusal(code: str | None, query: dict[str, Any], param: str | None = None) -> bool:
    """A 400 the API gives schema-valid input by design: a cursor it did not issue, a date
    range whose ends do not fit together (order; at most 366 days, or 90 for activity), or an
    action's `runAt` that is not a time in the next 30 days (it depends on the clock)."""
    return (
        (code == "invalid_parameter" and param == "runAt")
        or (code == "invalid_cursor" and "cursor" in query)
        or (code == "invalid_parameter" and {"since", "cursor"} <= set(query))
        or (code == "invalid_parameter" and {"startDate", "endDate"} <= set(query))
        or (code == "invalid_parameter" and {"from", "to"} <= set(query))
    )


@schemathesis.check
def refusals_are_documented(ctx: CheckContext, response: Response, case: OpenApiCase) -> None:
    """schemathesis.toml lets some operations answer 400 to schema-valid input; that 400 must
    then be the documented one, not any other refusal."""
    meta = getattr(case, "_meta", None)
    positive = meta is not None and meta.generation.mode == GenerationMode.POSITIVE
    if not positive or response.status_code != 400:
        return
    if case.operation.definition.raw.get("operationId") not in refusable_operations():
        return
    code, param = _error_code(response), _error_param(response)
    if not documented_refusal(code, case.query or {}, param):
        raise AssertionError(f"schema-valid input refused with `{code}`, not a documented refusal")


ECHO_MAX = 64  # an error may name an id back (ids are at most 64 characters), nothing longer
MAX_ERROR_BODY = 8192


@schemathesis.check
def errors_never_echo_input(ctx: CheckContext, response: Response, case: OpenApiCase) -> None:
    """An error names the parameter, never repeats a long value sent (it may be huge, or a
    secret); and an error envelope stays small whatever the request carried."""
    if response.status_code < 400:
        return
    if len(response.content) > MAX_ERROR_BODY:
        raise AssertionError(f"error body of {len(response.content)} bytes")
    text = response.content.decode("utf-8", "replace")
    sent = [
        *(case.query or {}).values(),
        *(case.headers or {}).values(),
        *(case.path_parameters or {}).values(),
    ]
    for value in sent:
        if isinstance(value, str) and len(value) > ECHO_MAX and value in text:
            raise AssertionError(f"error body repeats a {len(value)}-character value sent")


@schemathesis.hook
def before_call(context: HookContext, case: OpenApiCase, **kwargs: Any) -> None:
    """A valid long poll (`?wait=N`, 1-60) may hold the request N seconds; one second tests
    it as well (every phase, so invalid values still test the refusal)."""
    wait = (case.query or {}).get("wait")
    try:
        valid = wait is not None and not isinstance(wait, bool) and 1 <= int(wait) <= 60
    except (TypeError, ValueError):
        valid = False
    if valid and str(wait).strip().lstrip("+").isdigit():
        case.query = {**case.query, "wait": 1}


def prepare(schema: BaseSchema, *, live_reads: bool = True) -> BaseSchema:
    """Positive cases must be accepted, so they carry no invented server-issued values; and
    without a platform session behind a live key, `fresh=true` can only answer 502."""

    def adapt_case(context: HookContext, case: OpenApiCase) -> OpenApiCase:
        meta = getattr(case, "_meta", None)
        positive = meta is not None and meta.generation.mode == GenerationMode.POSITIVE
        dropped = (SERVER_ISSUED_QUERY if positive else ()) + (() if live_reads else ("fresh",))
        if case.query and dropped:
            case.query = {k: v for k, v in case.query.items() if k not in dropped}
        return case

    def filter_failure(
        context: HookContext, failure: Failure, case: OpenApiCase, response: Response
    ) -> bool:
        """Without a platform session, a live read can only fail; everything else counts."""
        code = _error_code(response)
        query = case.query or {}
        live = "fresh" in query or any(part in case.path for part in LIVE_PATHS)
        return not (not live_reads and code == "platform_error" and live)

    schema.hook("map_case")(adapt_case)
    schema.hook("filter_failure")(filter_failure)
    return schema


def _error_code(response: Response) -> str | None:
    try:
        code = response.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return None
    return code if isinstance(code, str) else None


def _error_param(response: Response) -> str | None:
    try:
        param = response.json()["error"].get("param")
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return param if isinstance(param, str) else None


def in_process_schema(
    app: ASGIApp, key: str, *, live_reads: bool = True, **options: Any
) -> BaseSchema:
    """The schema the ASGI app serves at /openapi.yaml, wired to call the app in-process."""
    return prepare(
        schemathesis.openapi.from_asgi("/openapi.yaml", app, config=config_for(key, **options)),
        live_reads=live_reads,
    )


def live_schema(url: str, key: str, **options: Any) -> BaseSchema:
    base = url.rstrip("/")
    return prepare(
        schemathesis.openapi.from_url(
            f"{base}/openapi.yaml", config=config_for(key, base_url=base, **options)
        )
    )


def run(schema: BaseSchema, *, echo: Callable[[str], object] = print) -> list[str]:
    """Run every phase; return one line per distinct failure (empty when nothing was found)."""
    found: list[str] = []
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            for label, failures in _failures(event).items():
                for failure in failures:
                    line = f"[{event.phase.value}] {label}: {failure}"
                    if line not in found:
                        found.append(line)
                        echo(line)
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            line = f"error: {getattr(event, 'label', '')} {_describe(event)}"
            found.append(line)
            echo(line)
    return found


def _describe(event: events.NonFatalError | events.FatalError) -> str:
    exc = getattr(event, "value", None) or getattr(event, "exception", None)
    return f"{type(exc).__name__}: {exc}"


def _failures(event: events.ScenarioFinished) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    recorder = event.recorder
    for case_id, checks in recorder.checks.items():
        for check in checks:
            if check.failure_info is None:
                continue
            failure = check.failure_info.failure
            interaction = recorder.interactions.get(failure.case_id or case_id)
            response = interaction.response if interaction is not None else None
            status = f" -> {response.status_code} {response.content[:300]!r}" if response else ""
            out.setdefault(recorder.label, []).append(
                f"{check.name}: {failure.title}{status}\n    {check.failure_info.code_sample}"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m harness.conformance", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--url", required=True, help="base URL of a running Countersign")
    parser.add_argument("--key", required=True, help="an sk_test_… or sk_live_… read+write key")
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--stateful-steps", type=int, default=20)
    parser.add_argument("--seed", type=int)
    args = parser.parse_args(argv)
    schema = live_schema(
        args.url,
        args.key,
        max_examples=args.max_examples,
        stateful_steps=args.stateful_steps,
        seed=args.seed,
    )
    found = run(schema)
    print(f"{len(found)} problems found" if found else "no problems found")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
