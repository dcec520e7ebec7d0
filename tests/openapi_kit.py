"""Shared by the openapi.yaml tests: the parsed document and small readers of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from openapi_schema_validator import OAS31Validator

from service.errors.codes import ERROR_CODES, ErrorCode

SPEC_FILE = Path(__file__).resolve().parents[1] / "openapi.yaml"
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return yaml.safe_load(SPEC_FILE.read_text())


def resolve(spec: dict[str, Any], node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        assert node["$ref"].startswith("#/"), node["$ref"]
        target: Any = spec
        for part in node["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def operations(spec: dict[str, Any], section: str = "paths"):
    for path, item in spec.get(section, {}).items():
        for method in HTTP_METHODS:
            if method in item:
                yield path, method, item[method]


def operations_by_id(spec: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    return {op["operationId"]: (path, method, op) for path, method, op in operations(spec)}


def schema_validator(spec: dict[str, Any], name: str) -> OAS31Validator:
    schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    return OAS31Validator(schema, format_checker=OAS31Validator.FORMAT_CHECKER)


def response_codes(spec: dict[str, Any], response: Any) -> set[str]:
    """The error codes a (possibly referenced) error response's body schema allows."""
    schema = resolve(spec, resolve(spec, response)["content"]["application/json"]["schema"])
    assert schema["allOf"][0] == {"$ref": "#/components/schemas/Error"}
    code = schema["allOf"][1]["properties"]["error"]["properties"]["code"]
    return {code["const"]} if "const" in code else set(code["enum"])


def response_status_of(status: str, code: str) -> bool:
    info = ERROR_CODES[ErrorCode(code)]
    return int(status) in {info.status, info.status_for(test_mode=True)}
