"""Approved actions run on the fake platform over real HTTP, with each type's result
(docs/action-types.md)."""

from __future__ import annotations

from service.actions.decisions import decide_action
from service.runtime.runner import executor_for


async def create(linked, body, key, account=None, token=None):
    world = linked.world
    response = await linked.client.post(
        f"/v1/accounts/{account or linked.creator_id}/actions",
        json=body,
        headers={**world.auth(token), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


async def approve(linked, action_id, principal=None):
    """A person (the owner unless `principal` says otherwise) approves, waking the executor."""
    services = linked.services
    await decide_action(
        services.store,
        services.clock,
        principal or linked.world.owner,
        action_id,
        approve=True,
        note=None,
        wake_executor=services.wake_executor,
    )


async def approve_and_run(linked, action_id, principal=None, token=None):
    services = linked.services
    await approve(linked, action_id, principal)
    await executor_for(services).run_once()
    response = await linked.client.get(f"/v1/actions/{action_id}", headers=linked.world.auth(token))
    return response.json()["data"]


def creator(linked):
    return linked.platform.state.creator(linked.creator_id)


def a_fan(linked) -> str:
    return next(iter(creator(linked).fans))


async def test_send_message_executes_with_message_id(linked):
    fan = a_fan(linked)
    action = await create(
        linked,
        {
            "type": "send_message",
            "params": {"fanId": fan, "text": "Hello & welcome", "priceCents": 500},
        },
        "m1",
    )
    done = await approve_and_run(linked, action["id"])
    assert done["status"] == "executed" and done["executedAt"]
    sent = creator(linked).find_message(done["result"]["messageId"])
    assert done["result"] == {"messageId": sent.id, "fanId": fan}
    assert sent.text == "<p>Hello &amp; welcome</p>" and sent.price == 5.0
    assert [w["route"] for w in linked.writes()] == ["POST /chats/:id/messages"]


async def test_mass_message_result_matches_each_copy(linked):
    fans = list(creator(linked).fans)[:3]
    action = await create(
        linked,
        {
            "type": "send_mass_message",
            "params": {"text": "<p>New set tonight</p>", "audience": {"fanIds": fans}},
        },
        "mm1",
    )
    done = await approve_and_run(linked, action["id"])
    mass_id = done["result"]["massMessageId"]
    assert done["status"] == "executed" and mass_id
    copies = [
        m
        for fan in fans
        for m in creator(linked).chats.get(fan, [])
        if getattr(m, "mass_message_id", None) == mass_id
    ]
    assert len(copies) == 3


async def test_list_membership_add_and_remove(linked):
    fan, list_id = a_fan(linked), next(iter(creator(linked).lists))
    added = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "add_fan_to_list", "params": {"fanId": fan, "listId": list_id}},
                "l1",
            )
        )["id"],
    )
    assert added["result"] == {"fanId": fan, "listId": list_id, "inList": True}
    assert fan in creator(linked).lists[list_id].user_ids
    removed = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "remove_fan_from_list", "params": {"fanId": fan, "listId": list_id}},
                "l2",
            )
        )["id"],
    )
    assert removed["result"] == {"fanId": fan, "listId": list_id, "inList": False}
    assert fan not in creator(linked).lists[list_id].user_ids


async def test_unsend_a_sent_message(linked):
    fan = a_fan(linked)
    sent = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": fan, "text": "<p>oops</p>"}},
                "u0",
            )
        )["id"],
    )
    message_id = sent["result"]["messageId"]
    done = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "unsend_message", "params": {"messageId": message_id, "fanId": fan}},
                "u1",
            )
        )["id"],
    )
    assert done["result"] == {"messageId": message_id, "fanId": fan, "unsent": True}
    assert creator(linked).find_message(message_id) is None


async def test_unknown_ids_fail_with_the_matching_not_found_code(linked):
    """fan_not_found, chat_not_found and resource_not_found, as the platform says."""
    fan, list_id = a_fan(linked), next(iter(creator(linked).lists))
    cases = {
        "chat_not_found": {"type": "send_message", "params": {"fanId": "123", "text": "<p>hi</p>"}},
        "fan_not_found": {"type": "add_fan_to_list", "params": {"fanId": "123", "listId": list_id}},
        "resource_not_found": {
            "type": "add_fan_to_list",
            "params": {"fanId": fan, "listId": "999999"},
        },
    }
    for code, body in cases.items():
        done = await approve_and_run(linked, (await create(linked, body, code))["id"])
        assert (done["status"], done["error"]["code"]) == ("failed", code), done
        assert done["result"] is None and done["error"]["message"]


def a_sandbox_fan(linked, account_id: str) -> str:
    creators = linked.services.platforms.sandbox.creators(linked.world.workspace_id)
    return next(c for c in creators if c["id"] == account_id)["fans"][0]["id"]


async def test_test_mode_is_simulated_and_never_reaches_the_platform(linked):
    sandbox = linked.world.sandbox_accounts[0]
    action = await create(
        linked,
        {
            "type": "send_message",
            "params": {"fanId": a_sandbox_fan(linked, sandbox), "text": "<p>hi</p>"},
        },
        "t1",
        account=sandbox,
        token=linked.world.test_key,
    )
    done = await approve_and_run(linked, action["id"], token=linked.world.test_key)
    assert done["status"] == "executed" and done["result"] == {"simulated": True}
    assert linked.platform.state.writes_for() == []


async def test_test_mode_refuses_an_unknown_fan_as_the_platform_would(linked):
    """The sandbox answers the same request function: test mode exercises the same failures."""
    sandbox = linked.world.sandbox_accounts[0]
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": "1", "text": "<p>hi</p>"}},
        "t2",
        account=sandbox,
        token=linked.world.test_key,
    )
    done = await approve_and_run(linked, action["id"], token=linked.world.test_key)
    assert done["status"] == "failed" and done["result"] is None
    assert linked.platform.state.writes_for() == []


async def test_platform_5xx_fails_the_action(linked):
    linked.platform.state.faults.add(
        {"route": "POST /chats/:id/messages", "status": 500, "times": 1}
    )
    done = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
                "e1",
            )
        )["id"],
    )
    assert done["status"] == "failed" and done["error"]["code"] == "platform_error"


async def test_platform_timeout_fails_and_is_not_retried(linked):
    linked.platform.state.faults.add(
        {"route": "POST /chats/:id/messages", "delayMs": 5000, "times": 1}
    )
    done = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
                "e2",
            )
        )["id"],
    )
    assert done["status"] == "failed" and done["error"]["code"] == "platform_timeout"
    await executor_for(linked.services).run_once()
    assert len([w for w in linked.writes() if w.get("applied")]) == 0


async def test_session_expired_mid_execution_marks_account_needs_relink(linked):
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
        "s1",
    )
    linked.platform.state.expire_sessions(linked.creator_id)
    done = await approve_and_run(linked, action["id"])
    assert done["status"] == "failed" and done["error"]["code"] == "account_unavailable"
    account = (
        await linked.client.get(f"/v1/accounts/{linked.creator_id}", headers=linked.world.auth())
    ).json()["data"]
    assert account["status"] == "needs_relink" and account["statusReason"]


async def test_restricted_account_fails(linked):
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
        "r1",
    )
    linked.platform.state.set_restricted(linked.creator_id, True)
    done = await approve_and_run(linked, action["id"])
    assert done["error"]["code"] == "account_unavailable"


async def test_approved_action_on_unavailable_account_fails_without_calling(linked, store):
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
        "a1",
    )
    await approve(linked, action["id"])
    async with store.transaction() as uow:
        await uow.accounts.update(
            linked.world.workspace_id,
            linked.creator_id,
            status="disconnected",
            status_reason="Disconnected by owner.",
        )
    await executor_for(linked.services).run_once()
    response = await linked.client.get(f"/v1/actions/{action['id']}", headers=linked.world.auth())
    assert response.json()["data"]["error"]["code"] == "account_unavailable"
    assert linked.writes() == []


async def test_executed_and_failed_events_go_to_the_outbox(linked, store):
    ok = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
                "ev1",
            )
        )["id"],
    )
    bad = await approve_and_run(
        linked,
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": "1", "text": "<p>x</p>"}},
                "ev2",
            )
        )["id"],
    )
    async with store.reading() as uow:
        events = await uow.events.list(linked.world.workspace_id)
    seen = {(e.type, e.data["id"]) for e in events}
    assert ("action.executed", ok["id"]) in seen and ("action.failed", bad["id"]) in seen
