"""Stopping on SIGTERM, real processes and real signals: `serve` gives requests in
flight COUNTERSIGN_STOP_GRACE seconds (a slow live read would otherwise hold the stop until the
platform answers), and `demo`, with its fake platform, receiver and mailbox beside it, stops
cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time

import httpx

from service.app import build_services
from service.settings import Settings
from tests.execution.test_clean_stop import free_port, wait_until
from tests.factories import build_world
from tests.platform_world import link_creator

ROUTE = "GET /subscriptions/subscribers"


async def start(argv: list[str], env: dict[str, str], cwd=None) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "service.cli",
        *argv,
        env={**os.environ, **env},
        cwd=cwd,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def until_healthy(process, base: str, within: float = 60.0) -> None:
    deadline = time.monotonic() + within
    async with httpx.AsyncClient(timeout=2) as http:
        while time.monotonic() < deadline:
            if process.returncode is not None:
                break
            try:
                if (await http.get(base + "/healthz")).status_code in (200, 503):
                    return
            except httpx.TransportError:
                await asyncio.sleep(0.1)
    process.kill()
    _, stderr = await process.communicate()
    raise AssertionError("never answered /healthz:\n" + stderr.decode()[-3000:])


async def test_serve_cancels_a_request_in_flight_after_the_stop_grace(
    database_url, store, clock, fake_platform
):
    settings = Settings(
        database_url=database_url,
        secret_key="test-secret",
        run_workers=False,
        public_url="http://countersign.test",
        platform_url=fake_platform.base_url,
    )
    services = build_services(settings, store=store, clock=clock)
    world = await build_world(store, clock)
    creator = await link_creator(services, fake_platform, world.workspace_id, clock)
    # A live read the platform holds for a minute: without a bound, the stop would wait for it.
    held = fake_platform.state.faults.add({"route": ROUTE, "delayMs": 60_000, "times": 1})
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = await start(
        ["serve", "--port", port],
        {
            "COUNTERSIGN_DATABASE_URL": database_url,
            "COUNTERSIGN_SECRET_KEY": "test-secret",
            "COUNTERSIGN_PLATFORM_URL": fake_platform.base_url,
            "COUNTERSIGN_PLATFORM_TIMEOUT": "120",
            "COUNTERSIGN_RUN_WORKERS": "false",
            "COUNTERSIGN_STOP_GRACE": "1",
        },
    )
    await until_healthy(server, base)
    async with httpx.AsyncClient(timeout=90) as http:
        read = asyncio.create_task(
            http.get(f"{base}/v1/accounts/{creator.user_id}/fans?fresh=true", headers=world.auth())
        )
        await wait_until(lambda: held.hits == 1)  # the platform is holding the read
        began = time.monotonic()
        server.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(server.communicate(), 40)
        took = time.monotonic() - began
        read.cancel()
    assert server.returncode in (0, -signal.SIGTERM), stderr.decode()[-3000:]
    assert took < 15, f"the stop waited {took:.1f} s for the request in flight"
    assert b"timeout graceful shutdown exceeded" in stderr, stderr.decode()[-3000:]
    assert b"Application shutdown complete" in stderr


def free_run(count: int) -> int:
    """A port with the `count - 1` after it free too (the demo's helpers take the next ones)."""
    while True:
        port = int(free_port())
        if port + count < 65536 and all(_bindable(port + i) for i in range(1, count)):
            return port


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


async def test_demo_stops_cleanly_on_sigterm(tmp_path):
    """...with its helpers on the documented ports after its own."""
    first = free_run(4)
    port = str(first)
    demo = await start(
        ["demo", "--port", port],
        {
            "COUNTERSIGN_DATABASE_URL": f"sqlite:///{tmp_path}/demo.db",
            "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
            "COUNTERSIGN_STOP_GRACE": "5",
        },
        cwd=tmp_path,
    )
    await until_healthy(demo, f"http://127.0.0.1:{port}")
    began = time.monotonic()
    demo.send_signal(signal.SIGTERM)
    stdout, stderr = await asyncio.wait_for(demo.communicate(), 60)
    took = time.monotonic() - began
    assert demo.returncode in (0, -signal.SIGTERM), stderr.decode()[-3000:]
    printed = stdout.decode()
    assert f"FAKE platform running at http://127.0.0.1:{first + 1}" in printed, printed
    assert f"receiver    http://127.0.0.1:{first + 2}/demo-events" in printed, printed
    assert f"caught at smtp://127.0.0.1:{first + 3}" in printed, printed
    assert b"Application shutdown complete" in stderr
    assert b"Traceback" not in stderr, stderr.decode()[-3000:]
    # Its 5 s grace, with room for a busy machine (shared CI cores have taken 11 s).
    assert took < 25, f"the demo took {took:.1f} s to stop"
