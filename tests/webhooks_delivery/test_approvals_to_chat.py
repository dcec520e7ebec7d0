"""`action.created` reaches people: a pending action becomes a chat message with its link."""

from __future__ import annotations

from harness.approvals_to_chat import ApprovalsToChat
from harness.threaded import start_in_thread
from service.webhooks.usecases import add_event_endpoint, current_secret


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
