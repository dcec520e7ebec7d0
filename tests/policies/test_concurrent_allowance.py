"""Two app instances, each with its own connections to one database, create actions under one
allowance at once: the policy approves exactly `maxPerDay` of them, never more."""

from __future__ import annotations

import asyncio
import datetime as dt

import httpx
import pytest

from service.actions.policies.policy_rule import parse_rules
from service.app import create_app, outgoing_http
from storage.sql.store import SqlStore
from tests.factories import build_world
from tests.policies.kit import message, set_policy

FIVE_A_DAY = [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 5}]
CREATED = 24


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def test_two_instances_never_exceed_the_allowance(
    client, store, clock, world, settings, database_url
):
    await set_policy(store, clock, world, FIVE_A_DAY)
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
                    (client if i % 2 else two).post(
                        f"/v1/accounts/{world.live_account}/actions",
                        json=message(text=f"<p>{i}</p>"),
                        headers={**world.auth(), "Idempotency-Key": f"c{i}"},
                    )
                    for i in range(CREATED)
                ]
            )
    finally:
        await other_app.state.services.waiters.close()
        await other_store.close()
    assert [a.status_code for a in answers] == [202] * CREATED, [a.text for a in answers]
    statuses = [a.json()["data"]["status"] for a in answers]
    assert statuses.count("approved") == 5 and statuses.count("pending") == CREATED - 5
    key = parse_rules(FIVE_A_DAY)[0].allowance.key
    async with store.reading() as uow:
        since = clock.now() - dt.timedelta(days=1)
        used = await uow.actions.allowance_used(
            world.workspace_id, world.live_account, key, since, 5
        )
    assert used == 5
