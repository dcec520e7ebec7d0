"""`make demo` run again (issue 22): what the user made stays (their own loopback endpoints are
not removed), and an action approved before the restart executes after it, because the
restarted fake platform still knows the linked creator's session (kept beside the database)."""

from __future__ import annotations

from attrs import evolve

from harness.platform import start_platform_in_thread
from service.actions.executor import Executor
from service.actions.usecases import create_action, decide_action
from service.app import build_services, outgoing_http
from service.demo import keep_sessions, seed, sessions_file
from service.domain.clock import SystemClock
from service.domain.principal import Principal
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
    keep_sessions(first.state, sessions_file(settings))
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
        public_url=settings.public_url,
    )
    await decide_action(
        store,
        clock,
        person,
        created.action.id,
        approve=True,
        note=None,
        public_url=settings.public_url,
        wake_executor=lambda: None,
    )
    await store.close()

    second = start_platform_in_thread()  # a new process's platform: empty memory
    keep_sessions(second.state, sessions_file(settings))
    try:
        again = evolve(settings, platform_url=second.base_url)
        two = await seed(again, "http://127.0.0.1:2/demo-events")
        assert (two["workspace"], two["account"]) == (one["workspace"], one["account"])
        store = SqlStore.from_url(settings.database_url)
        services = build_services(again, store=store)
        try:
            endpoints = {e.url: e for e in await hooks.list_endpoints(store, person)}
            assert mine.url in endpoints  # the user's own loopback endpoint is kept
            assert "http://127.0.0.1:1/demo-events" not in endpoints  # the old receiver went
            assert "http://127.0.0.1:2/demo-events" in endpoints
            async with outgoing_http(services):
                assert await Executor(services).run_once() == 1
            async with store.reading() as uow:
                done = await uow.actions.get(one["workspace"], created.action.id)
            assert done.status == "executed", done.error
        finally:
            await store.close()
    finally:
        second.stop()
