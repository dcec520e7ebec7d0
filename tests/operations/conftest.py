"""Fixtures for the operations tests: the delivery tests' receiver and deliverer, reused."""

from tests.webhooks_delivery.conftest import (  # noqa: F401  (fixtures)
    box,
    deliverer,
    events_endpoint,
    http,
    receiver,
    receiver_url,
    sender,
    world,
)
