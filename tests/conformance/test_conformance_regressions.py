"""Bugs schemathesis found, pinned on both drivers so they stay fixed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tests.factories import build_world

ROOT = Path(__file__).resolve().parents[2]
MESSAGE = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>hi</p>"}}


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def post_action(client, world, body, key="regression-1"):
    # json.dumps escapes lone surrogates as backslash-u escapes, as a client in any language may send them.
    return await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        content=json.dumps(body).encode(),
        headers={**world.auth(), "Idempotency-Key": key, "Content-Type": "application/json"},
    )


@pytest.mark.parametrize(
    "text, param",
    [
        ("nul \u0000 inside", "params.text"),
        ("lone \ud800 surrogate", "params.text"),
    ],
)
async def test_unstorable_text_is_invalid_parameter_not_500(client, world, text, param):
    # PostgreSQL refused these inside jsonb/varchar and the request ended in a 500.
    body = {"type": "send_message", "params": {"fanId": "f1", "text": text}}
    response = await post_action(client, world, body)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["param"] == param


async def test_unstorable_path_parameter_is_invalid_parameter(client, world):
    response = await client.get("/v1/actions/act_%00x", headers=world.auth())
    assert response.status_code in (400, 404), response.text
    assert response.status_code != 500


@pytest.mark.parametrize("type_", [[None, None], {"a": 1}, 5])
async def test_non_string_type_is_invalid_parameter(client, world, type_):
    # An unhashable `type` used to raise TypeError in the discriminator lookup (500).
    response = await post_action(client, world, {"type": type_, "params": {}})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["param"] == "type"


def _documented(operation_id: str, name: str) -> re.Pattern[str]:
    """The `pattern` openapi.yaml gives one of the operation's query parameters."""
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    refs = document["components"]["parameters"]
    for item in document["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                for param in operation["parameters"]:
                    param = refs[param["$ref"].rsplit("/", 1)[1]] if "$ref" in param else param
                    if param["name"] == name:
                        return re.compile(param["schema"]["pattern"])
    raise AssertionError(f"{operation_id} has no {name}")


async def test_cursors_have_the_documented_form_and_forged_ones_are_invalid_cursor(client, world):
    # schemathesis sent `cursor=0` (schema-valid then) and got invalid_cursor; the form is now
    # documented, and anything outside it, or inside it but not ours, is still invalid_cursor.
    for i in range(3):
        await post_action(client, world, MESSAGE, key=f"cursor-{i}")
    page = await client.get("/v1/actions?limit=1", headers=world.auth())
    cursor = page.json()["nextCursor"]
    assert _documented("listActions", "cursor").fullmatch(cursor)
    # The revenue pull's cursors come from the same signer (service/http/cursors.py).
    assert _documented("listRevenueTransactions", "cursor").fullmatch(cursor)
    assert _documented("listRevenueTransactions", "cursor").fullmatch("")
    forged = "eyJiIjoiM2M2NmZmMDdlMzA5YzlhMCIsInAiOls1XX0.a2uEqfgv9hLs0Rj8vSHtjuuLStQ"
    assert _documented("listActions", "cursor").fullmatch(forged)
    for bad in ("0", forged, cursor[:-1], cursor + "x"):
        for path in ("/v1/actions", f"/v1/accounts/{world.live_account}/fans"):
            response = await client.get(path, params={"cursor": bad}, headers=world.auth())
            assert response.status_code == 400, response.text
            assert response.json()["error"]["code"] == "invalid_cursor"
            assert response.json()["error"]["param"] == "cursor"
    assert (
        await client.get(f"/v1/actions?cursor={cursor}&limit=1", headers=world.auth())
    ).is_success


@pytest.mark.parametrize("operation", ["listFans", "listMessages"])
async def test_a_nul_in_search_is_a_documented_invalid_parameter(client, world, operation):
    assert _documented(operation, "search").fullmatch("mia")
    assert not _documented(operation, "search").fullmatch("m\x00a")
    path = f"/v1/accounts/{world.live_account}/fans"
    if operation == "listMessages":
        path = f"/v1/accounts/{world.live_account}/chats/123/messages"
    response = await client.get(path, params={"search": "m\x00a"}, headers=world.auth())
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", "search")
    assert "NUL" in error["message"]
