"""Paths and ids that mean only themselves, on a real server over real HTTP on both databases:
`.` and `..` (raw or percent-encoded) are never platform ids on the live route nor in MCP's
call_platform, and never reach the platform; an id with a control character is refused."""

from __future__ import annotations

import json

import pytest

from tests.mcp.test_mcp_channel import call, connect
from tests.mcp.test_mcp_platform import served  # noqa: F401 - the fixture
from tests.served import raw_request

DOTTED = [
    "users/..",
    "chats/../messages",
    "users/./stories/highlights",
    "subscriptions/%2e%2e/history",
    "users/%2E/stories/highlights",
    "chats/%252e%252e/messages",
]


@pytest.mark.parametrize("path", DOTTED)
async def test_dot_segments_never_reach_the_platform(served, fake_platform, path):  # noqa: F811
    url, world, creator = served
    base = url.removesuffix("/mcp/")
    before = fake_platform.state.calls_made()
    head = (
        f"GET /v1/accounts/{creator.user_id}/platform/{path} HTTP/1.1\r\n"
        f"Host: 127.0.0.1\r\nAuthorization: Bearer {world.live_key}\r\nConnection: close\r\n\r\n"
    )
    answer = await raw_request(base, head)
    assert answer.status in (400, 404), (answer.status, answer.body)
    assert json.loads(answer.body)["error"]["code"] in ("resource_not_found", "route_not_found")
    assert fake_platform.state.calls_made() == before


async def test_call_platform_refuses_dot_and_control_ids(served, fake_platform):  # noqa: F811
    url, world, creator = served
    before = fake_platform.state.calls_made()
    async with connect(url, world.live_key) as session:
        for value in ("..", ".", "%2e%2e", "%2E", "1\r\nX: y"):
            failed, body = await call(
                session,
                "call_platform",
                accountId=creator.user_id,
                route="GET /chats/:id/messages",
                pathParams={"id": value},
            )
            assert failed, value
            assert body["error"]["code"] == "invalid_parameter", (value, body)
            assert body["error"]["param"] == "pathParams.id", value
    assert fake_platform.state.calls_made() == before


@pytest.mark.parametrize("message_id", ["1\r\nBcc: attacker@evil.test", "..", ".", "7\x00"])
async def test_actions_refuse_ids_with_controls_or_dots(client, store, clock, message_id):
    from tests.factories import build_world

    world = await build_world(store, clock)
    answer = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json={"type": "unsend_message", "params": {"messageId": message_id}},
        headers={**world.auth(), "Idempotency-Key": f"k-{message_id!r}"},
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "invalid_parameter"
