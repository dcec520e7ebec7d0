"""The error envelope on every error (docs/api-guide.md): routing errors, bad bodies, rate
limits, request ids."""

from __future__ import annotations

import pytest

from service.app import create_app
from service.settings import Settings
from tests.factories import TIGHT_WINDOW, build_world


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def assert_envelope(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    error = body["error"]
    assert error["code"] == code and error["message"]
    assert error["docsUrl"] == f"http://countersign.test/docs/errors#{code}"
    assert body["requestId"].startswith("req_")
    assert response.headers["x-request-id"] == body["requestId"]
    return error


@pytest.mark.parametrize("path", ["/nowhere", "/accounts", "/v2/accounts", "/v1/unknown"])
async def test_unknown_paths_are_route_not_found(client, world, path):
    error = assert_envelope(await client.get(path, headers=world.auth()), 404, "route_not_found")
    # A path under /v1/ is a wrong route, not a missing prefix: the hint says which it is.
    wanted = "/docs lists every route" if path.startswith("/v1/") else "start with /v1/"
    assert wanted in error["hint"], error
    assert "start with /v1" not in error["message"]


@pytest.mark.parametrize(
    "method, path",
    [
        ("DELETE", "/v1/accounts"),
        ("PUT", "/v1/accounts/40001"),
        ("POST", "/v1/actions"),
        ("PATCH", "/v1/links/link_1"),
        ("DELETE", "/v1/actions/act_1"),
    ],
)
async def test_writes_on_read_only_paths_are_method_not_allowed(client, world, method, path):
    response = await client.request(method, path, headers=world.auth())
    assert_envelope(response, 405, "method_not_allowed")
    assert "GET" in response.headers["allow"] or "POST" in response.headers["allow"]


async def test_malformed_json_and_wrong_content_type(client, world):
    headers = {**world.auth(), "Idempotency-Key": "k", "Content-Type": "application/json"}
    url = f"/v1/accounts/{world.live_account}/actions"
    error = assert_envelope(
        await client.post(url, content=b"{not json", headers=headers), 400, "invalid_parameter"
    )
    assert error["param"] == "body"
    error = assert_envelope(
        await client.post(url, content=b"\xff\xfe", headers=headers), 400, "invalid_parameter"
    )
    headers["Content-Type"] = "text/plain"
    error = assert_envelope(
        await client.post(url, content=b"{}", headers=headers), 400, "invalid_parameter"
    )
    assert error["param"] == "Content-Type"


async def test_body_size_limit(client, world):
    headers = {**world.auth(), "Idempotency-Key": "k", "Content-Type": "application/json"}
    body = b'{"type":"send_message","params":{"fanId":"1","text":"' + b"x" * 1_100_000 + b'"}}'
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions", content=body, headers=headers
    )
    assert assert_envelope(response, 413, "body_too_large")["param"] == "body"
    assert response.headers["connection"] == "close"


async def test_errors_page_has_a_section_per_code(client):
    page = (await client.get("/docs/errors")).text
    for code in ("invalid_parameter", "rate_limited", "account_unavailable", "last_owner"):
        assert f'id="{code}"' in page


async def test_openapi_document_is_served(client):
    response = await client.get("/openapi.yaml")
    assert response.status_code == 200 and "openapi: 3.1" in response.text


async def test_rate_limit_gives_retry_after(store, clock, tmp_path):
    import httpx

    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/x.db",
        secret_key="s",
        public_url="http://countersign.test",
        rate_limit=3,
        rate_window=TIGHT_WINDOW,
        run_workers=False,
    )
    world = await build_world(store, clock)
    app = create_app(settings, store=store, clock=clock)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://countersign.test"
    ) as client:
        statuses = [
            (await client.get("/v1/accounts", headers=world.auth())).status_code for _ in range(4)
        ]
        limited = await client.get("/v1/accounts", headers=world.auth())
        other_key = await client.get("/v1/accounts", headers=world.auth(world.test_key))
    assert statuses == [200, 200, 200, 429]
    assert_envelope(limited, 429, "rate_limited")
    assert 1 <= int(limited.headers["retry-after"]) <= TIGHT_WINDOW
    assert other_key.status_code == 200


async def test_invalid_query_values(client, world):
    for query, param in (
        ("limit=0", "limit"),
        ("limit=101", "limit"),
        ("limit=abc", "limit"),
        ("status=done", "status"),
    ):
        response = await client.get(f"/v1/actions?{query}", headers=world.auth())
        assert assert_envelope(response, 400, "invalid_parameter")["param"] == param
    response = await client.get("/v1/actions?cursor=garbage", headers=world.auth())
    assert_envelope(response, 400, "invalid_cursor")


async def test_a_near_miss_names_the_value_it_resembles(client, world):
    """A typo in an enum or in an action's `type` gets the closest allowed value; a value like
    none of them gets none (the list of allowed values is there either way)."""
    response = await client.get("/v1/actions?status=pendng", headers=world.auth())
    assert (
        "(did you mean `pending`?)"
        in assert_envelope(response, 400, "invalid_parameter")["message"]
    )
    response = await client.get("/v1/actions?status=done", headers=world.auth())
    assert "did you mean" not in assert_envelope(response, 400, "invalid_parameter")["message"]
    headers = {**world.auth(), "Idempotency-Key": "typo", "Content-Type": "application/json"}
    url = f"/v1/accounts/{world.live_account}/actions"
    sent = {"type": "send_mesage", "params": {"fanId": "1", "text": "hi"}}
    error = assert_envelope(
        await client.post(url, json=sent, headers=headers), 400, "invalid_parameter"
    )
    assert error["param"] == "type"
    assert error["message"].endswith("(did you mean `send_message`?).")


async def test_a_field_in_the_wrong_case_names_the_field_meant(client, world):
    """An unknown field spelt like a known one (another case, a typo) names it, with its path;
    one like none of them names nothing."""
    headers = {**world.auth(), "Content-Type": "application/json"}
    url = f"/v1/accounts/{world.live_account}/actions"
    messages = {}
    for n, params in enumerate(
        ({"fanid": "1", "text": "hi"}, {"fanId": "1", "txt": "hi"}, {"fanId": "1", "zzz": 1})
    ):
        sent = {"type": "send_message", "params": params}
        response = await client.post(
            url, json=sent, headers={**headers, "Idempotency-Key": f"f{n}"}
        )
        error = assert_envelope(response, 400, "invalid_parameter")
        messages[error["param"]] = error["message"]
    assert messages == {
        "params.fanid": "`params.fanid` is not a known field (did you mean `params.fanId`?).",
        "params.txt": "`params.txt` is not a known field (did you mean `params.text`?).",
        "params.zzz": "`params.zzz` is not a known field.",
    }


async def test_a_date_in_another_shape_is_shown_the_one_taken(client, world):
    """A date given as a timestamp (or anything else) is told the form a date takes."""
    url = f"/v1/accounts/{world.live_account}/activity?from=2026-11-27T00:00:00Z"
    error = assert_envelope(await client.get(url, headers=world.auth()), 400, "invalid_parameter")
    assert (error["param"], error["message"]) == ("from", "`from` must be a date like 2026-11-27.")


async def test_a_bound_reads_as_english(client, world):
    """One is singular: `at least 1 character`, `at most 100` (no unit for a number)."""
    response = await client.get(
        f"/v1/accounts/{world.live_account}/vault/media?listId=", headers=world.auth()
    )
    error = assert_envelope(response, 400, "invalid_parameter")
    assert error["message"] == "`listId` must be at least 1 character."
    response = await client.get("/v1/actions?limit=101", headers=world.auth())
    assert assert_envelope(response, 400, "invalid_parameter")["message"] == (
        "`limit` must be at most 100."
    )


async def test_an_account_out_of_reach_says_what_the_key_sees(client, world):
    """A test key on a live creator (the commonest mix-up) is told what it sees, in words that
    are the same whether the account exists or not."""
    live, sandbox = world.live_account, world.sandbox_accounts[0]
    hints = {}
    for key, account in ((world.test_key, live), (world.live_key, sandbox), (world.test_key, "1")):
        response = await client.get(f"/v1/accounts/{account}", headers=world.auth(key))
        hints[(key, account)] = assert_envelope(response, 404, "account_not_found")["hint"]
    assert hints[(world.test_key, live)] == (
        "A test key sees only the workspace's sandbox creators: GET /v1/accounts lists them."
    )
    assert hints[(world.live_key, sandbox)].startswith("A live key sees only live accounts")
    assert hints[(world.test_key, "1")] == hints[(world.test_key, live)]


async def test_unknown_query_parameters_are_ignored(client, world):
    assert (await client.get("/v1/actions?color=blue", headers=world.auth())).status_code == 200


async def test_a_failure_inside_the_service_is_internal_error(client, world, store):
    """A broken dependency (here: the actions table is gone) answers the error envelope, 500 for
    live keys and 503 for test keys (the sandbox is "briefly unavailable"), never a bare page."""
    import sqlalchemy as sa

    async with store.engine.begin() as conn:
        await conn.execute(sa.text("ALTER TABLE actions RENAME TO actions_away"))
    try:
        live = await client.get("/v1/actions", headers=world.auth())
        test = await client.get("/v1/actions", headers=world.auth(world.test_key))
    finally:
        async with store.engine.begin() as conn:
            await conn.execute(sa.text("ALTER TABLE actions_away RENAME TO actions"))
    assert assert_envelope(live, 500, "internal_error")["type"] == "internal"
    assert_envelope(test, 503, "internal_error")
