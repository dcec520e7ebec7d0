"""A cancel racing the executor on two app instances with their own connections to one
database: for every approved action exactly one wins, and a cancelled action never reaches the
platform."""

from __future__ import annotations

import asyncio

import httpx

from service.app import create_app, outgoing_http
from service.runtime.runner import executor_for
from storage.sql.store import SqlStore
from tests.execution.test_executor import a_fan, approve, create

ROUNDS = 6


async def test_cancel_and_executor_race_one_winner(linked, store, clock, database_url):
    world = linked.world
    other_store = SqlStore.from_url(database_url)
    other_app = create_app(linked.services.settings, store=other_store, clock=clock)
    transport = httpx.ASGITransport(app=other_app)
    try:
        async with (
            outgoing_http(other_app.state.services),
            httpx.AsyncClient(transport=transport, base_url="http://countersign.test") as two,
        ):
            outcomes = []
            for round_ in range(ROUNDS):
                body = {
                    "type": "send_message",
                    "params": {"fanId": a_fan(linked), "text": f"<p>round {round_}</p>"},
                }
                action = await create(linked, body, f"r{round_}")
                await approve(linked, action["id"])
                cancelled, ran = await asyncio.gather(
                    two.post(f"/v1/actions/{action['id']}/cancel", json={}, headers=world.auth()),
                    executor_for(linked.services, "w1").run_once(),
                )
                final = await linked.client.get(f"/v1/actions/{action['id']}", headers=world.auth())
                status = final.json()["data"]["status"]
                if cancelled.status_code == 200:
                    assert (ran, status) == (0, "cancelled"), cancelled.text
                    outcomes.append("cancelled")
                else:
                    assert cancelled.status_code == 409, cancelled.text
                    assert cancelled.json()["error"]["code"] == "action_not_pending"
                    assert (ran, status) == (1, "executed")
                    outcomes.append(f"<p>round {round_}</p>")
            # Only the actions whose cancel lost reached the platform, each once.
            sent = [w["body"]["text"] for w in linked.writes()]
            assert sent == [o for o in outcomes if o != "cancelled"]
    finally:
        await other_app.state.services.waiters.close()
        await other_store.close()
