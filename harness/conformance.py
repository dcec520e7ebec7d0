"""Schemathesis against Countersign: every operation, every check, stateful links.

Usable two ways: `in_process_schema(app, ...)` for the test suite, and
`python -m harness.conformance --url http://… --key sk_test_…` against a running service.
Both share `config_for(...)` and the `prepare(...)` hook, so QA and CI test the same thing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema
from schemathesis.generation import GenerationMode

DASHBOARD_OPERATIONS = ("approveAction", "rejectAction")
# Values a client can only get from a previous response; random ones are refused by design
# (400 invalid_cursor), so positive cases leave them out instead of expecting acceptance.
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
    """All checks on; `key` is a read+write key for every scheme an API key can fill."""
    dashboard = {
        "include-operation-id": list(DASHBOARD_OPERATIONS),
        "enabled": True,
        # No dashboard session here: an API key must get the documented 403.
        "headers": {"Authorization": f"Bearer {key}"},
        "checks": {
            "positive_data_acceptance": {"expected-statuses": [403]},
            "ignored_auth": {"enabled": False},
        },
    }
    data: dict[str, Any] = {
        "max-failures": 50,
        "continue-on-failure": True,
        # NUL cannot be stored by PostgreSQL; the service answers 400 for it (pinned in
        # tests/conformance/test_conformance_regressions.py). openapi.yaml says so for `search`
        # (a pattern), not for every text field of a body.
        "generation": {"max-examples": max_examples, "mode": "all", "allow-x00": False},
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
        "operations": [dashboard],
    }
    if seed is not None:
        data["seed"] = seed
    if base_url is not None:
        data["base-url"] = base_url
    return SchemathesisConfig.from_dict(data)


ECHO_MAX = 64  # an error may name an id back (ids are at most 64 characters), nothing longer
MAX_ERROR_BODY = 8192


@schemathesis.check
def errors_never_echo_input(ctx, response, case) -> None:
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
def before_call(context, case, **kwargs) -> None:
    """A valid long poll (`?wait=N`, 1-60) may hold the request N seconds; one second tests
    it as well (every phase, so invalid values still test the refusal)."""
    wait = (case.query or {}).get("wait")
    try:
        valid = wait is not None and not isinstance(wait, bool) and 1 <= int(wait) <= 60
    except (TypeError, ValueError):
        valid = False
    if valid and str(wait).strip().lstrip("+").isdigit():
        case.query = {**case.query, "wait": 1}


def prepare(schema, *, live_reads: bool = True):
    """Positive cases must be accepted, so they carry no invented server-issued values; and
    without a platform session behind a live key, `fresh=true` can only answer 502."""

    def adapt_case(context, case):
        meta = getattr(case, "_meta", None)
        positive = meta is not None and meta.generation.mode == GenerationMode.POSITIVE
        dropped = (SERVER_ISSUED_QUERY if positive else ()) + (() if live_reads else ("fresh",))
        if case.query and dropped:
            case.query = {k: v for k, v in case.query.items() if k not in dropped}
        return case

    def filter_failure(context, failure, case, response) -> bool:
        """Keep every failure except the by-design answers to invented values, which the
        coverage phase sends without passing through `map_case`."""
        code = _error_code(response)
        query = case.query or {}
        invented = type(failure).__name__ == "RejectedPositiveData" and (
            (code == "invalid_cursor" and "cursor" in query)
            or (code == "invalid_parameter" and {"since", "cursor"} <= set(query))
            # A date range's two ends constrain each other (order, at most 366 days): no
            # schema says so, so random pairs are refused by design.
            or (code == "invalid_parameter" and {"startDate", "endDate"} <= set(query))
        )
        live = "fresh" in query or any(part in case.path for part in LIVE_PATHS)
        no_platform = not live_reads and code == "platform_error" and live
        return not (invented or no_platform)

    schema.hook("map_case")(adapt_case)
    schema.hook("filter_failure")(filter_failure)
    return schema


def _error_code(response) -> str | None:
    try:
        return response.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return None


def in_process_schema(app, key: str, *, live_reads: bool = True, **options: Any):
    """The schema the ASGI app serves at /openapi.yaml, wired to call the app in-process."""
    return prepare(
        schemathesis.openapi.from_asgi("/openapi.yaml", app, config=config_for(key, **options)),
        live_reads=live_reads,
    )


def live_schema(url: str, key: str, **options: Any):
    base = url.rstrip("/")
    return prepare(
        schemathesis.openapi.from_url(
            f"{base}/openapi.yaml", config=config_for(key, base_url=base, **options)
        )
    )


def run(schema, *, echo=print) -> list[str]:
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


def _describe(event) -> str:
    exc = getattr(event, "value", None) or getattr(event, "exception", None)
    return f"{type(exc).__name__}: {exc}"


def _failures(event) -> dict[str, list[str]]:
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
