"""GET /v1/accounts/{id}/activity end to end over real HTTP (both databases): what an allowance,
a person, a rejection and a cancel make of a day, the median wait, the range rule, the read scope
and account isolation."""

from __future__ import annotations

import datetime as dt

import pytest

from service.domain.principal import Principal
from service.keys.usecases import create_key
from service.workspaces.usecases import create_workspace
from tests.factories import add_live_account, build_world
from tests.policies.kit import create, decide, message, set_policy

TWO_A_DAY = [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 2}]


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


def to_next_day(clock, hour: int = 1) -> dt.date:
    """Moves the clock to `hour` o'clock (UTC) of the next day, so nothing straddles midnight."""
    now = clock.now()
    target = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(hour), tzinfo=dt.UTC)
    clock.advance(seconds=(target - now).total_seconds())
    return target.date()


async def activity(client, world, query="", key=None):
    return await client.get(
        f"/v1/accounts/{world.live_account}/activity{query}", headers=world.auth(key)
    )


def error(response):
    body = response.json()["error"]
    return response.status_code, body["code"], body.get("param")


async def test_a_day_of_allowance_person_rejection_and_cancel(client, store, clock, world):
    await set_policy(store, clock, world, TWO_A_DAY)
    first = to_next_day(clock)
    made = [await create(client, world, message(text=f"<p>{i}</p>"), f"a{i}") for i in range(4)]
    assert [a["status"] for a in made] == ["approved", "approved", "pending", "pending"]
    clock.advance(seconds=30)
    await decide(store, clock, world.owner, made[2]["id"])
    clock.advance(seconds=60)
    await decide(store, clock, world.owner, made[3]["id"], approve=False)
    second = to_next_day(clock)
    await set_policy(store, clock, world, None)
    late = await create(client, world, message(), "late")
    cancelled = await client.post(f"/v1/actions/{late['id']}/cancel", json={}, headers=world.auth())
    assert cancelled.status_code == 200, cancelled.text

    response = await activity(client, world, f"?from={first}&to={second}", world.read_key)
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert (data["accountId"], data["from"], data["to"]) == ("40001", str(first), str(second))
    day1, day2 = data["days"]
    assert day1 == {
        "date": str(first),
        "created": 4,
        "approvedByPerson": 1,
        "approvedByAllowance": 2,
        "rejected": 1,
        "expired": 0,
        "cancelled": 0,
        "failed": 0,
        "pending": 0,
        "medianDecisionSeconds": 15.0,  # waits 0, 0, 30 and 90 seconds
    }
    assert (day2["created"], day2["cancelled"], day2["medianDecisionSeconds"]) == (1, 1, None)
    assert data["totals"]["created"] == 5 and data["totals"]["approvedByAllowance"] == 2

    # Unasked, the range is the 30 days ending today (UTC), every day listed.
    default = (await activity(client, world)).json()["data"]
    assert len(default["days"]) == 30 and default["to"] == str(second)
    assert [d["created"] for d in default["days"][-2:]] == [4, 1]
    only_from = (await activity(client, world, f"?from={first}")).json()["data"]
    assert only_from["to"] == str(first + dt.timedelta(days=29))


@pytest.mark.parametrize(
    ("query", "param"),
    [
        ("?from=2026-13-01", "from"),
        ("?to=yesterday", "to"),
        ("?from=2026-11-02&to=2026-11-01", "from"),
        ("?from=2026-08-01&to=2026-10-30", "to"),  # 91 days
    ],
)
async def test_a_bad_range_is_invalid_parameter(client, world, query, param):
    assert error(await activity(client, world, query)) == (400, "invalid_parameter", param)


async def test_ninety_days_is_the_longest_range(client, world):
    response = await activity(client, world, "?from=2026-08-01&to=2026-10-29")
    assert response.status_code == 200, response.text
    assert len(response.json()["data"]["days"]) == 90


async def test_needs_read_scope_and_an_account_the_key_may_see(client, store, clock, world):
    operator = Principal.operator(world.workspace_id)
    _, write_only = await create_key(
        store, clock, operator, name="w", scopes=["write"], mode="live"
    )
    assert error(await activity(client, world, key=write_only))[:2] == (403, "missing_scope")
    await add_live_account(store, clock, world.workspace_id, "40002", "zoe.live")
    _, other_account = await create_key(
        store, clock, operator, name="zoe", scopes=["read"], mode="live", account_ids=["40002"]
    )
    elsewhere = await create_workspace(store, clock, "Other agency")
    _, other_workspace = await create_key(
        store, clock, Principal.operator(elsewhere.id), name="o", scopes=["read"], mode="live"
    )
    for key in (other_account, other_workspace, world.test_key):
        assert error(await activity(client, world, key=key)) == (
            404,
            "account_not_found",
            "accountId",
        )
