"""An action its allowance approves at creation runs at once: creating it wakes this process's
executor, as a person's approval does (other processes hear the NOTIFY sent with the commit).
The executor here polls once an hour, so only the wake-up can run it within the wait."""

from __future__ import annotations

import asyncio

from service.runtime.runner import executor_for
from tests.execution.test_executor import a_fan, create
from tests.platform_world import linked  # noqa: F401  (the fixture)
from tests.policies.kit import set_policy

ALLOWANCE = [{"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 5}]


async def test_an_action_approved_by_allowance_runs_without_waiting_for_a_poll(linked):  # noqa: F811
    services, world = linked.services, linked.world
    await set_policy(services.store, services.clock, world, ALLOWANCE, account=linked.creator_id)
    executor = executor_for(services)
    runner = asyncio.create_task(executor.run_forever(poll=3600))
    try:
        await asyncio.wait_for(executor.idle.wait(), 10)  # its first pass is done: it sleeps
        action = await create(
            linked,
            {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>hi</p>"}},
            "allowed-1",
        )
        assert action["status"] == "approved"
        done = await linked.client.get(
            f"/v1/actions/{action['id']}",
            params={"wait": 20, "until": "finished"},
            headers=world.auth(),
        )
    finally:
        runner.cancel()
    assert done.json()["data"]["status"] == "executed", done.json()["data"]
