"""PlatformClient against the fake platform over real HTTP.

The fake runs under uvicorn on 127.0.0.1:0 in a thread, once per module; every test starts
from the seeded world (`state.reset()`), so tests do not depend on each other's writes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import pytest

from harness.platform import PlatformState, run_platform_in_thread
from service.kit.outgoing_http import platform_session
from service.platform import (
    AccountRestricted,
    NotFoundUpstream,
    PlatformClient,
    PlatformTimeout,
    PlatformUnavailable,
    SessionExpired,
    lookup,
)


@pytest.fixture(scope="module")
def platform():
    with run_platform_in_thread(PlatformState(seed=7)) as running:
        yield running


@pytest.fixture
def state(platform) -> PlatformState:
    platform.state.reset()
    return platform.state


@pytest.fixture
async def http():
    async with platform_session() as session:
        yield session


@pytest.fixture
def client(platform, http) -> PlatformClient:
    return PlatformClient(platform.base_url, http, timeout=5.0)


def _creator(state: PlatformState, email: str = "mia@creators.test"):
    return state.creator_by_email(email)


@pytest.fixture
def mia(state):
    creator = _creator(state)
    return creator, state.create_session(creator.user_id).token


def _active_fan(creator) -> str:
    return next(f.id for f in creator.fans.values() if f.active)


@pytest.mark.asyncio
async def test_a_read_returns_the_platform_json(client, mia):
    creator, session = mia
    me = await client.request("GET /users/me", session=session)
    assert me["id"] == creator.user_id and me["username"] == "miaharper"
    fans = await client.request(
        "GET /subscriptions/subscribers", session=session, query={"limit": 100, "type": "active"}
    )
    assert {f["id"] for f in fans["list"]} == {f.id for f in creator.fans.values() if f.active}
    assert all(f["subscribedIsExpiredNow"] is False for f in fans["list"])


@pytest.mark.asyncio
async def test_a_write_reaches_the_platform_and_is_logged(client, mia, state):
    creator, session = mia
    fan_id = _active_fan(creator)
    message = await client.request(
        "POST /chats/:id/messages",
        session=session,
        path_params={"id": fan_id},
        body={"text": "<p>Hello</p>", "price": 5},
    )
    assert message["id"] and message["price"] == 5 and message["massMessageId"] is None
    [write] = state.writes_for(creator.user_id)
    assert write["route"] == "POST /chats/:id/messages"
    assert write["path"] == f"/api/chats/{fan_id}/messages"
    assert write["body"] == {"text": "<p>Hello</p>", "price": 5}
    assert write["status"] == 200 and write["applied"] is True


@pytest.mark.asyncio
async def test_sign_in_with_2fa_then_selfie(client, state):
    first = await client.sign_in("rosa@creators.test", "rosa-password-3")
    assert first.status == "2fa_required" and first.challenge_id
    wrong = await client.submit_2fa(first.challenge_id, "000000")
    assert wrong.status == "invalid_code" and not wrong.ok
    second = await client.submit_2fa(first.challenge_id, "123456")
    assert second.status == "selfie_required" and second.challenge_id
    done = await client.submit_selfie(second.challenge_id, "data:image/jpeg;base64,AAAA")
    assert done.ok and done.session_token and done.expires_at > datetime.now(UTC)
    assert done.user_id == _creator(state, "rosa@creators.test").user_id
    me = await client.request("GET /users/me", session=done.session_token)
    assert me["username"] == "rosaquinn"


@pytest.mark.asyncio
async def test_sign_in_refusals_are_results_not_errors(client):
    assert (await client.sign_in("mia@creators.test", "nope")).status == "invalid_credentials"
    plain = await client.sign_in("mia@creators.test", "mia-password-1")
    assert plain.ok and plain.challenge_id is None
    two_fa = await client.sign_in("luna@creators.test", "luna-password-2")
    assert (await client.submit_2fa(two_fa.challenge_id, "123456")).ok
    stale = await client.submit_selfie("ch_unknown", "selfie")
    assert stale.status == "invalid_challenge"


@pytest.mark.asyncio
async def test_injected_503_is_platform_unavailable(client, mia, state):
    creator, session = mia
    state.faults.add({"route": "POST /api/chats/:id/messages", "status": 503, "times": 1})
    with pytest.raises(PlatformUnavailable) as caught:
        await client.request(
            "POST /chats/:id/messages",
            session=session,
            path_params={"id": _active_fan(creator)},
            body={"text": "<p>x</p>"},
        )
    error = caught.value
    assert (error.code, error.status, error.upstream_status) == ("platform_error", 502, 503)
    # 503 is a refusal before the request is handled (our wire rule): safe to send again.
    assert error.retryable and not error.may_have_applied
    assert not any(m.text == "<p>x</p>" for msgs in creator.chats.values() for m in msgs)
    # `times: 1` used up: the next call goes through.
    await client.request(
        "POST /chats/:id/messages",
        session=session,
        path_params={"id": _active_fan(creator)},
        body={"text": "<p>x</p>"},
    )


@pytest.mark.asyncio
async def test_a_write_answered_500_may_have_applied(client, mia, state):
    creator, session = mia
    state.faults.add({"route": "POST /chats/:id/messages", "status": 500, "times": 1})
    with pytest.raises(PlatformUnavailable) as caught:
        await client.request(
            "POST /chats/:id/messages",
            session=session,
            path_params={"id": _active_fan(creator)},
            body={"text": "<p>x</p>"},
        )
    assert caught.value.retryable and caught.value.may_have_applied


@pytest.mark.asyncio
async def test_latency_beyond_the_timeout_is_platform_timeout(platform, http, mia, state):
    creator, session = mia
    impatient = PlatformClient(platform.base_url, http, timeout=0.3)
    state.faults.add({"route": "GET /users/me", "delayMs": 2000, "times": 1})
    with pytest.raises(PlatformTimeout) as caught:
        await impatient.request("GET /users/me", session=session)
    assert (caught.value.code, caught.value.status) == ("platform_timeout", 502)
    assert caught.value.may_have_applied is False  # a read never applies anything
    assert (await impatient.request("GET /users/me", session=session))["id"] == creator.user_id


@pytest.mark.asyncio
async def test_a_timed_out_write_is_flagged_as_maybe_applied(platform, http, mia, state):
    creator, session = mia
    impatient = PlatformClient(platform.base_url, http, timeout=0.3)
    state.faults.add({"route": "POST /lists/:id/users", "delayMs": 2000, "times": 1})
    list_id = next(iter(creator.lists))
    with pytest.raises(PlatformTimeout) as caught:
        await impatient.request(
            "POST /lists/:id/users",
            session=session,
            path_params={"id": list_id},
            body={"userIds": ["1"]},
        )
    assert caught.value.may_have_applied is True
    [write] = state.writes_for(creator.user_id)
    assert write["fault"] and write["applied"] is False


@pytest.mark.asyncio
async def test_expired_session_is_session_expired(client, mia, state):
    creator, session = mia
    state.expire_sessions(creator.user_id)
    with pytest.raises(SessionExpired) as caught:
        await client.request("GET /chats", session=session)
    error = caught.value
    assert (error.code, error.status, error.account_status) == (
        "account_unavailable",
        409,
        "needs_relink",
    )
    with pytest.raises(SessionExpired):
        await client.request("GET /chats", session="ps_never_issued")


@pytest.mark.asyncio
async def test_restricted_account_is_account_restricted(client, mia, state):
    creator, session = mia
    state.set_restricted(creator.user_id, True)
    with pytest.raises(AccountRestricted) as caught:
        await client.request("GET /users/me", session=session)
    assert (caught.value.code, caught.value.account_status) == ("account_unavailable", "restricted")
    state.set_restricted(creator.user_id, False)
    assert (await client.request("GET /users/me", session=session))["id"] == creator.user_id


@pytest.mark.asyncio
async def test_unknown_fan_and_chat_are_not_found_with_our_codes(client, mia):
    _, session = mia
    with pytest.raises(NotFoundUpstream) as fan:
        await client.request("GET /users/:id", session=session, path_params={"id": "1"})
    assert (fan.value.code, fan.value.status, fan.value.kind) == ("fan_not_found", 404, "user")
    with pytest.raises(NotFoundUpstream) as chat:
        await client.request(
            "POST /chats/:id/messages",
            session=session,
            path_params={"id": "1"},
            body={"text": "<p>hi</p>"},
        )
    assert chat.value.code == "chat_not_found"
    with pytest.raises(NotFoundUpstream) as other:
        await client.request("DELETE /messages/queue/:id", session=session, path_params={"id": "1"})
    assert other.value.code == "resource_not_found"


@pytest.mark.asyncio
async def test_mass_message_copies_carry_the_mass_message_id(client, mia, state):
    creator, session = mia
    vip, big = list(creator.lists.values())[:2]
    extra = next(f for f in creator.fans if f not in vip.user_ids and f not in big.user_ids)
    sent = await client.request(
        "POST /messages/queue",
        session=session,
        body={
            "text": "<p>Weekend drop</p>",
            "userLists": [vip.id],
            "userIds": [extra],
            "excludeUserLists": [big.id],
            "mediaFiles": [],
            "price": 0,
        },
    )
    assert sent["success"] is True
    expected = {f for f in vip.user_ids if f not in big.user_ids} | {extra}
    for fan_id in expected:
        page = await client.request(
            "GET /chats/:id/messages",
            session=session,
            path_params={"id": fan_id},
            query={"order": "desc"},
        )
        assert page["list"][0]["massMessageId"] == sent["id"]
        assert page["list"][0]["text"] == "<p>Weekend drop</p>"
    copies = [m for msgs in creator.chats.values() for m in msgs if m.mass_message_id == sent["id"]]
    assert {m.fan_id for m in copies} == expected
    await client.request(
        "DELETE /messages/queue/:id", session=session, path_params={"id": sent["id"]}
    )
    assert not [
        m for msgs in creator.chats.values() for m in msgs if m.mass_message_id == sent["id"]
    ]


@pytest.mark.asyncio
async def test_list_membership_add_and_remove(client, mia, state):
    creator, session = mia
    fan_list = next(iter(creator.lists.values()))
    outsider = next(f for f in creator.fans if f not in fan_list.user_ids)
    added = await client.request(
        "POST /lists/:id/users",
        session=session,
        path_params={"id": fan_list.id},
        body={"userIds": [outsider]},
    )
    assert added == {"listId": fan_list.id, "userIds": [outsider], "success": True}
    fan = await client.request("GET /users/:id", session=session, path_params={"id": outsider})
    assert fan_list.id in fan["listIds"]
    removed = await client.request(
        "DELETE /lists/:id/users/:userId",
        session=session,
        path_params={"id": fan_list.id, "userId": outsider},
    )
    assert removed["success"] is True and outsider not in fan_list.user_ids
    with pytest.raises(NotFoundUpstream) as caught:
        await client.request(
            "POST /lists/:id/users",
            session=session,
            path_params={"id": fan_list.id},
            body={"userIds": ["1"]},
        )
    assert caught.value.code == "fan_not_found"
    assert [w["route"] for w in state.writes_for(creator.user_id)] == [
        "POST /lists/:id/users",
        "DELETE /lists/:id/users/:userId",
        "POST /lists/:id/users",
    ]


@pytest.mark.asyncio
async def test_transactions_change_through_the_control_api(platform, client, mia):
    creator, session = mia
    control = f"{platform.base_url}/_control/creators/{creator.user_id}/transactions"
    async with httpx.AsyncClient() as http:
        added = (await http.post(control, json={"kind": "tip", "grossCents": 2500})).json()
        assert (added["status"], added["feeCents"], added["netCents"]) == ("pending", 500, 2000)
        rows = await client.request(
            "GET /payouts/transactions", session=session, query={"limit": 100}
        )
        assert rows["list"][0]["id"] == added["id"]
        await http.patch(f"{control}/{added['id']}", json={"status": "refunded"})
        await http.patch(f"{control}/{added['id']}", json={"deleted": True})
    rows = await client.request("GET /payouts/transactions", session=session, query={"limit": 100})
    row = next(r for r in rows["list"] if r["id"] == added["id"])
    assert (row["status"], row["deleted"]) == ("refunded", True)


@pytest.mark.asyncio
async def test_routes_outside_the_catalogue_are_programming_errors(client, mia):
    _, session = mia
    with pytest.raises(ValueError):
        await client.request("GET /admin/users", session=session)
    with pytest.raises(ValueError):
        await client.request("GET /chats/:id/messages", session=session)  # missing :id
    assert lookup("DELETE /lists/:id/users/:userId").params == ("id", "userId")


@pytest.mark.asyncio
async def test_connection_refused_is_platform_unavailable(http):
    with run_platform_in_thread() as gone:
        url = gone.base_url
    with pytest.raises(PlatformUnavailable) as caught:
        await PlatformClient(url, http).request("GET /users/me", session="x")
    assert caught.value.retryable and not caught.value.may_have_applied


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "answer",
    [
        {"status": "ok", "session": "not-an-object"},
        {"status": "ok", "session": {"token": 5}},
        {"status": "ok", "session": {"token": "t", "expiresAt": "soon"}},
        {"status": "2fa_required", "challengeId": ["x"]},
    ],
)
async def test_a_sign_in_answer_of_the_wrong_shape_is_platform_unavailable(client, state, answer):
    state.faults.add({"route": "POST /auth/login", "status": 200, "body": answer, "times": 1})
    with pytest.raises(PlatformUnavailable):
        await client.sign_in("mia@creators.test", "mia-password-1")


@pytest.mark.asyncio
async def test_a_deeply_nested_answer_is_platform_unavailable(client, mia, state):
    _, session = mia
    deep: list = []
    for _ in range(100):
        deep = [deep]
    state.faults.add({"route": "GET /users/me", "status": 200, "body": deep, "times": 1})
    with pytest.raises(PlatformUnavailable):
        await client.request("GET /users/me", session=session)


class RawPlatform:
    """A TCP server that reads each request and answers it with `answer` (raw bytes; an empty
    answer closes the connection unanswered). It keeps every request's head and body."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.heads: list[bytes] = []
        self.bodies: list[bytes] = []

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                self.heads.append(head)
                length = next(
                    (
                        int(line.split(b":", 1)[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length:")
                    ),
                    0,
                )
                self.bodies.append(await reader.readexactly(length))
                if not self.answer:
                    return
                writer.write(self.answer)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            return
        finally:
            writer.close()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[str]:
        server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.close()
            await server.wait_closed()


def answer(status: str, body: bytes = b"{}", *headers: str) -> bytes:
    head = [f"HTTP/1.1 {status}", "Content-Type: application/json", *headers]
    head.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("route", "path_params", "body", "maybe_applied"),
    [
        ("DELETE /messages/:id", {"id": "5"}, None, True),
        ("PUT /messages/queue/:id", {"id": "5"}, {"text": "<p>x</p>"}, True),
        ("POST /chats/:id/messages", {"id": "5"}, {"text": "<p>x</p>"}, True),
        ("GET /users/me", None, None, False),
    ],
)
async def test_a_call_whose_connection_drops_is_sent_once_and_reported(
    http, route, path_params, body, maybe_applied
):
    # aiohttp resends an idempotent method (DELETE and PUT included) once by itself when the
    # connection drops; a write must reach the platform at most once.
    dropping = RawPlatform(b"")
    async with dropping.running() as url:
        with pytest.raises(PlatformUnavailable) as caught:
            await PlatformClient(url, http).request(
                route, session="s", path_params=path_params, body=body
            )
    assert len(dropping.heads) == 1
    assert caught.value.retryable and caught.value.may_have_applied is maybe_applied


@pytest.mark.asyncio
async def test_retry_after_and_the_refused_write_rule_come_from_the_answer(http):
    busy = RawPlatform(
        answer("503 Service Unavailable", b'{"error": {"code": "busy"}}', "Retry-After: 7")
    )
    async with busy.running() as url:
        with pytest.raises(PlatformUnavailable) as caught:
            await PlatformClient(url, http).request(
                "POST /chats/:id/messages", session="s", path_params={"id": "5"}, body={"text": "x"}
            )
    error = caught.value
    assert (error.upstream_status, error.upstream_code, error.retry_after) == (503, "busy", 7.0)
    assert error.retryable and not error.may_have_applied
    assert len(busy.heads) == 1


@pytest.mark.asyncio
async def test_no_cookie_is_kept_and_no_redirect_followed(http):
    cookies = RawPlatform(answer("200 OK", b'{"id": "1"}', "Set-Cookie: sid=creator-a; Path=/"))
    async with cookies.running() as url:
        client = PlatformClient(url, http)
        assert await client.request("GET /users/me", session="a") == {"id": "1"}
        assert await client.request("GET /users/me", session="b") == {"id": "1"}
    assert [b"cookie:" in head.lower() for head in cookies.heads] == [False, False]
    assert b"authorization: bearer b" in cookies.heads[1].lower()
    moved = RawPlatform(answer("302 Found", b"{}", "Location: /api/elsewhere"))
    async with moved.running() as url:
        with pytest.raises(PlatformUnavailable) as caught:
            await PlatformClient(url, http).request("GET /users/me", session="s")
    assert caught.value.upstream_status == 302 and len(moved.heads) == 1


@pytest.mark.asyncio
async def test_query_and_body_reach_the_platform_as_sent(http):
    echo = RawPlatform(answer("200 OK", b"{}"))
    async with echo.running() as url:
        await PlatformClient(url, http).request(
            "GET /chats/:id/messages",
            session="s",
            path_params={"id": "a/b c"},
            query={"limit": 10, "order": "desc", "skip": None},
        )
        await PlatformClient(url, http).request(
            "POST /chats/:id/messages",
            session="s",
            path_params={"id": "7"},
            body={"text": "<p>héllo</p>", "price": 5},
        )
    first, second = (head.decode().split("\r\n")[0] for head in echo.heads)
    assert first == "GET /api/chats/a%2Fb%20c/messages?limit=10&order=desc HTTP/1.1"
    assert second == "POST /api/chats/7/messages HTTP/1.1"
    assert b"content-type: application/json" in echo.heads[1].lower()
    assert echo.bodies[1] == '{"text":"<p>héllo</p>","price":5}'.encode()
