"""A clean stop: SIGTERM to a real `worker` or `serve` process while a send is in flight (the fake platform
stalls it) lets the send finish and be recorded `executed`, then the process exits 0. Both
drivers, real process, real signal."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys

import pytest

from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.app import build_services
from service.http.auth import principal_for_key
from service.settings import Settings
from tests.execution.test_killed_worker import wait_for_status
from tests.factories import build_world
from tests.platform_world import link_creator

ROUTE = "POST /chats/:id/messages"


async def wait_until(condition, within=20.0):
    async def poll():
        while True:
            if condition():
                return
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), within)


def free_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


@pytest.mark.parametrize("command", ["worker", "serve"])
async def test_sigterm_during_a_slow_send_lets_it_finish(
    command, database_url, store, clock, fake_platform
):
    settings = Settings(
        database_url=database_url,
        secret_key="stop-test",
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
            "stop-1",
            "send_message",
            {"fanId": fan, "text": "<p>hi</p>"},
        )
    ).action
    slow = fake_platform.state.faults.add({"route": ROUTE, "delayMs": 3000, "times": 1})
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
        "COUNTERSIGN_SECRET_KEY": "stop-test",
        "COUNTERSIGN_PLATFORM_URL": fake_platform.base_url,
        "COUNTERSIGN_PLATFORM_TIMEOUT": "30",
        "COUNTERSIGN_STOP_GRACE": "30",
    }
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "service.cli",
        *([command] if command == "worker" else [command, "--port", free_port()]),
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        # the platform is holding the send; 60 s for a fresh process to start, claim and send
        # (under `make test`'s parallel workers on a busy machine it took over 20 s)
        await wait_until(lambda: slow.hits == 1, within=60.0)
    except TimeoutError:
        worker.kill()
        _, stderr = await worker.communicate()
        raise AssertionError(
            "the process never sent the action:\n" + stderr.decode()[-3000:]
        ) from None
    worker.send_signal(signal.SIGTERM)
    stdout, stderr = await asyncio.wait_for(worker.communicate(), 40)
    if command == "worker":
        assert worker.returncode == 0, stderr.decode()[-3000:]
        assert b"stopped" in stdout
    else:  # uvicorn re-raises the signal once shut down, so a supervisor sees it
        assert worker.returncode in (0, -signal.SIGTERM), stderr.decode()[-3000:]
        assert b"Application shutdown complete" in stderr

    done = await wait_for_status(store, world.workspace_id, action.id, "executed", within=1)
    assert done.result["messageId"]
    applied = [w for w in fake_platform.state.writes_for(creator.user_id) if w.get("applied")]
    assert len(applied) == 1
