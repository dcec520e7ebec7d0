"""Every delivery is verifiable two ways, over real HTTP to the real receiver: the
`x-svc-signature` check, and the `standardwebhooks` library's `Webhook(secret).verify` on the
`webhook-*` headers (the receiver runs both on every request and accepts only when both pass).
`webhook-id` is the delivery id (`x-svc-delivery`), stable across retries; `webhook-signature`
carries one entry per secret while a secret is rolled; a secret made before Standard Webhooks
support keeps working (`x-svc-signature` with it as is, the library with its standard form).
docs/webhooks.md states all of it."""

from __future__ import annotations

import base64
import binascii
import re
import secrets
from pathlib import Path

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

from service.revenue.usecases import observe_transactions
from service.webhooks import usecases as hooks
from service.webhooks.models import seal_secret
from service.webhooks.signing import parse_header, standard_secret, verify
from tests.openapi_kit import schema_validator
from tests.revenue.test_revenue_pull_api import platform_row
from tests.webhooks_delivery.delivery_kit import add_event, deliveries_of


def check_both_ways(received, secret: str) -> None:
    """What a receiver following docs/webhooks.md does, with the library as shipped (real time:
    the test's ManualClock starts at the real now and these checks run before it moves)."""
    headers = received.headers
    Webhook(standard_secret(secret)).verify(received.body, headers)
    timestamp, _ = parse_header(headers["x-svc-signature"])
    verify(received.body, headers["x-svc-signature"], secret, now=timestamp)
    assert headers["webhook-id"] == headers["x-svc-delivery"] == received.delivery_id
    assert headers["webhook-timestamp"] == str(timestamp)


async def test_an_event_and_its_retries_verify_with_the_library_and_spec_6_2(
    store, clock, world, receiver, events_endpoint, deliverer, box
):
    secret = hooks.current_secret(events_endpoint, box)
    assert standard_secret(secret) == secret, "a new endpoint's secret is in the standard form"
    event = await add_event(store, clock, world.workspace_id, "link.failed", None, {"id": "l1"})
    receiver.reject([event.id], 503)
    await deliverer.run_once()
    [refused] = receiver.wait_for(1, where=lambda r: r.status == 503)
    assert refused.verified and refused.standard_verified
    check_both_ways(refused, secret)
    Webhook(secret).verify(refused.body, refused.headers)  # the secret exactly as shown

    receiver.reject([])
    clock.advance(minutes=5)
    await deliverer.run_once()
    [accepted] = receiver.wait_for(1)
    assert accepted.headers["webhook-id"] == refused.headers["webhook-id"], "stable on retry"
    assert accepted.headers["webhook-timestamp"] != refused.headers["webhook-timestamp"]
    assert accepted.verified and accepted.standard_verified


async def test_the_revenue_push_and_a_test_send_carry_the_standard_headers(
    store, clock, world, receiver, push_endpoint, deliverer, sender, box, spec
):
    secret = hooks.current_secret(push_endpoint, box)
    async with store.transaction() as uow:
        await observe_transactions(
            uow, clock.now(), world.workspace_id, "40001", [platform_row("t1")]
        )
    await deliverer.run_once()
    await hooks.send_test(store, clock, world.owner, sender, push_endpoint.id)
    push, test = receiver.wait_for(2)
    assert (push.event, test.event) == ("transaction.observed", "test")
    for received in (push, test):
        check_both_ways(received, secret)
    schema_validator(spec, "TransactionObservedEvent").validate(push.json)
    schema_validator(spec, "TestEvent").validate(test.json)


async def test_while_rolling_each_secret_has_its_entry(
    store, clock, world, receiver, events_endpoint, deliverer, box
):
    old = hooks.current_secret(events_endpoint, box)
    _, new = await hooks.roll_secret(store, clock, world.owner, events_endpoint.id, box=box)
    for n, holding in enumerate((old, new)):
        receiver.set_secrets([holding])
        await add_event(store, clock, world.workspace_id, "link.failed", None, {"n": n})
        await deliverer.run_once()
    got = receiver.wait_for(2)
    for received, holding in zip(got, (old, new), strict=True):
        assert len(received.headers["webhook-signature"].split(" ")) == 2
        check_both_ways(received, holding)
    clock.advance(hours=24, seconds=1)
    receiver.set_secrets([new])
    await add_event(store, clock, world.workspace_id, "link.failed", None, {"n": 2})
    await deliverer.run_once()
    last = receiver.wait_for(3)[-1]
    assert len(last.headers["webhook-signature"].split(" ")) == 1
    assert last.standard_verified


async def test_a_secret_made_before_keeps_working(
    store, clock, world, receiver, events_endpoint, deliverer, box
):
    legacy = "whsec_" + base64.urlsafe_b64encode(secrets.token_bytes(30) + b"\xfb\xff").decode()
    legacy = legacy.rstrip("=")  # token_urlsafe(32)'s shape: 43 characters, `-` and `_`
    async with store.transaction() as uow:
        await uow.webhooks.set_secrets(events_endpoint.id, [seal_secret(legacy, box)])
    receiver.set_secrets([legacy])
    [listed] = await hooks.list_endpoints(store, world.owner)
    [shown] = hooks.shown_secrets(listed, box)  # the dashboard offers the library's form
    assert (shown["secret"], shown["standard"]) == (legacy, standard_secret(legacy))
    await add_event(store, clock, world.workspace_id, "link.failed", None, {"id": "l1"})
    await deliverer.run_once()
    [got] = receiver.wait_for(1)
    check_both_ways(got, legacy)  # x-svc-signature: the string as is; the library: standard form
    [delivery] = await deliveries_of(store, events_endpoint.id)
    assert delivery.status == "succeeded"
    # The library cannot take the old shape as is (it refuses it, or decodes another key as it
    # skips `-` and `_`): roll the secret, or convert it with standard_secret.
    with pytest.raises((WebhookVerificationError, binascii.Error)):
        Webhook(legacy).verify(got.body, got.headers)


def docs_python_blocks() -> dict[str, str]:
    """docs/webhooks.md's Python examples, by the first function they define."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "webhooks.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    return {re.search(r"def (\w+)", b).group(1): b for b in blocks if "def " in b}


async def test_the_docs_python_examples_verify_a_real_delivery(
    store, clock, world, receiver, events_endpoint, deliverer, box
):
    """What docs/webhooks.md tells receivers to run works on what the service sends."""
    secret = hooks.current_secret(events_endpoint, box)
    await add_event(store, clock, world.workspace_id, "link.failed", None, {"id": "l1"})
    await deliverer.run_once()
    [got] = receiver.wait_for(1)
    blocks = docs_python_blocks()
    svc: dict = {}
    exec(blocks["verify_svc"], svc)  # noqa: S102 (our own documentation's example)
    assert svc["verify_svc"](got.body, got.headers["x-svc-signature"], secret)
    assert not svc["verify_svc"](got.body + b" ", got.headers["x-svc-signature"], secret)
    library = {}
    exec(blocks["handle"].replace('"whsec_…"', repr(secret)), library)  # noqa: S102
    assert library["handle"](got.body, got.headers) is None, "verified: no 400"
    assert library["handle"](got.body + b" ", got.headers) == 400
