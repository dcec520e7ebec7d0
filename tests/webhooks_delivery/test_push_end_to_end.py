"""End to end over real HTTP: transactions appearing on the fake platform reach the receiver,
signed, exactly once per change, and the pull feed reports exactly the same rows in order."""

from __future__ import annotations

from service.revenue.usecases import observe_transactions
from service.webhooks.deliverer import Deliverer
from service.webhooks.usecases import current_secret, set_transaction_endpoint
from tests.webhooks_delivery.delivery_kit import loopback_sender


async def read_platform(linked, session: str) -> list[dict]:
    rows, offset = [], 0
    while True:
        page = await linked.services.platforms.live.request(
            "GET /payouts/transactions", session=session, query={"limit": 100, "offset": offset}
        )
        rows.extend(page["list"])
        if not page["hasMore"]:
            return rows
        offset += len(page["list"])


async def observe_from_platform(linked, clock, session: str) -> list[dict]:
    rows = await read_platform(linked, session)
    async with linked.services.store.transaction() as uow:
        return await observe_transactions(
            uow, clock.now(), linked.world.workspace_id, linked.creator_id, rows
        )


async def pull_everything(linked) -> list[dict]:
    rows, params = [], {"since": "2000-01-01T00:00:00Z", "limit": 1000}
    while True:
        body = await linked.client.get(
            "/v1/revenue/transactions",
            params=params,
            headers={"x-service-api-key": linked.world.live_key},
        )
        body = body.json()
        rows.extend(body["transactions"])
        if not body["hasMore"]:
            return rows
        params = {"cursor": body["nextCursor"], "limit": 1000}


async def test_platform_transactions_reach_the_receiver_once_per_change(
    linked, clock, receiver, receiver_url, http
):
    store, box = linked.services.store, linked.services.secrets
    endpoint = await set_transaction_endpoint(
        store, clock, linked.world.owner, receiver_url + "/push", box=box, allow_loopback=True
    )
    receiver.set_secrets([current_secret(endpoint, box)])
    deliverer = Deliverer(
        store,
        clock,
        loopback_sender(http, box),
    )
    session = linked.platform.state.create_session(linked.creator_id).token

    seen = await observe_from_platform(linked, clock, session)
    assert seen, "the seeded creator has transactions"
    await deliverer.run_once()
    first = receiver.wait_for(len(seen))
    assert sorted(r.json["data"]["id"] for r in first) == sorted(r["id"] for r in seen)

    control = f"{linked.platform.base_url}/_control/creators/{linked.creator_id}/transactions"
    added = (await http.post(control, json={"kind": "tip", "grossCents": 2500})).json()
    changed = seen[0]["id"]
    await http.patch(f"{control}/{changed}", json={"status": "refunded"})
    clock.advance(minutes=1)
    again = await observe_from_platform(linked, clock, session)
    assert sorted(r["id"] for r in again) == sorted([added["id"], changed])
    assert await observe_from_platform(linked, clock, session) == []  # nothing new: no version
    await deliverer.run_once()
    await deliverer.run_once()

    everything = receiver.wait_for(len(seen) + 2)
    assert len(receiver.received) == len(seen) + 2, "each change is POSTed exactly once"
    assert all(r.verified and r.event == "transaction.observed" for r in everything)
    assert len({r.delivery_id for r in everything}) == len(everything)
    envelope = everything[-1].json
    assert set(envelope) == {"id", "type", "createdAt", "mode", "sequence", "data"}
    assert envelope["mode"] == "live"
    assert envelope["type"] == "transaction.observed"
    refunded = [r.json["data"] for r in everything if r.json["data"]["id"] == changed]
    assert [row["status"] for row in refunded][-1] == "refunded" and len(refunded) == 2

    pulled = await pull_everything(linked)
    in_order = sorted(everything, key=lambda r: r.json["sequence"])
    assert pulled == [r.json["data"] for r in in_order], "push (by sequence) and pull agree"
