"""`GET /v1/actions/{id}?wait=N`: answered when the action is decided (or finished), woken by a
change another process commits, after N seconds otherwise; a client that hangs up stops its
wait. Both drivers."""

from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest

from service.actions.decisions import decide_action
from service.actions.waiting import ActionWaiters
from service.runtime.runner import executor_for
from tests.factories import build_world

MESSAGE = {"type": "send_message", "params": {"fanId": "123456", "text": "Thanks!"}}

# Approves one action from a separate Python process with its own store, as another replica of
# the dashboard would.
APPROVER = """
import asyncio, json, sys
from service.domain.clock import ManualClock
from service.domain.principal import Principal
from service.actions.decisions import decide_action
from storage.sql.store import SqlStore

async def main(url, action_id, owner):
    store = SqlStore.from_url(url)
    try:
        await decide_action(store, ManualClock(), Principal(**owner), action_id, approve=True,
                            note="from another process",
                            wake_executor=lambda: None)
    finally:
        await store.close()

owner = json.loads(sys.argv[3])
owner["scopes"] = frozenset(owner["scopes"])
asyncio.run(main(sys.argv[1], sys.argv[2], owner))
"""


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


async def create(client, world, key: str, body=MESSAGE, token=None) -> dict:
    response = await client.post(
        f"/v1/accounts/{body.get('account', world.live_account)}/actions",
        json={"type": body["type"], "params": body["params"]},
        headers={**world.auth(token), "Idempotency-Key": key},
    )
    assert response.status_code == 202, response.text
    return response.json()["data"]


async def until_in_wait(waiters: ActionWaiters, n: int) -> None:
    """Until `n` waiters read their action and wait for a change (an event, no polling)."""
    async with asyncio.timeout(15):
        while waiters.in_wait != n or (n == 0 and len(waiters) != 0):
            waiters.count_changed.clear()
            await waiters.count_changed.wait()


async def approve_elsewhere(database_url: str, action_id: str, owner) -> None:
    fields = {
        "workspace_id": owner.workspace_id,
        "mode": owner.mode,
        "kind": owner.kind,
        "label": owner.label,
        "scopes": sorted(owner.scopes),
        "user_id": owner.user_id,
        "email": owner.email,
        "role": owner.role,
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        APPROVER,
        database_url,
        action_id,
        json.dumps(fields),
        env={**os.environ, "PYTHONPATH": os.getcwd()},
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await process.communicate()
    assert process.returncode == 0, err.decode()


async def test_wakes_on_an_approval_committed_by_another_process(client, app, world, database_url):
    action = await create(client, world, "w1")
    waiters = app.state.services.waiters
    waiting = asyncio.create_task(
        client.get(f"/v1/actions/{action['id']}?wait=60", headers=world.auth())
    )
    await until_in_wait(waiters, 1)  # it read `pending` and waits
    await approve_elsewhere(database_url, action["id"], world.owner)
    response = await waiting
    assert response.status_code == 200, response.text
    body = response.json()["data"]
    assert body["status"] == "approved"
    assert body["decisionNote"] == "from another process"
    await until_in_wait(waiters, 0)


async def test_times_out_with_the_current_state(client, app, world):
    action = await create(client, world, "w2")
    response = await client.get(f"/v1/actions/{action['id']}?wait=1", headers=world.auth())
    assert response.status_code == 200
    assert response.json()["data"]["status"] == "pending"
    assert response.json()["data"]["id"] == action["id"]
    assert len(app.state.services.waiters) == 0


async def test_an_action_already_decided_is_answered_at_once(client, app, world, clock):
    action = await create(client, world, "w3")
    services = app.state.services
    await decide_action(
        services.store,
        clock,
        world.owner,
        action["id"],
        approve=False,
        note="no",
        wake_executor=services.wake_executor,
    )
    loop = asyncio.get_running_loop()
    started = loop.time()
    response = await client.get(f"/v1/actions/{action['id']}?wait=60", headers=world.auth())
    assert response.json()["data"]["status"] == "rejected"
    # Not a timing assertion of speed: it must not have waited its 60 seconds.
    assert loop.time() - started < 30


async def test_until_finished_waits_past_the_approval_for_the_result(client, app, world, clock):
    sandbox = world.sandbox_accounts[0]
    action = await create(client, world, "w4", {**MESSAGE, "account": sandbox}, world.test_key)
    services = app.state.services
    waiting = asyncio.create_task(
        client.get(
            f"/v1/actions/{action['id']}?wait=60&until=finished", headers=world.auth(world.test_key)
        )
    )
    await until_in_wait(services.waiters, 1)
    test_owner = world.owner.__class__(**{**_fields(world.owner), "mode": "test"})
    await decide_action(
        services.store,
        clock,
        test_owner,
        action["id"],
        approve=True,
        note=None,
        wake_executor=services.wake_executor,
    )
    await until_in_wait(services.waiters, 1)  # approved is not finished: still waiting
    assert not waiting.done()
    await executor_for(services).run_once()
    body = (await waiting).json()["data"]
    # The sandbox has no chat with this made-up fan: finished, as `failed`.
    assert (body["status"], body["error"]["code"]) == ("failed", "chat_not_found"), body


def _fields(principal) -> dict:
    import attrs

    return attrs.asdict(principal, recurse=False)


@pytest.mark.parametrize(
    ("query", "param"),
    [
        ("wait=0", "wait"),
        ("wait=61", "wait"),
        ("wait=-3", "wait"),
        ("wait=soon", "wait"),
        ("wait=1.5", "wait"),
        ("wait=5&until=executed", "until"),
    ],
)
async def test_wait_out_of_range_is_invalid_parameter(client, world, query, param):
    action = await create(client, world, "w5")
    response = await client.get(f"/v1/actions/{action['id']}?{query}", headers=world.auth())
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("invalid_parameter", param)


async def test_an_unknown_action_is_not_found_without_waiting(client, app, world):
    response = await client.get("/v1/actions/act_missing000000?wait=60", headers=world.auth())
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "action_not_found"
    assert len(app.state.services.waiters) == 0


async def test_a_client_that_hangs_up_frees_its_waiter(client, app, world):
    """Through the ASGI interface itself: the server sends `http.disconnect`."""
    action = await create(client, world, "w6")
    waiters = app.state.services.waiters
    hung_up = asyncio.Event()
    sent: list[dict] = []
    delivered = False

    async def receive() -> dict:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await hung_up.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": f"/v1/actions/{action['id']}",
        "raw_path": f"/v1/actions/{action['id']}".encode(),
        "query_string": b"wait=60",
        "root_path": "",
        "headers": [
            (b"host", b"countersign.test"),
            (b"authorization", f"Bearer {world.live_key}".encode()),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("countersign.test", 80),
    }
    request = asyncio.create_task(app(scope, receive, send))
    await until_in_wait(waiters, 1)
    hung_up.set()
    await until_in_wait(waiters, 0)
    assert len(waiters) == 0
    await asyncio.wait_for(request, 15)


async def test_many_waiters_on_one_action_are_woken_by_one_read(client, app, world, clock):
    action = await create(client, world, "w7")
    services = app.state.services
    waiters = services.waiters
    calls = [
        asyncio.create_task(client.get(f"/v1/actions/{action['id']}?wait=60", headers=world.auth()))
        for _ in range(20)
    ]
    await until_in_wait(waiters, 20)
    reads = waiters.reads
    await decide_action(
        services.store,
        clock,
        world.owner,
        action["id"],
        approve=True,
        note=None,
        wake_executor=services.wake_executor,
    )
    statuses = {(await c).json()["data"]["status"] for c in calls}
    assert statuses == {"approved"}
    # One listener read for all twenty (two on SQLite: statuses, then the changed rows), and
    # perhaps one more when SQLite's data_version poll saw the same commit.
    assert waiters.reads - reads <= 4
