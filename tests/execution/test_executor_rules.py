"""The executor's rules (service/actions/execution/running.py and the loop in service/actions/execution/executor.py),
fast, against the memory store (harness/memory_store/, proven by
tests/storage/test_memory_store_contract.py).

The real services around it (build_services: the sandbox for test mode, the platform client over
real HTTP for live mode); only the database is the in-memory one. The same rules on both real
databases, against the fake platform over HTTP, are in the other modules of this folder.
"""

from __future__ import annotations

import datetime as dt
import socket

import attrs
import pytest

from harness.memory_store import MemoryStore
from service.accounts.model import Account
from service.actions import lifecycle
from service.actions.execution.executor import INTERRUPTED, LEASE
from service.actions.execution.retries import RetryPolicy
from service.app import build_services, outgoing_http
from service.platform.sandbox import sandbox_creators
from service.runtime.runner import executor_for
from tests.actions.test_lifecycle_rules import ANN, WS, stored
from tests.storage.test_store_contract import make_action


@pytest.fixture
def refusing_port():
    """A port bound but not listening: every connection to it is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


@pytest.fixture
async def services(settings, clock, refusing_port):
    settings = attrs.evolve(settings, platform_url=f"http://127.0.0.1:{refusing_port}")
    services = build_services(settings, store=MemoryStore(), clock=clock)
    async with outgoing_http(services):
        yield services


SANDBOX = sandbox_creators(WS)[0]


async def add_accounts(services, **live):
    now = services.clock.now()
    common = {"avatar_url": None, "status_reason": None, "linked_at": now, "last_synced_at": now}
    async with services.store.transaction() as uow:
        await uow.accounts.add(
            Account(
                workspace_id=WS,
                id=SANDBOX["id"],
                mode="test",
                username=SANDBOX["username"],
                name=SANDBOX["name"],
                status="healthy",
                writes_enabled=True,
                **common,
            )
        )
        values = {
            "status": "healthy",
            "writes_enabled": True,
            "session_secret": services.secrets.seal("platform-session"),
            **live,
        }
        await uow.accounts.add(
            Account(
                workspace_id=WS,
                id="40001",
                mode="live",
                username="maya",
                name="Maya",
                **{**common, **values},
            )
        )


async def approved(services, account_id="40001", mode="live", key=None):
    clock = services.clock
    params = {"fanId": SANDBOX["fans"][0]["id"], "text": "hi"}
    action = attrs.evolve(
        make_action(WS, account_id, clock.now(), params=params, key=key), mode=mode
    )
    async with services.store.transaction() as uow:
        await lifecycle.create(uow, action)
        return await lifecycle.decide(
            uow, clock, ANN, action, approve=True, note=None, now=clock.now()
        )


def executor(services):
    return executor_for(services, name="w1", retry=RetryPolicy(jitter=lambda ceiling: 0.0))


async def test_test_mode_runs_in_the_sandbox_and_says_simulated(services):
    await add_accounts(services)
    action = await approved(services, SANDBOX["id"], "test")
    assert await executor(services).run_once() == 1
    done = await stored(services.store, action.id)
    assert (done.status, done.result) == ("executed", {"simulated": True})
    assert done.claimed_by == "w1"


async def test_the_kill_switch_after_approval_wins(services):
    await add_accounts(services)
    action = await approved(services)
    async with services.store.transaction() as uow:
        await uow.accounts.update(WS, "40001", writes_enabled=False)
    await executor(services).run_once()
    done = await stored(services.store, action.id)
    assert (done.status, done.error["code"]) == ("failed", "writes_disabled")
    assert "@maya" in done.error["message"]


async def test_an_unavailable_or_sessionless_account_is_not_called(services):
    await add_accounts(services, status="needs_relink", status_reason="Sign in again.")
    first = await approved(services)
    await executor(services).run_once()
    async with services.store.transaction() as uow:
        await uow.accounts.update(
            WS, "40001", status="healthy", status_reason=None, session_secret=None
        )
    second = await approved(services)
    await executor(services).run_once()
    for action_id, message in ((first.id, "Sign in again."), (second.id, "The account is healthy")):
        done = await stored(services.store, action_id)
        assert (done.status, done.error["code"]) == ("failed", "account_unavailable")
        assert done.error["message"].startswith(message)


async def test_refused_sends_are_retried_then_wait_approved(services):
    await add_accounts(services)
    action = await approved(services)
    assert await executor(services).run_once() == 1
    waiting = await stored(services.store, action.id)
    assert (waiting.status, waiting.execution_attempts) == ("approved", 3)
    assert waiting.next_attempt_at == services.clock.now() + dt.timedelta(seconds=4)
    assert await executor(services).run_once() == 0, "not claimed before it is due"


async def test_an_undecryptable_session_fails_that_action_and_the_batch_goes_on(services):
    await add_accounts(services, session_secret=b"not a fernet token")
    broken = await approved(services)
    services.clock.advance(seconds=1)
    sandbox = await approved(services, SANDBOX["id"], "test")
    assert await executor(services).run_once() == 2
    failed, done = await stored(services.store, broken.id), await stored(services.store, sandbox.id)
    assert (failed.status, failed.error["code"]) == ("failed", "internal_error")
    assert "could not be decrypted" in failed.error["message"]
    assert "Nothing was sent to the platform" in failed.error["message"]
    assert done.status == "executed"


async def test_an_action_left_executing_past_its_lease_fails_and_is_never_resent(services):
    await add_accounts(services)
    action = await approved(services, SANDBOX["id"], "test")
    async with services.store.transaction() as uow:
        await lifecycle.claim_next(uow, "dead-worker", services.clock.now())
    services.clock.advance(seconds=LEASE.total_seconds() - 1)
    assert await executor(services).fail_interrupted() == []
    services.clock.advance(seconds=2)
    assert await executor(services).fail_interrupted() == [action.id]
    done = await stored(services.store, action.id)
    assert (done.status, done.error) == (
        "failed",
        {"code": "internal_error", "message": INTERRUPTED},
    )
