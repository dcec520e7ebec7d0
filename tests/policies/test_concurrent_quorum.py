"""Two people approve a two-person action at once, on two app instances with their own
connections to one database: exactly one transition to `approved`, run once on the platform."""

from __future__ import annotations

import asyncio

import httpx

from service.app import create_app, outgoing_http
from service.runtime.runner import executor_for
from storage.sql.store import SqlStore
from tests.dashboard.dashboard_helpers import csrf_of, sign_in
from tests.execution.test_executor import a_fan, create
from tests.policies.kit import PASSWORD, people, set_policy

TWO = [{"types": ["send_message"], "approvals": 2, "approvers": "members"}]


async def test_concurrent_approvals_on_two_instances(linked, store, clock, database_url):
    world = linked.world
    await people(store, clock, world)
    await set_policy(store, clock, world, TWO, account=linked.creator_id)
    other_store = SqlStore.from_url(database_url)
    other_app = create_app(linked.services.settings, store=other_store, clock=clock)
    transport = httpx.ASGITransport(app=other_app)
    try:
        async with (
            outgoing_http(other_app.state.services),
            httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as two,
        ):
            one = linked.client
            await sign_in(one, "meg@agency.test", PASSWORD)
            await sign_in(two, "max@agency.test", PASSWORD)
            tokens = [await csrf_of(one), await csrf_of(two)]
            for round_ in range(3):
                action = await create(
                    linked,
                    {
                        "type": "send_message",
                        "params": {"fanId": a_fan(linked), "text": f"<p>round {round_}</p>"},
                    },
                    f"c{round_}",
                )
                assert action["approvalsRequired"] == 2
                answers = await asyncio.gather(
                    *[
                        client.post(
                            f"/v1/actions/{action['id']}/approve",
                            json={},
                            headers={"x-csrf-token": token},
                        )
                        for client, token in zip((one, two), tokens, strict=True)
                    ]
                )
                assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
                statuses = sorted(a.json()["data"]["status"] for a in answers)
                assert statuses == ["approved", "pending"]  # one counted, the other completed
                runs = await asyncio.gather(
                    executor_for(linked.services, "w1").run_once(),
                    executor_for(other_app.state.services, "w2").run_once(),
                )
                assert sum(runs) == 1
                done = await linked.client.get(f"/v1/actions/{action['id']}", headers=world.auth())
                body = done.json()["data"]
                assert body["status"] == "executed"
                assert sorted(a["email"] for a in body["approvals"]) == [
                    "max@agency.test",
                    "meg@agency.test",
                ]
            assert [w["body"]["text"] for w in linked.writes()] == [
                f"<p>round {i}</p>" for i in range(3)
            ]
            async with store.reading() as uow:
                approved = await uow.audit.list(world.workspace_id, action="action.approved")
            assert len(approved) == 3
    finally:
        await other_app.state.services.waiters.close()
        await other_store.close()
