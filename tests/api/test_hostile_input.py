"""Hostile input gets the error envelope with the right code, never a 500 or an echo."""

from __future__ import annotations

import pytest

from tests.api.test_errors import assert_envelope
from tests.dashboard.dashboard_helpers import create_action, csrf_of, sign_in
from tests.factories import build_world

DEEP = b"[" * 1000 + b"]" * 1000  # 2 kB
DEEP_OBJECT = b'{"a":' * 1000 + b"1" + b"}" * 1000


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def json_headers(world, key="k1", **extra):
    return {**world.auth(), "Idempotency-Key": key, "Content-Type": "application/json", **extra}


@pytest.mark.parametrize(
    "body", [DEEP, DEEP_OBJECT, b'{"type":"send_message","params":' + b"[" * 40 + b"]" * 40 + b"}"]
)
async def test_deep_json_on_action_creation_is_invalid_parameter(client, world, body):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions", content=body, headers=json_headers(world)
    )
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == "body"


NAN_PRICE = b'{"type":"send_message","params":{"fanId":"1","text":"x","priceCents":NaN}}'


@pytest.mark.parametrize("body", [NAN_PRICE, b"Infinity"])
async def test_non_finite_numbers_are_invalid_parameter(client, world, body):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions", content=body, headers=json_headers(world)
    )
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == "body"


@pytest.mark.parametrize("body", [b"\t", b" \r\n"])
async def test_whitespace_is_not_an_absent_body(client, world, body):
    """A link's body is optional, but whitespace alone is not JSON: refused, nothing created."""
    headers = {**world.auth(), "Content-Type": "application/json"}
    response = await client.post("/v1/links", content=body, headers=headers)
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == "body"
    assert (await client.post("/v1/links", content=b"", headers=headers)).status_code == 201


async def test_deep_json_on_links(client, world):
    response = await client.post(
        "/v1/links", content=DEEP, headers={**world.auth(), "Content-Type": "application/json"}
    )
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == "body"


@pytest.mark.parametrize("verb", ["approve", "reject"])
async def test_deep_json_on_approve_and_reject(client, world, verb):
    await sign_in(client)
    action = await create_action(client, world)
    csrf = await csrf_of(client)
    response = await client.post(
        f"/v1/actions/{action['id']}/{verb}",
        content=DEEP_OBJECT,
        headers={"x-csrf-token": csrf, "Content-Type": "application/json"},
    )
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == "body"
    still = await client.get(f"/v1/actions/{action['id']}", headers=world.auth())
    assert still.json()["data"]["status"] == "pending"


@pytest.mark.parametrize("step", ["sign-in", "2fa", "selfie", "cancel"])
async def test_deep_json_on_the_link_page(client, world, step):
    link = (await client.post("/v1/links", json={}, headers=world.auth())).json()["data"]
    path = link["url"].split("countersign.test", 1)[1]
    response = await client.post(
        f"{path}/{step}",
        content=DEEP_OBJECT,
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", "body")


@pytest.mark.parametrize(
    "query",
    [
        "limit=%D9%A3",
        "limit=%2B5",
        "limit=%205",
        "limit=5_0",
        "limit=1&limit=2",
        "status=all&status=pending",
        "accountId=a&accountId=b",
    ],
)
async def test_integers_are_ascii_digits_and_single_values_are_single(client, world, query):
    response = await client.get(f"/v1/actions?{query}", headers=world.auth())
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == query.split("=")[0]


async def test_plain_integers_still_work(client, world):
    assert (await client.get("/v1/actions?limit=5", headers=world.auth())).status_code == 200


async def test_long_idempotency_key_is_refused_without_echo(client, world):
    key = "k" * 100_000
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}},
        headers={**world.auth(), "Idempotency-Key": key},
    )
    error = assert_envelope(response, 400, "invalid_parameter")
    assert error["param"] == "Idempotency-Key" and len(response.content) < 1000
    assert "k" * 300 not in response.text
    accepted = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}},
        headers={**world.auth(), "Idempotency-Key": "k" * 255},
    )
    assert accepted.status_code == 202, accepted.text


async def test_long_values_are_not_echoed_in_body_errors(client, world):
    text = "y" * 6000
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "send_message", "params": {"fanId": "1", "text": text}},
        headers=json_headers(world),
    )
    error = assert_envelope(response, 400, "invalid_parameter")
    assert error["param"] == "params.text" and "y" * 100 not in response.text


async def test_empty_idempotency_key_is_idempotency_key_required(client, world):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}},
        headers={**world.auth(), "Idempotency-Key": ""},
    )
    assert_envelope(response, 400, "idempotency_key_required")


async def test_repeated_idempotency_key_header_is_refused(client, world):
    headers = [*world.auth().items(), ("Idempotency-Key", "a"), ("Idempotency-Key", "b")]
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}},
        headers=headers,
    )
    assert assert_envelope(response, 400, "invalid_parameter")["param"] == "Idempotency-Key"


@pytest.mark.parametrize(
    "action_id", ["abc", "act_", "act_%00x", "act_a-b", "act_" + "x" * 70, "%D9%A3"]
)
async def test_wrong_shape_action_id_is_action_not_found(client, world, action_id):
    response = await client.get(f"/v1/actions/{action_id}", headers=world.auth())
    assert_envelope(response, 404, "action_not_found")


async def test_wrong_shape_action_id_on_approve_is_action_not_found(client, world):
    await sign_in(client)
    csrf = await csrf_of(client)
    response = await client.post("/v1/actions/abc/approve", json={}, headers={"x-csrf-token": csrf})
    assert_envelope(response, 404, "action_not_found")


@pytest.mark.parametrize("link_id", ["abc", "link_", "link_%00", "act_abc"])
async def test_wrong_shape_link_id_is_link_not_found(client, world, link_id):
    response = await client.get(f"/v1/links/{link_id}", headers=world.auth())
    assert_envelope(response, 404, "link_not_found")


async def test_replayed_creation_says_so_in_a_header(client, world):
    url = f"/v1/accounts/{world.live_account}/actions"
    body = {"type": "add_fan_to_list", "params": {"fanId": "1", "listId": "2"}}
    first = await client.post(url, json=body, headers={**world.auth(), "Idempotency-Key": "r"})
    again = await client.post(url, json=body, headers={**world.auth(), "Idempotency-Key": "r"})
    assert first.status_code == again.status_code == 202
    assert "idempotent-replayed" not in first.headers
    assert again.headers["idempotent-replayed"] == "true"
    assert again.json()["data"]["id"] == first.json()["data"]["id"]


@pytest.mark.parametrize(
    ("account_id", "status", "code"),
    [
        ("40001%00", 400, "invalid_parameter"),
        ("4" * 65, 400, "invalid_parameter"),
        ("%ED%A0%80", 404, "account_not_found"),  # bytes of a lone surrogate: read as U+FFFD
    ],
)
async def test_an_account_id_no_database_holds_on_creation_is_refused_not_a_500(
    client, world, account_id, status, code
):
    """Creation reads its account with the key: an id no database can hold is never read
    along (it would fail the statement), and validation refuses it as before."""
    response = await client.post(
        f"/v1/accounts/{account_id}/actions",
        json={"type": "send_message", "params": {"fanId": "f1", "text": "hi"}},
        headers=json_headers(world),
    )
    assert assert_envelope(response, status, code)["param"] == "accountId"
