"""A worker process killed mid-call never has its action re-sent blindly (real process, kill -9)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.app import build_services, outgoing_http
from service.http.auth import principal_for_key
from service.runtime.runner import executor_for
from service.settings import Settings
from tests.factories import build_world
from tests.platform_world import link_creator


async def wait_for_status(store, workspace_id, action_id, status, within=60.0):
    """The action once it has `status`; `within` only guards against a hang (a worker process
    starts slowly on a busy machine)."""

    async def poll():
        while True:
            async with store.reading() as uow:
                action = await uow.actions.get(workspace_id, action_id)
            if action.status == status:
                return action
            await asyncio.sleep(0.05)

    return await asyncio.wait_for(poll(), within)


async def test_killed_worker_leaves_an_honest_failure(
    database_url, store, clock, fake_platform, tmp_path
):
    settings = Settings(
        database_url=database_url,
        secret_key="kill-test",
        run_workers=False,
        public_url="http://countersign.test",
        platform_url=fake_platform.base_url,
    )
    services = build_services(settings, store=store, clock=clock)
    world = await build_world(store, clock)
    creator = await link_creator(services, fake_platform, world.workspace_id, clock)
    fan = next(iter(fake_platform.state.creator(creator.user_id).fans))
    principal = await principal_for_key(store, clock, world.live_key)
    action = (
        await create_action(
            store,
            clock,
            principal,
            creator.user_id,
            "kill-1",
            "send_message",
            {"fanId": fan, "text": "<p>hi</p>"},
        )
    ).action
    fake_platform.state.faults.add({"route": "POST /chats/:id/messages", "delayMs": 60_000})
    await decide_action(
        store,
        clock,
        world.owner,
        action.id,
        approve=True,
        note=None,
        wake_executor=lambda: None,
    )

    env = {
        **os.environ,
        "COUNTERSIGN_DATABASE_URL": database_url,
        "COUNTERSIGN_SECRET_KEY": "kill-test",
        "COUNTERSIGN_PLATFORM_URL": fake_platform.base_url,
        "COUNTERSIGN_PLATFORM_TIMEOUT": "120",
    }
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "service.cli",
        "worker",
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await wait_for_status(store, world.workspace_id, action.id, "executing")
    except TimeoutError:
        worker.kill()
        _, stderr = await worker.communicate()
        raise AssertionError(
            "the worker never claimed the action:\n" + stderr.decode()[-3000:]
        ) from None
    worker.send_signal(signal.SIGKILL)
    await worker.wait()
    fake_platform.state.faults.clear()

    # Another executor starts later: it must not send the action again.
    async with outgoing_http(services):
        assert await executor_for(services).run_once() == 0
        clock.advance(minutes=5)
        await executor_for(services).run_once()
    async with store.reading() as uow:
        done = await uow.actions.get(world.workspace_id, action.id)
    assert done.status == "failed" and done.error["code"] == "internal_error"
    applied = [w for w in fake_platform.state.writes_for(creator.user_id) if w.get("applied")]
    assert applied == []
