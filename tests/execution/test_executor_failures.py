"""Every failure recorded honestly: per-action guard, retries only when nothing was received,
the writes kill switch, and platform answers of the wrong shape. Fake platform over real HTTP,
faults injected through its fault book, on both drivers."""

from __future__ import annotations

import socket

import attrs
import sqlalchemy as sa

from service.actions.execution.retries import RetryPolicy
from service.platform.seam import Platforms
from service.runtime.runner import executor_for
from tests.execution.test_executor import a_fan, a_sandbox_fan, approve, create, creator

ROUTE = "POST /chats/:id/messages"


class Pauses:
    """A deterministic jitter that remembers each ceiling it was asked for."""

    def __init__(self) -> None:
        self.ceilings: list[float] = []

    def __call__(self, ceiling: float) -> float:
        self.ceilings.append(ceiling)
        return 0.0


async def read(linked, action_id, key=None):
    response = await linked.client.get(f"/v1/actions/{action_id}", headers=linked.world.auth(key))
    return response.json()["data"]


async def message(linked, key: str) -> str:
    return (
        await create(
            linked,
            {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
            key,
        )
    )["id"]


async def run(linked, pauses: Pauses | None = None, services=None) -> None:
    policy = RetryPolicy(jitter=pauses or Pauses())
    await executor_for(services or linked.services, retry=policy).run_once()


async def set_account(linked, store, **values):
    async with store.transaction() as uow:
        await uow.accounts.update(linked.world.workspace_id, linked.creator_id, **values)


# -- retries: only what the platform surely never received ------------------------------------


async def test_refusals_before_reading_are_retried_then_sent(linked):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503, "times": 1})
    linked.platform.state.faults.add({"route": ROUTE, "status": 429, "times": 1})
    action_id = await message(linked, "retry-1")
    await approve(linked, action_id)
    pauses = Pauses()
    await run(linked, pauses)
    done = await read(linked, action_id)
    assert done["status"] == "executed" and done["result"]["messageId"]
    assert [(w["status"], w["applied"]) for w in linked.writes()] == [
        (503, False),
        (429, False),
        (200, True),
    ]
    assert pauses.ceilings == [0.25, 0.5]  # doubling backoff, jitter applied to each


async def test_refusals_that_do_not_end_wait_approved_for_the_next_attempt(linked):
    linked.platform.state.faults.add({"route": ROUTE, "status": 503})  # until cleared
    action_id = await message(linked, "retry-2")
    await approve(linked, action_id)
    await run(linked)
    waiting = await read(linked, action_id)
    assert (waiting["status"], waiting["error"]) == ("approved", None)
    execution = waiting["execution"]
    assert execution["attempts"] == 3 and execution["lastError"]["code"] == "platform_error"
    assert "HTTP 503" in execution["lastError"]["message"] and execution["nextAttemptAt"]
    assert len(linked.writes()) == 3 and not any(w["applied"] for w in linked.writes())


async def test_a_refused_connection_waits_approved_for_the_next_attempt(linked):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    live = linked.services
    services = attrs.evolve(
        live,
        platforms=Platforms(
            sandbox=live.platforms.sandbox,
            secrets=live.secrets,
            http=live.http,
            url=closed,
            timeout=1.0,
        ),
    )
    action_id = await message(linked, "refused-1")
    await approve(linked, action_id)
    pauses = Pauses()
    await run(linked, pauses, services=services)
    waiting = await read(linked, action_id)
    assert waiting["status"] == "approved"
    assert "could not be reached" in waiting["execution"]["lastError"]["message"]
    assert len(pauses.ceilings) == 2


async def test_a_5xx_after_reading_is_never_retried(linked):
    linked.platform.state.faults.add({"route": ROUTE, "status": 500, "processed": True})
    action_id = await message(linked, "once-1")
    await approve(linked, action_id)
    await run(linked)
    done = await read(linked, action_id)
    assert (done["status"], done["error"]["code"]) == ("failed", "platform_error")
    assert "may have applied" in done["error"]["message"]
    assert [(w["status"], w["applied"]) for w in linked.writes()] == [(500, True)]


async def test_a_timeout_after_sending_is_never_retried(linked):
    linked.platform.state.faults.add({"route": ROUTE, "delayMs": 5000, "processed": True})
    action_id = await message(linked, "once-2")
    await approve(linked, action_id)
    pauses = Pauses()
    await run(linked, pauses)
    done = await read(linked, action_id)
    assert (done["status"], done["error"]["code"]) == ("failed", "platform_timeout")
    assert len(linked.writes()) == 1 and pauses.ceilings == []


# -- the per-action guard ---------------------------------------------------------------------


async def test_an_undecryptable_session_fails_that_action_and_the_batch_goes_on(linked, store):
    broken = await message(linked, "guard-1")
    sandbox = linked.world.sandbox_accounts[0]
    simulated = (
        await create(
            linked,
            {
                "type": "send_message",
                "params": {"fanId": a_sandbox_fan(linked, sandbox), "text": "<p>hi</p>"},
            },
            "guard-2",
            account=sandbox,
            token=linked.world.test_key,
        )
    )["id"]
    await approve(linked, broken)
    linked.services.clock.advance(seconds=1)
    await approve(linked, simulated)
    await set_account(linked, store, session_secret=b"not a fernet token")
    await run(linked)
    done = await read(linked, broken)
    assert (done["status"], done["error"]["code"]) == ("failed", "internal_error")
    assert "could not be decrypted" in done["error"]["message"]
    assert "Nothing was sent" in done["error"]["message"]
    assert "Traceback" not in done["error"]["message"] and "Invalid" not in done["error"]["message"]
    other = await read(linked, simulated, linked.world.test_key)
    assert other["status"] == "executed" and other["result"] == {"simulated": True}
    assert linked.writes() == []
    async with store.reading() as uow:
        events = await uow.events.list(linked.world.workspace_id)
    assert ("action.failed", broken) in {(e.type, e.data["id"]) for e in events}


async def test_a_database_error_fails_each_action_with_the_real_reason(linked, store):
    ids = [await message(linked, f"db-{i}") for i in range(2)]
    for action_id in ids:
        await approve(linked, action_id)
    async with store.engine.begin() as conn:
        await conn.execute(sa.text("ALTER TABLE accounts RENAME TO accounts_away"))
    try:
        await run(linked)
    finally:
        async with store.engine.begin() as conn:
            await conn.execute(sa.text("ALTER TABLE accounts_away RENAME TO accounts"))
    for action_id in ids:
        done = await read(linked, action_id)
        assert (done["status"], done["error"]["code"]) == ("failed", "internal_error")
        assert done["error"]["message"].startswith("The service's database failed")
        assert "accounts_away" not in done["error"]["message"]
    assert linked.writes() == []


# -- writes off is a kill switch --------------------------------------------------------------


async def test_writes_switched_off_after_approval_stop_the_action(linked, store):
    action_id = await message(linked, "kill-1")
    await approve(linked, action_id)
    await set_account(linked, store, writes_enabled=False)
    await run(linked)
    done = await read(linked, action_id)
    assert (done["status"], done["error"]["code"]) == ("failed", "writes_disabled")
    assert f"@{creator(linked).username}" in done["error"]["message"]
    assert "after" in done["error"]["message"] and done["result"] is None
    assert linked.writes() == []


async def test_writes_switched_off_stop_a_test_mode_action_too(linked, store):
    sandbox = linked.world.sandbox_accounts[0]
    key = linked.world.test_key
    action_id = (
        await create(
            linked,
            {"type": "send_message", "params": {"fanId": "1", "text": "<p>hi</p>"}},
            "kill-2",
            account=sandbox,
            token=key,
        )
    )["id"]
    await approve(linked, action_id)
    async with store.transaction() as uow:
        await uow.accounts.update(linked.world.workspace_id, sandbox, writes_enabled=False)
    await run(linked)
    done = await read(linked, action_id, key)
    assert (done["status"], done["error"]["code"]) == ("failed", "writes_disabled")
    assert done["result"] is None


# -- answers of the wrong shape ---------------------------------------------------------------


async def test_an_id_of_the_wrong_shape_fails_instead_of_a_malformed_result(linked):
    linked.platform.state.faults.add({"route": ROUTE, "status": 200, "body": {"id": {"nested": 1}}})
    action_id = await message(linked, "shape-1")
    await approve(linked, action_id)
    await run(linked)
    done = await read(linked, action_id)
    assert (done["status"], done["error"]["code"]) == ("failed", "platform_error")
    assert done["result"] is None and "may have applied" in done["error"]["message"]


async def test_answers_that_are_not_objects_or_too_deep_fail(linked):
    fan, list_id = a_fan(linked), next(iter(creator(linked).lists))
    deep: list = []
    for _ in range(100):
        deep = [deep]
    linked.platform.state.faults.add(
        {"route": "POST /lists/:id/users", "status": 200, "body": [1, 2], "times": 1}
    )
    linked.platform.state.faults.add(
        {"route": "POST /lists/:id/users", "status": 200, "body": {"id": deep}, "times": 1}
    )
    ids = [
        (
            await create(
                linked,
                {"type": "add_fan_to_list", "params": {"fanId": fan, "listId": list_id}},
                f"shape-{i}",
            )
        )["id"]
        for i in (2, 3)
    ]
    for action_id in ids:
        await approve(linked, action_id)
    await run(linked)
    for action_id in ids:
        done = await read(linked, action_id)
        assert (done["status"], done["error"]["code"]) == ("failed", "platform_error"), done
        assert done["result"] is None
