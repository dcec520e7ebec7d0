"""create_action's input schema gives every action type's params their own shape (never a bare
object): the example params of each type in openapi.yaml pass, and params of another type, or
with a field no type has, are refused by the advertised schema itself."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from service.actions.types import REGISTRY
from service.app import build_services
from service.mcp.server import build_tools
from service.settings import Settings


@pytest.fixture(scope="module")
def advertised() -> tuple[dict[str, Any], dict[str, Any]]:
    services = build_services(
        Settings(database_url="sqlite:///:memory:", secret_key="schema", run_workers=False)
    )
    tool = next(t for t in build_tools(services) if t.name == "create_action")
    return tool.parameters, services.document.document["components"]["schemas"]


def _call(kind: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"accountId": "40001", "type": kind, "params": params, "idempotencyKey": "k"}


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_each_types_example_params_fit_and_a_stray_field_does_not(advertised, kind):
    schema, components = advertised
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    example = components[REGISTRY[kind].params_schema]["examples"][0]
    assert list(validator.iter_errors(_call(kind, example))) == []
    stray = list(validator.iter_errors(_call(kind, {**example, "notAField": 1})))
    assert any("notAField" in error.message for error in stray), stray


def test_one_types_params_do_not_pass_as_anothers(advertised):
    schema, components = advertised
    validator = jsonschema.Draft202012Validator(schema)
    send = components[REGISTRY["send_message"].params_schema]["examples"][0]
    assert list(validator.iter_errors(_call("mark_chat_read", send)))
