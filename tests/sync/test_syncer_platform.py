"""The syncer against the fake platform over real HTTP: status moves the platform dictates,
relinking, and transactions observed once per change (docs/linking-and-sync.md)."""

from __future__ import annotations

import asyncio

from service.synced.syncer import sync_account, sync_all
from tests.linking.hosted_link_kit import MIA, running


async def _linked(env) -> str:
    link = await env.new_link()
    await env.sign_in(link, MIA)
    return env.creator_id(MIA[0])


async def test_expired_session_needs_relink_and_relink_keeps_id_and_history(store, clock, settings):
    async with running(store, clock, settings) as env:
        mia = await _linked(env)
        created = await env.client.post(
            f"/v1/accounts/{mia}/actions",
            json={"type": "send_message", "params": {"fanId": "1", "text": "<p>Hi</p>"}},
            headers={**env.world.auth(), "Idempotency-Key": "relink-1"},
        )
        assert created.status_code in (201, 202), created.text
        action_id = created.json()["data"]["id"]
        await env.client.get(f"/v1/accounts/{mia}", headers=env.world.auth())

        assert (await env.control.post(f"/creators/{mia}/expire-session")).status_code == 200
        clock.advance(minutes=5)
        await sync_account(env.services.syncing, env.world.workspace_id, mia)
        account = (await env.account(mia))["data"]
        assert account["status"] == "needs_relink"
        assert account["statusReason"] == ("The platform session expired. Link the account again.")
        synced_at = account["lastSyncedAt"]

        tally = await sync_all(env.services.syncing)  # a needs_relink account is left alone
        assert (await env.account(mia))["data"]["lastSyncedAt"] == synced_at
        assert tally["synced"] == 0

        relink = await env.new_link()
        await env.sign_in(relink, MIA)
        assert (await env.get_link(relink["id"]))["accountId"] == mia
        account = (await env.account(mia))["data"]
        assert account["status"] == "healthy" and account["lastSyncedAt"] != synced_at
        listed = await env.client.get("/v1/accounts", headers=env.world.auth())
        assert [a["id"] for a in listed.json()["data"]].count(mia) == 1
        kept = await env.client.get(f"/v1/actions/{action_id}", headers=env.world.auth())
        assert kept.status_code == 200 and kept.json()["data"]["accountId"] == mia
        assert len(await env.events("account.connected")) == 2


async def test_restriction_is_followed_both_ways(store, clock, settings):
    async with running(store, clock, settings) as env:
        mia = await _linked(env)
        await env.control.post(f"/creators/{mia}/restrict")
        # The link's first sync holds the account's lease for one interval: no round syncs
        # it again before then.
        assert (await sync_all(env.services.syncing))["synced"] == 0
        assert (await env.account(mia))["data"]["status"] == "healthy"
        clock.advance(seconds=settings.sync_interval)
        await sync_all(env.services.syncing)
        account = (await env.account(mia))["data"]
        assert account["status"] == "restricted" and "restricted" in account["statusReason"]

        await env.control.post(f"/creators/{mia}/unrestrict")
        clock.advance(seconds=settings.sync_interval)  # the next round's due time
        await sync_all(env.services.syncing)
        account = (await env.account(mia))["data"]
        assert (account["status"], account["statusReason"]) == ("healthy", None)


async def test_platform_down_keeps_status_and_data(store, clock, settings):
    async with running(store, clock, settings) as env:
        mia = await _linked(env)
        before = (await env.account(mia))["data"]
        await env.control.post("/faults", json={"route": "*", "status": 503})
        clock.advance(minutes=5)
        tally = await sync_all(env.services.syncing)
        after = (await env.account(mia))["data"]
        assert tally["failed"] == 1
        assert (after["status"], after["lastSyncedAt"]) == ("healthy", before["lastSyncedAt"])
        await env.control.delete("/faults")
        assert (await sync_all(env.services.syncing))["synced"] == 0  # retried once per interval
        clock.advance(seconds=settings.sync_interval)
        await sync_all(env.services.syncing)
        assert (await env.account(mia))["data"]["lastSyncedAt"] != before["lastSyncedAt"]


async def test_transactions_are_observed_once_per_change(store, clock, settings):
    async with running(store, clock, settings) as env:
        mia = await _linked(env)
        first = await env.events("transaction.observed")
        assert len(first) == len(env.platform.state.creators[mia].transactions)

        clock.advance(minutes=5)
        await sync_account(env.services.syncing, env.world.workspace_id, mia)
        assert len(await env.events("transaction.observed")) == len(first)  # nothing changed

        pending = next(
            tx
            for tx in env.platform.state.creators[mia].transactions.values()
            if tx.status == "pending" and not tx.deleted
        )
        changed = await env.control.patch(
            f"/creators/{mia}/transactions/{pending.id}", json={"status": "completed"}
        )
        assert changed.status_code == 200
        added = await env.control.post(
            f"/creators/{mia}/transactions", json={"grossCents": 1500, "kind": "tip"}
        )
        assert added.status_code == 201
        clock.advance(minutes=5)
        await sync_account(env.services.syncing, env.world.workspace_id, mia)
        await sync_account(env.services.syncing, env.world.workspace_id, mia)
        new = (await env.events("transaction.observed"))[len(first) :]
        assert sorted(e.data["id"] for e in new) == sorted([pending.id, added.json()["id"]])
        by_id = {e.data["id"]: e.data for e in new}
        assert by_id[pending.id]["status"] == "completed"
        assert by_id[pending.id]["observedAt"] > first[0].data["observedAt"]


async def test_account_is_syncing_while_the_first_sync_runs(store, clock, settings):
    async with running(store, clock, settings) as env:
        await env.control.post(
            "/faults",
            json={
                "route": "GET /payouts/transactions",
                "delayMs": 1500,
                "times": 1,
                "status": 200,
                "processed": True,
            },
        )
        link = await env.new_link()
        mia = env.creator_id(MIA[0])
        signing_in = asyncio.create_task(env.sign_in(link, MIA))
        seen = None
        async with asyncio.timeout(10):
            while seen is None:
                response = await env.client.get(f"/v1/accounts/{mia}", headers=env.world.auth())
                if response.status_code == 200:
                    seen = response.json()["data"]
                else:
                    await asyncio.sleep(0.02)
        assert (seen["status"], seen["statusReason"]) == ("syncing", "First sync in progress.")
        assert seen["lastSyncedAt"] is None
        await signing_in
        assert (await env.account(mia))["data"]["status"] == "healthy"
