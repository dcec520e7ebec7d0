"""`make demo` run again: what the user made stays (their own loopback endpoints are not
removed), the demo keys are the same ones (kept in a file only the user reads, never revoked),
and an action approved before the restart executes after it, because the restarted fake
platform is the one the last run left (its whole state is kept beside the database): the
linked creator's session, what earlier writes made, and ids that never repeat."""

from __future__ import annotations

import json
import stat

from attrs import evolve

from harness.platform import start_platform_in_thread
from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.app import build_services, outgoing_http
from service.cli.demo_files import keep_world, keys_file, world_file
from service.cli.demo_seed import seed
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.runtime.runner import executor_for
from service.settings import Settings
from service.webhooks import usecases as hooks
from storage.sql.store import SqlStore


async def test_a_second_demo_keeps_the_users_endpoints_and_runs_what_was_approved(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path}/var/countersign.db",
        development=True,
        password_hashing="cheapest",
    )
    clock = SystemClock()
    first = start_platform_in_thread()
    keep_world(first.state, world_file(settings))
    try:
        one = await seed(
            evolve(settings, platform_url=first.base_url), "http://127.0.0.1:1/demo-events"
        )
    finally:
        first.stop()  # the demo stops: its platform (and every session it held in memory) goes

    store = SqlStore.from_url(settings.database_url)
    services = build_services(evolve(settings, platform_url=first.base_url), store=store)
    async with store.reading() as uow:
        owner = await uow.users.get_by_email("owner@demo.test")
    person = Principal.person(one["workspace"], owner, "owner")
    mine = await hooks.add_event_endpoint(
        store,
        clock,
        person,
        "http://127.0.0.1:4444/my-hook",
        box=services.secrets,
        allow_loopback=True,
    )
    async with store.reading() as uow:
        key = next(k for k in await uow.keys.list(one["workspace"]) if k.name == "demo live")
    agent = Principal(
        workspace_id=one["workspace"],
        mode="live",
        kind="api_key",
        label="demo live",
        scopes=frozenset({"read", "write"}),
        key_id=key.id,
    )
    created = await create_action(
        store,
        clock,
        agent,
        one["account"],
        "before-restart",
        "send_message",
        {"fanId": one["fan"], "text": "<p>Hi</p>"},
    )
    await decide_action(
        store,
        clock,
        person,
        created.action.id,
        approve=True,
        note=None,
        wake_executor=lambda: None,
    )
    await store.close()

    issued = int(first.state.new_id())
    first.state.on_change()  # as after any write the platform applied
    second = start_platform_in_thread()  # a new process's platform: empty memory
    keep_world(second.state, world_file(settings))
    assert int(second.state.new_id()) > issued  # ids never repeat across restarts
    assert stat.S_IMODE(world_file(settings).stat().st_mode) == 0o600
    try:
        again = evolve(settings, platform_url=second.base_url)
        two = await seed(again, "http://127.0.0.1:2/demo-events")
        assert (two["workspace"], two["account"]) == (one["workspace"], one["account"])
        # The same keys, printed again: clients and MCP configurations holding them still work.
        assert (two["live"], two["test"]) == (one["live"], one["test"])
        assert "the same keys as before" in two["keys_note"]
        kept = keys_file(settings)
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
        assert json.loads(kept.read_text())["live"] == one["live"]
        # The receiver listening where it did: its endpoint and signing secret are kept.
        three = await seed(again, "http://127.0.0.1:2/demo-events")
        assert three["signing"] == two["signing"]
        # Without the file, new keys are made and the old ones still are not revoked.
        kept.unlink()
        four = await seed(again, "http://127.0.0.1:2/demo-events")
        assert four["live"] != one["live"] and "not revoked" in four["keys_note"]
        store = SqlStore.from_url(settings.database_url)
        services = build_services(again, store=store)
        try:
            endpoints = {e.url: e for e in await hooks.list_endpoints(store, person)}
            assert mine.url in endpoints  # the user's own loopback endpoint is kept
            assert "http://127.0.0.1:1/demo-events" not in endpoints  # the old receiver went
            assert "http://127.0.0.1:2/demo-events" in endpoints
            async with outgoing_http(services):
                assert await executor_for(services).run_once() == 1
            async with store.reading() as uow:
                done = await uow.actions.get(one["workspace"], created.action.id)
            assert done.status == "executed", done.error
            # What the write made is in the world a third run loads.
            third = start_platform_in_thread()
            keep_world(third.state, world_file(settings))
            sent = done.result["messageId"]
            chats = third.state.creator(one["account"]).chats[one["fan"]]
            assert sent in [m.id for m in chats] and int(sent) > issued
            third.stop()
            async with store.reading() as uow:
                demo_keys = [
                    k for k in await uow.keys.list(one["workspace"]) if k.name.startswith("demo")
                ]
            assert len(demo_keys) == 4 and all(k.revoked_at is None for k in demo_keys)
        finally:
            await store.close()
    finally:
        second.stop()
