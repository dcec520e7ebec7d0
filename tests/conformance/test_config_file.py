"""schemathesis.toml (what a plain `schemathesis run` reads from the repo root) and the harness
stay one source: the same expectations, for exactly the operations openapi.yaml gives a value
only the server issues (a cursor) or a range whose ends constrain each other (two dates)."""

from __future__ import annotations

import os
import tomllib

import schemathesis
import yaml
from schemathesis.config import SchemathesisConfig

import harness.conformance
from harness.conformance import CONFIG_FILE, config_for, refusable_operations

ROOT = CONFIG_FILE.parent


def query_names(document: dict, path_item: dict, operation: dict) -> set[str]:
    names = set()
    for parameter in [*path_item.get("parameters", []), *operation.get("parameters", [])]:
        if "$ref" in parameter:
            parameter = document["components"]["parameters"][parameter["$ref"].split("/")[-1]]
        if parameter["in"] == "query":
            names.add(parameter["name"])
    return names


def test_refusable_operations_are_exactly_those_with_cursors_date_ranges_or_run_at():
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    expected = {
        operation["operationId"]
        for path_item in document["paths"].values()
        for method, operation in path_item.items()
        if method in ("get", "post", "put", "patch", "delete")
        and (
            "cursor" in (names := query_names(document, path_item, operation))
            or {"startDate", "endDate"} <= names
            or {"from", "to"} <= names
        )
    }
    expected.add("createAction")  # a `runAt` outside the next 30 days
    assert refusable_operations() == expected


def test_the_cli_finds_the_file_and_loads_the_harness_hooks():
    assert tomllib.loads(CONFIG_FILE.read_text())["hooks"] == harness.conformance.__name__
    here = os.getcwd()
    try:
        os.chdir(ROOT / "docs")  # the CLI looks in the current folder and its parents
        found = SchemathesisConfig.discover()
    finally:
        os.chdir(here)
    assert found.projects.default.hooks == harness.conformance.__name__


def test_the_harness_applies_the_files_expectations_per_operation():
    schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=config_for("sk_test_x"))
    project = schema.config

    def accepted(path: str, method: str) -> list[str]:
        checks = project.checks_config_for(operation=schema[path][method], phase=None)
        return checks.positive_data_acceptance.expected_statuses

    assert "400" in accepted("/v1/accounts/{accountId}/chats/{fanId}/messages", "GET")
    assert "400" in accepted("/v1/accounts/{accountId}/earnings", "GET")
    assert "400" in accepted("/v1/accounts/{accountId}/activity", "GET")
    assert "400" in accepted("/v1/accounts/{accountId}/actions", "POST")  # runAt and the clock
    assert "400" not in accepted("/v1/links", "POST")
    assert "400" not in accepted("/v1/actions/{actionId}", "GET")
    assert accepted("/v1/actions/{actionId}/approve", "POST") == ["403"]
