"""The synced families and the account's platform budget (service/platform/budget.py): a sync
spends it like every platform read, a fresh read over it is `429 rate_limited` with the
synced-data hint, and the synced reads keep answering (both drivers, the fake over HTTP)."""

from __future__ import annotations

from service.synced.syncer import sync_account
from tests.factories import build_world
from tests.limits.test_platform_budget import assert_over_budget, budget_settings, instance
from tests.platform_world import link_creator


async def test_fresh_family_reads_over_the_budget_are_refused_synced_ones_answer(
    store, clock, fake_platform, tmp_path
):
    # Enough for one sync of the seeded creator (a few dozen calls), not for much more.
    settings = budget_settings(tmp_path, fake_platform, 60)
    async with instance(settings, store, clock) as (client, services):
        world = await build_world(store, clock)
        creator = await link_creator(services, fake_platform, world.workspace_id, clock)
        fake_platform.state.calls.clear()
        await sync_account(services.syncing, world.workspace_id, creator.user_id)
        spent = fake_platform.state.calls_made(creator.user_id)
        assert 0 < spent <= 60
        base = f"/v1/accounts/{creator.user_id}"
        fan_id = (await client.get(f"{base}/chats?limit=1", headers=world.auth())).json()["data"][
            0
        ]["fanId"]
        refused = None
        for _ in range(60 - spent + 1):
            response = await client.get(f"{base}/chats?fresh=true&limit=1", headers=world.auth())
            if response.status_code != 200:
                refused = response
                break
        assert refused is not None
        assert_over_budget(refused)
        for path in ("lists", "chats", f"chats/{fan_id}/messages", "posts", "earnings"):
            live = await client.get(f"{base}/{path}?fresh=true", headers=world.auth())
            assert_over_budget(live)
            synced = await client.get(f"{base}/{path}", headers=world.auth())
            assert synced.status_code == 200 and synced.json()["meta"]["source"] == "synced"
