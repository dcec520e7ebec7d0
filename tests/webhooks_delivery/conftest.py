"""Fixtures for the delivery tests: a real receiver on 127.0.0.1 whose clock is the test's
ManualClock (so signatures stay fresh while the test moves time), and a deliverer wired to it."""

from __future__ import annotations

import httpx
import pytest

from harness.receiver import Receiver, run_receiver_in_thread
from service.kit.crypto import SecretBox
from service.webhooks.deliverer import Deliverer
from service.webhooks.sender import Sender
from service.webhooks.usecases import add_event_endpoint, current_secret, set_transaction_endpoint
from tests.factories import build_world
from tests.platform_world import fake_platform, linked  # noqa: F401  (fixtures)
from tests.webhooks_delivery.delivery_kit import loopback_sender


@pytest.fixture
async def world(store, clock):
    return await build_world(store, clock)


@pytest.fixture
def receiver(clock):
    return Receiver(clock=lambda: clock.now().timestamp(), hang_seconds=30)


@pytest.fixture
def receiver_url(receiver):
    with run_receiver_in_thread(receiver) as url:
        yield url


@pytest.fixture
async def http():
    async with httpx.AsyncClient() as client:
        yield client


@pytest.fixture
def box() -> SecretBox:
    return SecretBox("test-secret")


@pytest.fixture
def sender(http, box) -> Sender:
    return loopback_sender(http, box)


@pytest.fixture
def deliverer(store, clock, sender) -> Deliverer:
    return Deliverer(store, clock, sender)


@pytest.fixture
async def push_endpoint(store, clock, world, receiver, receiver_url, box):
    endpoint = await set_transaction_endpoint(
        store, clock, world.owner, receiver_url + "/push", box=box, allow_loopback=True
    )
    receiver.set_secrets([current_secret(endpoint, box)])
    return endpoint


@pytest.fixture
async def events_endpoint(store, clock, world, receiver, receiver_url, box):
    endpoint = await add_event_endpoint(
        store, clock, world.owner, receiver_url + "/events", box=box, allow_loopback=True
    )
    receiver.set_secrets([current_secret(endpoint, box)])
    return endpoint
