"""A worker killed (kill -9) mid-delivery loses nothing: after its lease another worker sends
the same delivery, with the same x-svc-delivery id, so the receiver can drop a duplicate."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from tests.webhooks_delivery.delivery_kit import add_event, deliveries_of


def wait_in_thread(receiver, **kwargs):
    # 60 s: a fresh `countersign worker` process starts (imports, connects) before it sends,
    # and under `make test`'s parallel workers on a busy machine that took over 20 s.
    return asyncio.to_thread(receiver.wait_for, 1, 60, **kwargs)


async def test_killed_deliverer_is_picked_up_with_the_same_delivery_id(
    database_url, store, clock, world, receiver, events_endpoint, deliverer
):
    # the worker opens the sealed signing secret with the same key as the `box` fixture
    event = await add_event(
        store,
        clock,
        world.workspace_id,
        "action.rejected",
        world.live_account,
        {"id": "act_1", "mode": "live"},
    )
    receiver.set_mode("hang")
    env = {
        **os.environ,
        "COUNTERSIGN_DATABASE_URL": database_url,
        "COUNTERSIGN_SECRET_KEY": "test-secret",
        "COUNTERSIGN_DEVELOPMENT": "true",
        "COUNTERSIGN_SYNC_INTERVAL": "3600",
        # a worker refuses to start without a platform; this test never calls it
        "COUNTERSIGN_PLATFORM_URL": "http://127.0.0.1:9",
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
        [first] = await wait_in_thread(receiver, where=lambda r: r.event == "action.rejected")
    finally:
        worker.send_signal(signal.SIGKILL)
        await worker.wait()
    receiver.recover()

    assert await deliverer.run_once() == 0  # the dead worker's lease still holds it
    clock.advance(minutes=2)
    await deliverer.run_once()
    [delivered] = receiver.wait_for(1)
    assert delivered.delivery_id == first.delivery_id
    assert delivered.json["id"] == event.id and delivered.verified
    [row] = await deliveries_of(store, events_endpoint.id)
    assert row.status == "succeeded"
