"""`action.created` reaches people: a pending action becomes a chat message with its link, and
one a policy's allowance approved at creation asks nobody for anything."""

from __future__ import annotations

import pytest

from harness.approvals_to_chat import ApprovalsToChat
from harness.threaded import start_in_thread
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.webhooks.usecases import add_event_endpoint, current_secret

ALLOWANCE = [
    {"types": ["add_fan_to_list"], "approvals": 0, "approvers": "members", "maxPerDay": 10}
]


@pytest.fixture
async def chat(store, clock, world, box):
    """The example receiver, served over real HTTP and subscribed to `action.created`."""
    receiver = ApprovalsToChat("unset", clock=lambda: clock.now().timestamp())
    served = start_in_thread(receiver.app(), name="approvals-to-chat")
    try:
        endpoint = await add_event_endpoint(
            store,
            clock,
            world.owner,
            served.base_url + "/approvals",
            ["action.created"],
            box=box,
            allow_loopback=True,
        )
        receiver.secret = current_secret(endpoint, box)
        yield receiver
    finally:
        served.stop()


async def create(client, world, key: str, body: dict):
    response = await client.post(
        f"/v1/accounts/{world.live_account}/actions",
        json=body,
        headers={**world.auth(), "Idempotency-Key": key},
    )
    return response


async def test_a_new_action_becomes_one_chat_message(client, world, deliverer, chat):
    body = {"type": "send_message", "params": {"fanId": "f1", "text": "Hi", "priceCents": 99}}
    action = (await create(client, world, "chat-1", body)).json()["data"]
    replay = await create(client, world, "chat-1", body)
    assert replay.headers["Idempotent-Replayed"] == "true"
    await deliverer.run_once()
    [message] = chat.sent  # the replay emitted nothing
    assert message.startswith("Approval needed (live): Send a paid message")
    assert "under the platform's minimum" in message
    assert message.endswith(f"Approve or reject: {action['approvalUrl']}")


async def test_an_action_approved_by_an_allowance_asks_nobody(
    client, store, clock, world, deliverer, chat
):
    await set_account_policy(store, clock, world.owner, world.live_account, parse_rules(ALLOWANCE))
    allowed = {"type": "add_fan_to_list", "params": {"fanId": "f1", "listId": "l1"}}
    approved = (await create(client, world, "chat-allowed", allowed)).json()["data"]
    waiting_body = {"type": "send_message", "params": {"fanId": "f1", "text": "Hi"}}
    waiting = (await create(client, world, "chat-waiting", waiting_body)).json()["data"]
    await deliverer.run_once()
    assert approved["status"] == "approved"
    [message] = chat.sent  # the approved one was delivered too, and ignored
    assert message.endswith(f"Approve or reject: {waiting['approvalUrl']}")
