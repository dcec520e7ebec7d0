"""Executors that race, are interrupted, or are woken: an approved action is sent once, an
interrupted one fails honestly instead of being sent again, and approval wakes an executor at
once, in this process and in another (over PostgreSQL LISTEN/NOTIFY). Fake platform over real
HTTP."""

from __future__ import annotations

import asyncio
import contextlib

from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.app import build_services, outgoing_http
from service.http.auth import principal_for_key
from service.runtime.runner import executor_for
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.execution.test_executor import a_fan, approve, approve_and_run, create, creator
from tests.factories import build_world
from tests.platform_world import link_creator


async def test_concurrent_executors_send_once(linked):
    ids = [
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": a_fan(linked), "text": f"<p>{i}</p>"}},
                f"c{i}",
            )
        )["id"]
        for i in range(5)
    ]
    services = linked.services
    for action_id in ids:
        await approve(linked, action_id)
    counts = await asyncio.gather(*[executor_for(services, f"w{i}").run_once() for i in range(4)])
    assert sum(counts) == 5
    assert len(linked.writes()) == 5


async def test_two_executors_sending_to_one_fan_both_land_in_the_synced_chat(linked, caplog):
    """Two messages to each of six fans with no synced chat yet, run by two executors at once:
    each executor upserts the fan's chat, so neither fails on the chat's key and every sent
    message is in its synced chat, the chat's last message one of them."""
    fans = list(creator(linked).fans)[:6]
    ids = [
        (
            await create(
                linked,
                {"type": "send_message", "params": {"fanId": fan, "text": f"<p>{fan} {n}</p>"}},
                f"chat-{fan}-{n}",
            )
        )["id"]
        for fan in fans
        for n in range(2)
    ]
    services, ws = linked.services, linked.world.workspace_id
    for action_id in ids:
        await approve(linked, action_id)
    caplog.set_level("ERROR", logger="countersign.executor")
    counts = await asyncio.gather(*[executor_for(services, f"x{i}").run_once() for i in range(2)])
    assert sum(counts) == len(ids)
    assert [r.getMessage() for r in caplog.records] == []
    async with services.store.reading() as uow:
        for fan in fans:
            sent = {m["id"] for m in await uow.synced.messages(ws, linked.creator_id, fan)}
            chat = await uow.synced.chat(ws, linked.creator_id, fan)
            assert len(sent) == 2 and chat is not None
            assert chat["lastMessage"]["id"] in sent


async def test_interrupted_execution_fails_honestly_and_is_not_resent(linked, store, clock):
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
        "i1",
    )
    services = linked.services
    await decide_action(
        services.store,
        services.clock,
        linked.world.owner,
        action["id"],
        approve=True,
        note=None,
        wake_executor=services.wake_executor,
    )
    async with store.transaction() as uow:  # a worker that claimed it and then died
        await uow.actions.transition(
            action["id"],
            ["approved"],
            "executing",
            claimed_by="dead-worker",
            claimed_at=clock.now(),
        )
    assert await executor_for(services).run_once() == 0
    clock.advance(minutes=2)
    await executor_for(services).run_once()
    done = (
        await linked.client.get(f"/v1/actions/{action['id']}", headers=linked.world.auth())
    ).json()["data"]
    assert done["status"] == "failed" and done["error"]["code"] == "internal_error"
    assert "not sent again" in done["error"]["message"]
    assert linked.writes() == []


async def test_approval_wakes_the_executor_immediately(linked):
    services = linked.services
    runner = asyncio.create_task(executor_for(services).run_forever(poll=3600))
    try:
        action = await create(
            linked,
            {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
            "w1",
        )
        await approve(linked, action["id"])
        services.wake_executor()
        for _ in range(200):
            status = (
                await linked.client.get(f"/v1/actions/{action['id']}", headers=linked.world.auth())
            ).json()["data"]
            if status["status"] in ("executed", "failed"):
                break
            await asyncio.sleep(0.01)
        assert status["status"] == "executed"
    finally:
        runner.cancel()


async def test_an_executor_in_another_process_wakes_on_approval(postgres_url, clock, fake_platform):
    """Two service instances (separate engines, as two processes would have) on PostgreSQL: the
    approval in one wakes the other's executor through LISTEN/NOTIFY, not its poll."""

    settings = Settings(
        database_url=postgres_url,
        secret_key="notify",
        run_workers=False,
        public_url="http://countersign.test",
        platform_url=fake_platform.base_url,
    )
    api = build_services(settings, store=SqlStore.from_url(postgres_url), clock=clock)
    worker = build_services(settings, store=SqlStore.from_url(postgres_url), clock=clock)
    world = await build_world(api.store, clock)
    creator = await link_creator(api, fake_platform, world.workspace_id, clock)

    key = await principal_for_key(api.store, clock, world.live_key)
    fan = next(iter(fake_platform.state.creator(creator.user_id).fans))
    action = (
        await create_action(
            api.store,
            clock,
            key,
            creator.user_id,
            "notify-1",
            "send_message",
            {"fanId": fan, "text": "<p>hi</p>"},
        )
    ).action
    try:
        async with outgoing_http(worker):
            executor = executor_for(worker)
            runner = asyncio.create_task(executor.run_forever(poll=3600))
            try:
                await asyncio.wait_for(executor.idle.wait(), timeout=10)  # subscribed, queue empty
                await decide_action(
                    api.store,
                    clock,
                    world.owner,
                    action.id,
                    approve=True,
                    note=None,
                    wake_executor=lambda: None,
                )

                async def executed():
                    while True:
                        async with api.store.reading() as uow:
                            current = await uow.actions.get(world.workspace_id, action.id)
                        if current.status == "executed":
                            return current
                        await asyncio.sleep(0.02)

                done = await asyncio.wait_for(executed(), timeout=10)
                assert done.result["fanId"] == fan
            finally:
                runner.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await runner
    finally:
        for services in (api, worker):
            await services.store.close()


async def test_an_executed_action_wakes_this_processs_deliverer(linked):
    """Its `action.executed` event is committed: the deliverer need not wait for its poll."""
    wakeup = linked.services.deliverer_wakeup
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "Hi"}},
        "wake1",
    )
    wakeup.clear()
    done = await approve_and_run(linked, action["id"])
    assert done["status"] == "executed" and wakeup.is_set()


async def test_the_running_loop_fails_an_interrupted_action_once_its_lease_is_over(
    linked, store, clock
):
    """Wake-ups go straight to the claim; the lease sweep still runs in the background loop."""
    action = await create(
        linked,
        {"type": "send_message", "params": {"fanId": a_fan(linked), "text": "<p>x</p>"}},
        "sweep-1",
    )
    services = linked.services
    await decide_action(
        services.store,
        services.clock,
        linked.world.owner,
        action["id"],
        approve=True,
        note=None,
        wake_executor=lambda: None,
    )
    async with store.transaction() as uow:  # a worker that claimed it and then died
        assert await uow.actions.claim_next("dead-worker", clock.now()) is not None
    executor = executor_for(services)
    runner = asyncio.create_task(executor.run_forever(poll=3600))
    try:
        await asyncio.wait_for(executor.idle.wait(), timeout=10)  # first round: within the lease
        async with store.reading() as uow:
            assert (await uow.actions.get(linked.world.workspace_id, action["id"])).status == (
                "executing"
            )
        clock.advance(minutes=2)
        executor.idle.clear()
        services.wake_executor()
        await asyncio.wait_for(executor.idle.wait(), timeout=10)  # the round after the wake
    finally:
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner
    async with store.reading() as uow:
        done = await uow.actions.get(linked.world.workspace_id, action["id"])
    assert done.status == "failed" and "not sent again" in done.error["message"]
    assert linked.writes() == []
