"""The fake platform itself, over real HTTP: seed, sign-in, routes, faults, control API.

The server runs under uvicorn on 127.0.0.1:0 in a thread once per module; each test resets
the state to the seeded world first.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from harness.platform import API_ROUTES, PlatformState, canonical_route, run_platform_in_thread
from harness.platform.ledger import KINDS, STATUSES

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def platform():
    with run_platform_in_thread(PlatformState(seed=11)) as running:
        yield running


@pytest.fixture
def state(platform) -> PlatformState:
    platform.state.reset()
    return platform.state


@pytest.fixture
def web(platform):
    with httpx.Client(base_url=platform.base_url, timeout=10) as client:
        yield client


@pytest.fixture
def mia(state):
    creator = state.creator_by_email("mia@creators.test")
    return creator, {"Authorization": f"Bearer {state.create_session(creator.user_id).token}"}


def _world(state: PlatformState) -> dict:
    return {
        uid: (
            sorted(c.fans),
            [(t.id, t.gross_cents, t.status) for t in c.transactions.values()],
            sorted(c.lists),
            len(c.chats),
        )
        for uid, c in state.creators.items()
    }


def test_the_seed_decides_the_whole_world():
    first, again = PlatformState(3, clock=lambda: NOW), PlatformState(3, clock=lambda: NOW)
    assert _world(first) == _world(again)
    assert _world(PlatformState(4, clock=lambda: NOW)) != _world(first)
    emails = {c.email: (c.requires_2fa, c.requires_selfie) for c in first.creators.values()}
    assert emails == {
        "mia@creators.test": (False, False),
        "luna@creators.test": (True, False),
        "rosa@creators.test": (True, True),
    }


def test_seeded_creators_are_believable():
    state = PlatformState(5, clock=lambda: NOW)
    for creator in state.creators.values():
        assert 38 <= len(creator.fans) <= 44
        assert any(f.active for f in creator.fans.values())
        assert any(not f.active for f in creator.fans.values())
        assert len(creator.lists) == 3 and creator.chats and creator.media and creator.posts
        assert any(m.mass_message_id for msgs in creator.chats.values() for m in msgs)
        rows = list(creator.transactions.values())
        assert 55 <= len(rows) <= 70
        assert all(NOW - timedelta(days=46) < t.occurred_at <= NOW for t in rows)
        assert all(t.kind in KINDS and t.status in STATUSES for t in rows)
        assert all(t.net_cents == t.gross_cents - t.fee_cents - t.vat_cents for t in rows)
        assert {"pending", "completed", "reversed"} <= {t.status for t in rows}


def _path_for(pattern: str, creator, other_creator_id: str) -> str:
    """A concrete path that names existing things for every catalogued route."""
    fan_id = next(fid for fid, msgs in creator.chats.items() if msgs)
    message = next(m for m in creator.chats[fan_id] if m.from_creator)
    ids = {
        "/chats/:id": fan_id,
        "/messages/queue/:id": next(iter(creator.queue)),
        "/messages/:id": message.id,
        "/subscriptions/:id": fan_id,
        "/users/:id/subscribe": other_creator_id,
        "/users/:id/stories": creator.user_id,
        "/users/:id": fan_id,
        "/posts/:id": next(iter(creator.posts)),
        "/vault/lists/:id": next(iter(creator.vault_lists)),
        "/stories/:id": next(iter(creator.stories)),
        "/lists/:id": next(iter(creator.lists)),
    }
    path = pattern.split(" ", 1)[1]
    for prefix, value in ids.items():
        if path.startswith(prefix):
            path = path.replace(":id", value, 1)
            break
    return path.replace(":userId", creator.lists[next(iter(creator.lists))].user_ids[0])


def test_every_catalogued_route_answers_a_valid_call(web, state):
    for pattern, _ in API_ROUTES:
        state.reset()
        creator = state.creator_by_email("mia@creators.test")
        other = next(uid for uid in state.creators if uid != creator.user_id)
        if pattern == "DELETE /users/:id/subscribe":
            assert other in creator.following
        headers = {"Authorization": f"Bearer {state.create_session(creator.user_id).token}"}
        fan_id = next(iter(creator.fans))
        body = {
            "text": "<p>Hi</p>",
            "name": "New list",
            "userIds": [fan_id],
            "mediaIds": [next(iter(creator.media))],
            "userLists": [next(iter(creator.lists))],
            "actions": [
                {
                    "action": "view",
                    "postId": next(iter(creator.posts)),
                    "eventTime": NOW.isoformat(),
                    "duration": 3,
                }
            ],
        }
        method = pattern.split(" ", 1)[0]
        response = web.request(
            method,
            "/api" + _path_for(pattern, creator, other),
            headers=headers,
            json=None if method == "GET" else body,
            params={"query": "p", "limit": 5} if method == "GET" else None,
        )
        assert response.status_code == 200, (pattern, response.text)
        assert isinstance(response.json(), dict), pattern


def test_sign_in_paths(web, state):
    plain = web.post(
        "/auth/login", json={"email": "MIA@creators.test", "password": "mia-password-1"}
    ).json()
    assert plain["status"] == "ok" and state.session_user(plain["session"]["token"])
    wrong = web.post("/auth/login", json={"email": "mia@creators.test", "password": "x"})
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (401, "invalid_credentials")
    step = web.post(
        "/auth/login", json={"email": "luna@creators.test", "password": "luna-password-2"}
    ).json()
    assert step["status"] == "2fa_required"
    bad = web.post("/auth/2fa", json={"challengeId": step["challengeId"], "code": "1"})
    assert (bad.status_code, bad.json()["error"]["code"]) == (401, "invalid_code")
    ok = web.post("/auth/2fa", json={"challengeId": step["challengeId"], "code": "123456"})
    assert ok.json()["status"] == "ok"
    reused = web.post("/auth/2fa", json={"challengeId": step["challengeId"], "code": "123456"})
    assert (reused.status_code, reused.json()["error"]["code"]) == (400, "invalid_challenge")
    selfie = web.post("/auth/selfie", json={"challengeId": step["challengeId"], "image": "x"})
    assert selfie.json()["error"]["code"] == "invalid_challenge"


def test_sessions_expire_with_time():
    now = [NOW]
    state = PlatformState(1, clock=lambda: now[0], session_ttl=timedelta(hours=1))
    creator = next(iter(state.creators.values()))
    token = state.create_session(creator.user_id).token
    assert state.session_user(token) == creator.user_id
    now[0] += timedelta(hours=1)
    assert state.session_user(token) is None


def test_error_shapes(web, state, mia):
    creator, headers = mia
    missing = web.get("/api/users/me")
    assert (missing.status_code, missing.json()["error"]["code"]) == (401, "session_expired")
    unknown = web.get("/api/nowhere", headers=headers)
    assert unknown.status_code == 404 and unknown.json()["error"]["kind"] == "route"
    wrong_method = web.put("/api/users/me", headers=headers)
    assert wrong_method.status_code == 405
    fan_id = next(iter(creator.fans))
    plain = web.post(f"/api/chats/{fan_id}/messages", headers=headers, json={"text": "hi"})
    assert plain.status_code == 400 and "HTML" in plain.json()["error"]["message"]
    cheap = web.post(
        f"/api/chats/{fan_id}/messages", headers=headers, json={"text": "<p>hi</p>", "price": 1}
    )
    assert cheap.status_code == 400
    nobody = web.post("/api/chats/1/messages", headers=headers, json={"text": "<p>hi</p>"})
    assert nobody.json()["error"] == {
        "code": "not_found",
        "kind": "chat",
        "message": nobody.json()["error"]["message"],
    }
    state.set_restricted(creator.user_id, True)
    restricted = web.get("/api/users/me", headers=headers)
    assert (restricted.status_code, restricted.json()["error"]["code"]) == (
        403,
        "account_restricted",
    )


def test_fault_matching_times_and_scope(web, state, mia):
    creator, headers = mia
    other = next(c for c in state.creators.values() if c is not creator)
    other_headers = {"Authorization": f"Bearer {state.create_session(other.user_id).token}"}
    web.post(
        "/_control/faults",
        json={"route": "GET /api/users/{id}", "status": 500, "times": 2, "userId": creator.user_id},
    )
    fan_id = next(iter(creator.fans))
    assert web.get(f"/api/users/{next(iter(other.fans))}", headers=other_headers).is_success
    assert web.get(f"/api/users/{fan_id}", headers=headers).status_code == 500
    assert web.get(f"/api/users/{fan_id}", headers=headers).status_code == 500
    assert web.get(f"/api/users/{fan_id}", headers=headers).is_success
    web.post("/_control/faults", json={"route": "*", "status": 429, "body": {"slow": "down"}})
    assert web.get("/api/chats", headers=headers).json() == {"slow": "down"}
    assert len(web.get("/_control/faults").json()["list"]) == 1
    web.delete("/_control/faults")
    assert web.get("/api/chats", headers=headers).is_success
    assert canonical_route("post /api/chats/{fanId}/messages") == "POST /chats/:/messages"
    bad = web.post("/_control/faults", json={"route": "GET /chats"})
    assert bad.status_code == 400


def test_a_delay_without_status_answers_normally_when_the_client_waits(web, state, mia):
    _, headers = mia
    state.faults.add({"route": "GET /users/me", "delayMs": 50, "times": 1})
    assert web.get("/api/users/me", headers=headers).json()["username"] == "miaharper"


def test_a_fault_with_a_probability_hits_about_that_share_of_calls(web, state, mia):
    _, headers = mia
    web.post("/_control/faults", json={"route": "GET /users/me", "status": 503, "probability": 0.1})
    statuses = [web.get("/api/users/me", headers=headers).status_code for _ in range(400)]
    assert set(statuses) == {200, 503}
    assert 20 <= statuses.count(503) <= 60  # seeded draws: the same share every run
    [fault] = web.get("/_control/faults").json()["list"]
    assert (fault["probability"], fault["hits"]) == (0.1, statuses.count(503))
    for wrong in (0, 1.5, "half", True):
        bad = web.post("/_control/faults", json={"route": "*", "status": 503, "probability": wrong})
        assert bad.status_code == 400, wrong


def test_processed_fault_applies_the_write_then_fails(web, state, mia):
    creator, headers = mia
    fan_id = next(iter(creator.fans))
    state.faults.add(
        {"route": "POST /chats/:id/messages", "status": 502, "processed": True, "times": 1}
    )
    failed = web.post(
        f"/api/chats/{fan_id}/messages", headers=headers, json={"text": "<p>twice?</p>"}
    )
    assert failed.status_code == 502
    assert [m.text for m in creator.chats[fan_id]][-1] == "<p>twice?</p>"
    [write] = web.get("/_control/writes", params={"userId": creator.user_id}).json()["list"]
    assert (write["status"], write["applied"], write["fault"]) == (502, True, "fault_1")


def test_write_log_records_refused_calls_and_can_be_cleared(web, state, mia):
    creator, headers = mia
    web.delete(f"/api/messages/{'1'}", headers={"Authorization": "Bearer nope"})
    web.post("/api/users/profile/visit", headers=headers)
    log = web.get("/_control/writes").json()["list"]
    assert [(w["route"], w["userId"], w["status"], w["applied"]) for w in log] == [
        ("DELETE /messages/:id", None, 401, False),
        ("POST /users/profile/visit", creator.user_id, 200, True),
    ]
    assert state.writes_for(route="POST /api/users/profile/visit")[0]["seq"] == 2
    web.delete("/_control/writes")
    assert web.get("/_control/writes").json()["list"] == []


def test_control_api_steers_creators_and_revenue(web, state, mia):
    creator, headers = mia
    listed = web.get("/_control/creators").json()["list"]
    rosa = next(c for c in listed if c["email"] == "rosa@creators.test")
    assert rosa["password"] == "rosa-password-3" and rosa["requires2fa"] and rosa["requiresSelfie"]
    assert rosa["twoFactorCode"] == "123456"
    base = f"/_control/creators/{creator.user_id}"
    assert web.post(f"{base}/expire-session").json()["expired"] == 1
    assert web.get("/api/users/me", headers=headers).status_code == 401
    token = web.post(f"{base}/sessions").json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    web.post(f"{base}/restrict")
    assert web.get("/api/users/me", headers=headers).status_code == 403
    web.post(f"{base}/unrestrict")
    row = web.post(
        f"{base}/transactions", json={"grossCents": 1200, "vatCents": 200, "status": "completed"}
    ).json()
    assert (row["feeCents"], row["netCents"]) == (240, 760)
    changed = web.patch(f"{base}/transactions/{row['id']}", json={"grossCents": 2400}).json()
    assert changed["netCents"] == changed["grossCents"] - changed["feeCents"] - changed["vatCents"]
    assert web.patch(f"{base}/transactions/nope", json={}).status_code == 404
    assert web.patch(f"{base}/transactions/{row['id']}", json={"status": "lost"}).status_code == 400
    assert web.post("/_control/creators/0/restrict").status_code == 404
    before = len(creator.transactions)
    change = web.post("/_control/tick", json={"userId": creator.user_id}).json()
    assert change["userId"] == creator.user_id and change["transactionId"]
    assert len(creator.transactions) >= before
    web.post("/_control/reset")
    assert row["id"] not in state.creator(creator.user_id).transactions


def test_earnings_chart_agrees_with_the_ledger(web, state, mia):
    creator, headers = mia
    start, end = (state.now() - timedelta(days=9)).date(), state.now().date()
    chart = web.get(
        "/api/earnings/chart",
        headers=headers,
        params={"startDate": start.isoformat(), "endDate": end.isoformat()},
    ).json()
    counted = [
        t
        for t in creator.transactions.values()
        if not t.deleted
        and t.status in ("pending", "completed")
        and start <= t.occurred_at.date() <= end
    ]
    assert chart["total"]["total"] == sum(t.net_cents for t in counted)
    assert len(chart["total"]["chartAmount"]) == 10
    assert sum(p["count"] for p in chart["tips"]["chartAmount"]) == chart["tips"]["total"]
    bad = web.get("/api/earnings/chart", headers=headers, params={"startDate": "soon"})
    assert bad.status_code == 400


def test_paging_fans_sorts_them_once_until_they_change(state, web, mia):
    """A walk through every page of a creator's fans sorts them once (a sync reads them page
    after page: sorting per page made the walk quadratic); a change to a fan is seen at once."""
    from harness.platform.http import BUILDS

    creator, auth = mia
    route = "/api/subscriptions/subscribers"

    def walk() -> list[str]:
        seen: list[str] = []
        while True:
            params = {"type": "active", "limit": 10, "offset": len(seen)}
            body = web.get(route, params=params, headers=auth).json()
            seen += [fan["id"] for fan in body["list"]]
            if not body["hasMore"]:
                return seen

    before = BUILDS[0]
    active = walk()
    assert BUILDS[0] == before + 1 and len(active) > 20
    assert sorted(active) == sorted(f.id for f in creator.fans.values() if f.active)
    creator.fans[active[3]].expired_at = NOW  # as a platform's expiry would
    assert walk() == active[:3] + active[4:]
    assert BUILDS[0] == before + 2
