"""How PlatformClient reports what went wrong, each failure as its error, with whether it may be
sent again and whether a write may have applied (the fake platform's faults; conftest.py)."""

from __future__ import annotations

import pytest

from harness.platform import run_platform_in_thread
from service.platform import (
    AccountRestricted,
    NotFoundUpstream,
    PlatformClient,
    PlatformTimeout,
    PlatformUnavailable,
    SessionExpired,
)


def _active_fan(creator) -> str:
    return next(f.id for f in creator.fans.values() if f.active)


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
