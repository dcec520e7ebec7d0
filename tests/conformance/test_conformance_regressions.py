"""Bugs schemathesis found, pinned on both drivers so they stay fixed."""

from __future__ import annotations

import json

import pytest

from tests.factories import build_world


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
