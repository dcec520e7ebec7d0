"""SandboxPlatform and sandbox creators: test mode answers without reaching the platform."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from service.platform import (
    NotFoundUpstream,
    SandboxPlatform,
    SessionExpired,
    sandbox_creators,
    sandbox_session,
)


def test_sandbox_creators_are_deterministic_and_consistent():
    now = datetime(2026, 11, 1, tzinfo=UTC)
    first, again = sandbox_creators("ws_1", now=now), sandbox_creators("ws_1", now=now)
    assert first == again and 2 <= len(first) <= 3
    assert sandbox_creators("ws_2", now=now) != first
    for creator in first:
        assert creator["id"].isdigit()
        active = [f for f in creator["fans"] if f["subscriptionStatus"] == "active"]
        assert creator["counts"]["activeFans"] == len(active)
        assert creator["counts"]["expiredFans"] == len(creator["fans"]) - len(active)
        assert creator["revenue30d"]["net"]["amount"] <= creator["revenue30d"]["gross"]["amount"]
        assert creator["subscriptionPrice"]["currency"] == "USD"


@pytest.mark.asyncio
async def test_sandbox_answers_like_the_platform_without_sending_anything():
    sandbox = SandboxPlatform(clock=lambda: datetime(2026, 11, 1, tzinfo=UTC))
    creator = sandbox.creators("ws_1")[0]
    session = sandbox_session("ws_1", creator["id"])
    me = await sandbox.request("GET /users/me", session=session)
    assert me["id"] == creator["id"]
    fan_id = creator["fans"][0]["id"]
    sent = await sandbox.request(
        "POST /chats/:id/messages",
        session=session,
        path_params={"id": fan_id},
        body={"text": "<p>hi</p>"},
    )
    assert sent["id"].isdigit()
    fan_list = creator["lists"][0]
    queued = await sandbox.request(
        "POST /messages/queue",
        session=session,
        body={"text": "<p>hi</p>", "userLists": [fan_list["id"]]},
    )
    assert queued["success"] is True and queued["total"] == len(fan_list["fanIds"])
    with pytest.raises(NotFoundUpstream) as caught:
        await sandbox.request(
            "POST /lists/:id/users",
            session=session,
            path_params={"id": fan_list["id"]},
            body={"userIds": ["1"]},
        )
    assert caught.value.code == "fan_not_found"
    with pytest.raises(SessionExpired):
        await sandbox.request("GET /users/me", session="ps_real_session")
    with pytest.raises(ValueError):
        await sandbox.request("GET /nowhere", session=session)
