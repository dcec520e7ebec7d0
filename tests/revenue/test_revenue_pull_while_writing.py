"""Paging revenue by cursor under load (docs/revenue.md): a reader that stores `nextCursor` and
polls sees every row exactly once and in order, while several writers keep committing rows
between (and during) its pages."""

from __future__ import annotations

import asyncio
import random

import attrs
import pytest

from service.revenue.usecases import observe_transactions
from tests.factories import add_live_account, build_world

URL = "/v1/revenue/transactions"


@pytest.fixture
def settings(settings):
    """A reader polling flat out is not what this test is about: lift the rate limit."""
    return attrs.evolve(settings, rate_limit=1_000_000)


def platform_row(tx_id: str, version: int) -> dict:
    return {
        "id": tx_id,
        "fanId": "f1",
        "kind": "tip",
        "description": f"v{version}",
        "status": "pending",
        "grossCents": 500 + version,
        "netCents": 400,
        "feeCents": 100,
        "vatCents": 0,
        "currency": "USD",
        "occurredAt": "2026-11-01T10:00:00Z",
        "deleted": False,
    }


async def test_a_polling_reader_sees_every_row_exactly_once(store, clock, client):
    world = await build_world(store, clock)
    accounts = ["40001", "40002", "40003"]
    for account in accounts[1:]:
        await add_live_account(store, clock, world.workspace_id, account, username=account)
    written: list[tuple[str, str]] = []
    done = asyncio.Event()

    async def writer(n: int) -> None:
        rng = random.Random(n)
        for batch in range(25):
            rows = [
                platform_row(f"w{n}-{rng.randrange(30)}", batch * 100 + i)
                for i in range(rng.randrange(1, 6))
            ]
            async with store.transaction() as uow:
                out = await observe_transactions(
                    uow, clock.now(), world.workspace_id, accounts[n % 3], rows
                )
                await asyncio.sleep(0)  # let readers run while this transaction is open
            written.extend((r["id"], r["description"]) for r in out)

    async def reader() -> list[dict]:
        seen: list[dict] = []
        params: dict = {"since": "2000-01-01T00:00:00Z", "limit": 7}
        while True:
            finished = done.is_set()
            body = (
                await client.get(URL, params=params, headers={"x-service-api-key": world.live_key})
            ).json()
            assert "transactions" in body, body
            seen.extend(body["transactions"])
            params = {"cursor": body["nextCursor"], "limit": 7}
            if finished and not body["hasMore"]:
                return seen

    async def writers() -> None:
        await asyncio.gather(*(writer(n) for n in range(4)))
        done.set()

    seen, _ = await asyncio.gather(reader(), writers())
    got = [(r["id"], r["description"]) for r in seen]
    assert len(got) == len(set(got)), "a row was read twice"
    assert sorted(got) == sorted(written), "a row was missed"
    observed = [r["observedAt"] for r in seen]
    assert observed == sorted(observed)
