"""The Python client (clients/python) against the real service on a socket: every page of a
list, retries on real 429 and 503 answers with one Idempotency-Key per creation (as
docs/python-client.md describes), and waiting for a person's decision. Both databases."""

from __future__ import annotations

import asyncio
import threading

import pytest
from countersign_client import (
    CountersignError,
    RetryPolicy,
    acall,
    acreate_action,
    aiterate,
    await_decision,
    call,
    connect,
    create_action,
    iterate,
    wait_for_decision,
)
from countersign_client.generated.api.accounts import get_account
from countersign_client.generated.api.actions import cancel_action, list_actions
from countersign_client.generated.api.fans import list_fans
from countersign_client.generated.models import SendMessageRequest

from storage.sql.store import SqlStore
from tests.clients.live import approve_as_a_person, live_world


class Waits:
    """A RetryPolicy's sleep that records each wait and then really waits it."""

    def __init__(self, on_wait=None) -> None:
        self.waits: list[float] = []
        self.on_wait = on_wait

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        if self.on_wait is not None:
            self.on_wait(len(self.waits))
        threading.Event().wait(seconds)


def message(fan_id: str, text: str) -> SendMessageRequest:
    return SendMessageRequest.from_dict(
        {"type": "send_message", "params": {"fanId": fan_id, "text": text}}
    )


def a_fan(client, account: str) -> str:
    return call(list_fans.sync_detailed, account, client=client, limit=1).data[0].id


def test_iterate_follows_every_page(database_url, clock):
    with (
        live_world(database_url, clock) as live,
        connect(live.base_url, live.world.test_key) as client,
    ):
        account = live.world.sandbox_accounts[0]
        fan = a_fan(client, account)
        made = [
            create_action(client, account, message(fan, f"Hello {n}")).data.id for n in range(7)
        ]
        seen = [a.id for a in iterate(list_actions.sync_detailed, client=client, limit=3)]
    assert len(seen) == 7
    assert set(seen) == set(made)
    assert len(set(seen)) == 7  # no action twice across page boundaries


def test_rate_limited_calls_wait_retry_after_then_succeed(database_url, clock):
    waits = Waits()
    policy = RetryPolicy(sleep=waits, jitter=lambda d: d)
    with (
        live_world(database_url, clock, rate_limit=2, rate_window=1.0) as live,
        connect(live.base_url, live.world.test_key) as client,
    ):
        account = live.world.sandbox_accounts[0]
        calls = 0
        while not waits.waits and calls < 10:  # back to back on a budget of two a second
            detail = call(get_account.sync_detailed, account, client=client, policy=policy)
            assert detail.data.id == account
            calls += 1
    assert waits.waits, "ten calls on a budget of two per second were never limited"
    assert all(w >= 1 for w in waits.waits)  # Retry-After is whole seconds, at least 1


def test_creation_retries_send_one_idempotency_key_and_create_once(database_url, clock):
    sent: list[tuple[str, str | None]] = []

    def record(request) -> None:
        if request.method == "POST":
            sent.append((request.url.path, request.headers.get("idempotency-key")))

    waits = Waits()
    policy = RetryPolicy(sleep=waits, jitter=lambda d: d)
    with (
        live_world(database_url, clock, rate_limit=2, rate_window=1.0) as live,
        connect(
            live.base_url, live.world.test_key, httpx_args={"event_hooks": {"request": [record]}}
        ) as client,
    ):
        account = live.world.sandbox_accounts[0]
        fan = a_fan(client, account)
        made: list[str] = []
        # Back to back on a budget of two a second: one is refused within a few (a sliding
        # window lets about one more through just after a boundary, so not always the second).
        while len(sent) == len(made) and len(made) < 8:
            made.append(create_action(client, account, message(fan, "Hi"), policy=policy).data.id)
        listed = [a.id for a in iterate(list_actions.sync_detailed, client=client, policy=policy)]
    keys = [key for _, key in sent]
    assert len(sent) > len(made), "no creation was rate limited and retried"
    assert len(set(keys)) == len(made)  # one key per creation ...
    assert keys == sorted(keys, key=keys.index)  # ... sent on each of its attempts in turn
    assert sorted(listed) == sorted(made)  # each created once


def test_busy_service_is_retried_with_growing_delays(database_url, clock):
    """Every database connection held: the service answers 503 internal_error with Retry-After;
    the client waits longer each time and gets the page once the connection is free."""
    tiny = SqlStore.from_url(database_url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    held, release = threading.Event(), threading.Event()
    waits = Waits(on_wait=lambda n: release.set() if n == 2 else None)
    policy = RetryPolicy(sleep=waits, jitter=lambda d: d, base_delay=1.0)
    with live_world(database_url, clock, store=tiny, run_workers=False) as live:
        try:
            with connect(live.base_url, live.world.test_key) as client:
                account = live.world.sandbox_accounts[0]
                call(get_account.sync_detailed, account, client=client)  # the pool is open

                async def hold() -> None:
                    async with tiny.reading():
                        held.set()
                        await asyncio.to_thread(release.wait)

                holding = asyncio.run_coroutine_threadsafe(hold(), live.app.loop)
                assert held.wait(10)
                with pytest.raises(CountersignError) as refused:
                    call(
                        get_account.sync_detailed,
                        account,
                        client=client,
                        policy=RetryPolicy(attempts=1),
                    )
                detail = call(get_account.sync_detailed, account, client=client, policy=policy)
                holding.result(10)
        finally:  # on the loop its connections belong to
            release.set()
            asyncio.run_coroutine_threadsafe(tiny.close(), live.app.loop).result(10)
    assert (refused.value.status, refused.value.code) == (503, "internal_error")
    assert detail.data.id == account
    assert waits.waits == [1.0, 2.0]  # growing, never below Retry-After (1 s)


def test_wait_for_decision_returns_the_executed_action(database_url, clock):
    with (
        live_world(database_url, clock) as live,
        connect(live.base_url, live.world.test_key) as client,
    ):
        account = live.world.sandbox_accounts[0]
        action = create_action(client, account, message(a_fan(client, account), "Hi")).data
        approving = threading.Thread(
            target=approve_as_a_person, args=(live.base_url, action.id), daemon=True
        )
        approving.start()
        done = wait_for_decision(client, action.id, timeout=30)
        approving.join(10)
    assert str(done.status) == "executed"
    assert done.result.to_dict() == {"simulated": True}


@pytest.mark.parametrize("until", ["finished", "decided"])
def test_waiting_ends_when_the_action_is_cancelled(database_url, clock, until):
    """A cancelled action never moves again: waiting for it returns it, it does not time out."""
    with (
        live_world(database_url, clock) as live,
        connect(live.base_url, live.world.test_key) as client,
    ):
        account = live.world.sandbox_accounts[0]
        action = create_action(client, account, message(a_fan(client, account), "Hi")).data
        call(cancel_action.sync_detailed, action.id, client=client)
        done = wait_for_decision(client, action.id, until=until, timeout=3)
    assert str(done.status) == "cancelled"


def test_errors_that_retrying_cannot_fix_are_raised_at_once(database_url, clock):
    waits = Waits()
    with (
        live_world(database_url, clock) as live,
        connect(live.base_url, "sk_test_not_a_key") as client,
        pytest.raises(CountersignError) as refused,
    ):
        call(get_account.sync_detailed, "1", client=client, policy=RetryPolicy(sleep=waits))
    assert (refused.value.status, refused.value.code) == (401, "invalid_api_key")
    assert refused.value.request_id.startswith("req_")
    assert waits.waits == []


async def test_the_asyncio_helpers_page_create_and_wait(database_url, clock):
    with live_world(database_url, clock) as live:
        async with connect(live.base_url, live.world.test_key) as client:
            account = live.world.sandbox_accounts[0]
            fans = await acall(list_fans.asyncio_detailed, account, client=client, limit=1)
            made = [
                (await acreate_action(client, account, message(fans.data[0].id, f"Hi {n}"))).data
                for n in range(4)
            ]
            seen = [
                a.id async for a in aiterate(list_actions.asyncio_detailed, client=client, limit=3)
            ]
            approving = threading.Thread(
                target=approve_as_a_person, args=(live.base_url, made[0].id), daemon=True
            )
            approving.start()
            done = await await_decision(client, made[0].id, timeout=30)
            approving.join(10)
    assert sorted(seen) == sorted(a.id for a in made)
    assert str(done.status) == "executed"
