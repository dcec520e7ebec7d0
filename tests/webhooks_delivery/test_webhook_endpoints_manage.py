"""Managing endpoints as the dashboard does: safe URLs only, roles, secret rolls with a grace
period, test sends and manual redelivery, each checked against the real receiver."""

from __future__ import annotations

import attrs
import pytest

from service.errors.api_error import ApiError
from service.revenue.usecases import observe_transactions
from service.webhooks import usecases as hooks
from service.webhooks.signing import parse_header
from tests.revenue.test_revenue_pull_api import platform_row
from tests.webhooks_delivery.delivery_kit import deliveries_of, endpoint_now


async def public_resolver(host: str, port: int) -> list[str]:
    names = {"hooks.example.com": ["93.184.216.34"], "internal.example.com": ["10.1.2.3"]}
    return names.get(host, [host])  # literal addresses resolve to themselves


@pytest.mark.parametrize(
    "url",
    [
        "http://hooks.example.com/x",
        "https://internal.example.com/x",
        "https://127.0.0.1/x",
        "https://169.254.169.254/latest",
        "",
        "not a url",
    ],
)
async def test_unsafe_urls_are_refused(store, clock, world, url, box):
    with pytest.raises(ApiError) as caught:
        await hooks.set_transaction_endpoint(
            store, clock, world.owner, url, box=box, resolver=public_resolver
        )
    assert (caught.value.code, caught.value.param) == ("invalid_parameter", "url")


async def test_one_transactions_endpoint_per_workspace(store, clock, world, box):
    first = await hooks.set_transaction_endpoint(
        store, clock, world.owner, "https://hooks.example.com/a", box=box, resolver=public_resolver
    )
    second = await hooks.set_transaction_endpoint(
        store, clock, world.owner, "https://hooks.example.com/b", box=box, resolver=public_resolver
    )
    assert second.id == first.id and second.secrets == first.secrets
    listed = await hooks.list_endpoints(store, world.owner)
    assert [(e.kind, e.url) for e in listed] == [("transactions", "https://hooks.example.com/b")]


async def test_members_cannot_manage_webhooks(store, clock, world, box):
    member = attrs.evolve(world.owner, role="member")
    with pytest.raises(ApiError) as caught:
        await hooks.set_transaction_endpoint(
            store, clock, member, "https://hooks.example.com/a", box=box, resolver=public_resolver
        )
    assert (caught.value.code, caught.value.permission) == ("missing_permission", "webhooks.manage")


async def test_rolled_secret_signs_beside_the_old_one_for_a_day(
    store, clock, world, receiver, push_endpoint, deliverer, box
):
    old = hooks.current_secret(push_endpoint, box)
    rolled, new = await hooks.roll_secret(store, clock, world.owner, push_endpoint.id, box=box)
    assert [s["secret"] for s in hooks.shown_secrets(rolled, box)] == [new, old]
    for only in ([old], [new]):
        receiver.set_secrets(only)
        async with store.transaction() as uow:
            await observe_transactions(
                uow, clock.now(), world.workspace_id, "40001", [platform_row(f"t-{only[0][-6:]}")]
            )
        await deliverer.run_once()
    got = receiver.wait_for(2)
    assert all(len(parse_header(r.headers["x-svc-signature"])[1]) == 2 for r in got)
    clock.advance(hours=24, seconds=1)
    receiver.set_secrets([new])
    async with store.transaction() as uow:
        await observe_transactions(
            uow, clock.now(), world.workspace_id, "40001", [platform_row("later")]
        )
    await deliverer.run_once()
    last = receiver.wait_for(3)[-1]
    assert len(parse_header(last.headers["x-svc-signature"])[1]) == 1


async def test_test_send_and_manual_redelivery(
    store, clock, world, receiver, push_endpoint, deliverer, sender
):
    receiver.set_mode("fail", 500)
    async with store.transaction() as uow:
        await observe_transactions(
            uow, clock.now(), world.workspace_id, "40001", [platform_row("t1")]
        )
    await deliverer.run_once()
    [delivery] = await deliveries_of(store, push_endpoint.id)
    with pytest.raises(ApiError):  # still pending: nothing to redeliver yet
        await hooks.redeliver(store, clock, world.owner, delivery.id)
    for _ in range(4):
        clock.advance(hours=2)
        await deliverer.run_once()
    assert (await endpoint_now(store, world.workspace_id, push_endpoint.id)).failing

    receiver.recover()
    test = await hooks.send_test(store, clock, world.owner, sender, push_endpoint.id)
    assert (test.status, test.attempts) == ("succeeded", 1)
    [got] = receiver.wait_for(1)
    assert got.event == "test" and got.json["type"] == "test" and got.json["data"]["message"]
    assert not (await endpoint_now(store, world.workspace_id, push_endpoint.id)).failing

    again = await hooks.redeliver(store, clock, world.owner, delivery.id)
    assert (again.status, again.attempts) == ("pending", 0)
    await deliverer.run_once()
    [_, redelivered] = receiver.wait_for(2)
    assert redelivered.delivery_id == delivery.id
    log = await hooks.list_deliveries(store, world.owner, push_endpoint.id)
    statuses = {d.id: (d.status, last.status_code) for d, last in log}
    assert statuses[delivery.id] == ("succeeded", 200)
    attempts = await hooks.list_attempts(store, world.owner, delivery.id)
    assert [a.status_code for a in attempts] == [500] * 5 + [200]
