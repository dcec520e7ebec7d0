"""`action.created` reaches people: a pending action becomes a chat message with its link, and
one a policy's allowance approved at creation asks nobody for anything."""

from __future__ import annotations

from harness.approvals_to_chat import ApprovalsToChat
from harness.threaded import start_in_thread
from service.actions.policies import set_account_policy
from service.webhooks.usecases import add_event_endpoint, current_secret

ALLOWANCE = [
    {"types": ["add_fan_to_list"], "approvals": 0, "approvers": "members", "maxPerDay": 10}
]


async def test_a_new_action_becomes_one_chat_message(client, store, clock, world, deliverer, box):
    chat = ApprovalsToChat("unset", clock=lambda: clock.now().timestamp())
    served = start_in_thread(chat.app(), name="approvals-to-chat")
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
        chat.secret = current_secret(endpoint, box)
        body = {"type": "send_message", "params": {"fanId": "f1", "text": "Hi", "priceCents": 99}}
        headers = {**world.auth(), "Idempotency-Key": "chat-1"}
        action = (
            await client.post(
                f"/v1/accounts/{world.live_account}/actions", json=body, headers=headers
            )
        ).json()["data"]
        replay = await client.post(
            f"/v1/accounts/{world.live_account}/actions", json=body, headers=headers
        )
        assert replay.headers["Idempotent-Replayed"] == "true"
        await deliverer.run_once()
    finally:
        served.stop()
    [message] = chat.sent  # the replay emitted nothing
    assert message.startswith("Approval needed (live): Send a paid message")
    assert "under the platform's minimum" in message
    assert message.endswith(f"Approve or reject: {action['approvalUrl']}")


async def test_an_action_approved_by_an_allowance_asks_nobody(
    client, store, clock, world, deliverer, box
):
    chat = ApprovalsToChat("unset", clock=lambda: clock.now().timestamp())
    served = start_in_thread(chat.app(), name="approvals-to-chat")
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
        chat.secret = current_secret(endpoint, box)
        await set_account_policy(store, clock, world.owner, world.live_account, ALLOWANCE)
        created = {}
        for key, body in (
            ("allowed", {"type": "add_fan_to_list", "params": {"fanId": "f1", "listId": "l1"}}),
            ("waiting", {"type": "send_message", "params": {"fanId": "f1", "text": "Hi"}}),
        ):
            response = await client.post(
                f"/v1/accounts/{world.live_account}/actions",
                json=body,
                headers={**world.auth(), "Idempotency-Key": f"chat-{key}"},
            )
            created[key] = response.json()["data"]
        await deliverer.run_once()
    finally:
        served.stop()
    assert created["allowed"]["status"] == "approved"
    [message] = chat.sent  # the approved one was delivered too, and ignored
    assert message.endswith(f"Approve or reject: {created['waiting']['approvalUrl']}")
