"""Daily limits (`limits: [{types, perDay}]` beside a policy's rules), on SQLite and PostgreSQL,
with two app instances creating at once."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from service.actions.decisions import cancel_action
from service.actions.policies.limits import DailyLimit, parse_limits
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy, set_workspace_policy
from service.app import create_app, outgoing_http
from service.errors.api_error import ApiError
from storage.sql.store import SqlStore
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.factories import add_live_account, build_world
from tests.policies.kit import create, decide, mass, message, people

TWO_MASS = parse_limits([{"types": ["send_mass_message"], "perDay": 2}])


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def attempt(client, world, body, key, account=None):
    return await client.post(
        f"/v1/accounts/{account or world.live_account}/actions",
        json=body,
        headers={**world.auth(), "Idempotency-Key": key},
    )


async def test_one_more_than_per_day_is_write_limit_exceeded(client, store, clock, world):
    await set_account_policy(store, clock, world.owner, world.live_account, [], TWO_MASS)
    first = await create(client, world, mass(), "m0")
    clock.advance(hours=2)
    await create(client, world, mass(), "m1")
    await create(client, world, message(), "other-type")  # not limited
    clock.advance(hours=1)
    refused = await attempt(client, world, mass(), "m2")
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "write_limit_exceeded"
    assert refused.json()["error"]["type"] == "rate_limited"
    assert refused.headers["retry-after"] == str(21 * 3600)  # until m0 leaves the window
    replay = await attempt(client, world, mass(), "m0")  # a retry is answered as before
    assert replay.status_code == 202 and replay.json()["data"]["id"] == first["id"]
    detail = (await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())).json()
    assert detail["data"]["policy"]["limits"] == [
        {"types": ["send_mass_message"], "perDay": 2, "used": 2}
    ]
    clock.advance(hours=21, seconds=1)
    assert (await attempt(client, world, mass(), "m3")).status_code == 202


async def test_asking_again_is_held_to_the_limit(client, store, clock, world):
    """A limit caps what may be asked for, whoever asks: a person asking again too."""
    crew = await people(store, clock, world)
    await set_account_policy(store, clock, world.owner, world.live_account, [], TWO_MASS)
    rejected = await create(client, world, mass(), "a0")
    await decide(store, clock, crew["admin"], rejected["id"], approve=False)
    first = await create(client, world, mass(), "a1")
    await create(client, world, mass(), "a2")  # two that may run: the limit is reached
    await sign_in(client)
    csrf = {"x-csrf-token": await csrf_of(client)}
    path = f"/v1/actions/{rejected['id']}/request-again"
    refused = await client.post(path, headers=csrf)
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "write_limit_exceeded"
    assert int(refused.headers["retry-after"]) == 24 * 3600
    original = await client.get(f"/v1/actions/{rejected['id']}", headers=world.auth())
    assert original.json()["data"]["replacedBy"] is None  # nothing was written
    cancelled = await client.post(f"/v1/actions/{first['id']}/cancel", headers=world.auth())
    assert cancelled.status_code == 200, cancelled.text  # and so it no longer counts
    again = await client.post(path, headers=csrf)
    assert again.status_code == 201, again.text


async def test_rejected_expired_and_cancelled_do_not_count(client, store, clock, world):
    crew = await people(store, clock, world)
    await set_account_policy(store, clock, world.owner, world.live_account, [], TWO_MASS)
    rejected = await create(client, world, mass(), "r0")
    await decide(store, clock, crew["member"], rejected["id"], approve=False)
    cancelled = await create(client, world, mass(), "r1")
    await cancel_action(
        store,
        clock,
        world.owner,
        cancelled["id"],
        note=None,
        wake_deliverer=lambda: None,
    )
    await create(client, world, mass(), "r2")
    clock.advance(hours=23)  # r2 still pending: counts
    await create(client, world, mass(), "r3")
    assert (await attempt(client, world, mass(), "r4")).status_code == 429
    clock.advance(hours=1, seconds=1)  # r2 expired unread (24 h): it no longer counts
    assert (await attempt(client, world, mass(), "r5")).status_code == 202


async def test_limits_are_inherited_with_the_default_rules(client, store, clock, world):
    await add_live_account(store, clock, world.workspace_id, "40002", "zoe.live")
    await set_workspace_policy(
        store, clock, world.owner, [], [DailyLimit(("send_mass_message",), 1)]
    )
    await create(client, world, mass(), "d0")
    assert (await attempt(client, world, mass(), "d1")).status_code == 429
    assert (await attempt(client, world, mass(), "z0", account="40002")).status_code == 202
    # Rules of its own and no limits: the account no longer follows the default's limits.
    await set_account_policy(store, clock, world.owner, world.live_account, [], [])
    assert (await attempt(client, world, mass(), "d2")).status_code == 202
    # Back to the default: its limit applies again.
    await set_account_policy(store, clock, world.owner, world.live_account, None)
    assert (await attempt(client, world, mass(), "d3")).status_code == 429


@pytest.mark.parametrize(
    ("limits", "param"),
    [
        ([{"types": [], "perDay": 2}], "limits[0].types"),
        ([{"types": ["send_mass_message"], "perDay": 0}], "limits[0].perDay"),
        ([{"types": ["send_mass_message"]}], "limits[0].perDay"),
        ([{"types": ["post_photo"], "perDay": 2}], "limits[0].types"),
        ([{"types": ["send_mass_message"], "perDay": 2}, "two"], "limits[1]"),
    ],
)
def test_invalid_limits_are_invalid_parameter(limits, param):
    with pytest.raises(ApiError) as refused:
        parse_limits(limits)
    assert (refused.value.code, refused.value.param) == ("invalid_parameter", param)


async def test_two_instances_never_pass_a_limit(
    client, store, clock, world, settings, database_url
):
    await set_account_policy(
        store,
        clock,
        world.owner,
        world.live_account,
        [],
        [DailyLimit(("send_message",), 5)],
    )
    other_store = SqlStore.from_url(database_url)
    other_app = create_app(settings, store=other_store, clock=clock)
    transport = httpx.ASGITransport(app=other_app)
    try:
        async with (
            outgoing_http(other_app.state.services),
            httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as two,
        ):
            answers = await asyncio.gather(
                *[
                    attempt(client if i % 2 else two, world, message(text=f"<p>{i}</p>"), f"c{i}")
                    for i in range(20)
                ]
            )
    finally:
        await other_app.state.services.waiters.close()
        await other_store.close()
    codes = sorted(a.status_code for a in answers)
    assert codes == [202] * 5 + [429] * 15, [a.text for a in answers if a.status_code >= 500]


async def test_two_instances_under_a_limit_and_an_allowance_fill_the_freed_room_exactly(
    client, store, clock, world, settings, database_url
):
    """No account lock: the limit's window is counted in the statement that writes, and of two
    creations that counted the same window one counts again. A cancelled action's place is
    free again, once: with five a day, two created and one of them cancelled, twenty at once
    on two instances write exactly four more, and nothing is approved past the allowance
    (three a day, two of them spent)."""
    allowance = parse_rules(
        [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 3}]
    )
    await set_account_policy(
        store,
        clock,
        world.owner,
        world.live_account,
        allowance,
        [DailyLimit(("send_message",), 5)],
    )
    kept = await create(client, world, message(text="<p>kept</p>"), "k0")
    freed = await create(client, world, message(text="<p>freed</p>"), "k1")
    await cancel_action(
        store, clock, world.owner, freed["id"], note=None, wake_deliverer=lambda: None
    )
    assert kept["status"] == "approved"
    other_store = SqlStore.from_url(database_url)
    other_app = create_app(settings, store=other_store, clock=clock)
    transport = httpx.ASGITransport(app=other_app)
    try:
        async with (
            outgoing_http(other_app.state.services),
            httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as two,
        ):
            answers = await asyncio.gather(
                *[
                    attempt(client if i % 2 else two, world, message(text=f"<p>{i}</p>"), f"b{i}")
                    for i in range(20)
                ]
            )
    finally:
        await other_app.state.services.waiters.close()
        await other_store.close()
    codes = sorted(a.status_code for a in answers)
    assert codes == [202] * 4 + [429] * 16, [a.text for a in answers if a.status_code >= 500]
    statuses = sorted(a.json()["data"]["status"] for a in answers if a.status_code == 202)
    # The allowance's third use (a use is spent once approved, a cancel does not give it back);
    # the rest wait for a person, still within the limit.
    assert statuses == ["approved"] + ["pending"] * 3
    detail = (await client.get(f"/v1/accounts/{world.live_account}", headers=world.auth())).json()
    assert detail["data"]["policy"]["limits"][0]["used"] == 5
