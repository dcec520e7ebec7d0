"""Several worker processes on one PostgreSQL database sync each account once per interval:
each claims an account's lease with a conditional write before syncing it (real processes)."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from service.app import build_services
from service.settings import Settings
from storage.sql.store import SqlStore
from tests.factories import add_live_account, build_world, empty_every_table

WORKERS = 3
START_WORKER = (
    "import logging, sys; logging.basicConfig(level=logging.INFO, stream=sys.stderr, "
    "format='%(name)s %(message)s'); from service.cli.console import main; main(['worker'])"
)


@pytest.fixture
async def pg_store(postgres_url):
    store = SqlStore.from_url(postgres_url)
    await empty_every_table(store)
    yield store
    await store.close()


async def first_round(worker: asyncio.subprocess.Process) -> str:
    """The worker's log line for its first sync round (read as it is written)."""
    seen = []
    while line := (await worker.stderr.readline()).decode():
        seen.append(line)
        if line.startswith("countersign.syncer sync round by"):
            return line
    raise AssertionError("a worker exited before its first round:\n" + "".join(seen)[-3000:])


async def test_each_account_is_synced_once_per_interval_by_all_workers(
    postgres_url, pg_store, clock, fake_platform
):
    settings = Settings(
        database_url=postgres_url,
        secret_key="sync-workers",
        run_workers=False,
        public_url="http://countersign.test",
        platform_url=fake_platform.base_url,
    )
    services = build_services(settings, store=pg_store, clock=clock)
    world = await build_world(pg_store, clock)
    state = fake_platform.state
    reads = {}
    for creator in sorted(state.creators.values(), key=lambda c: c.user_id):
        session = state.create_session(creator.user_id)
        await add_live_account(
            pg_store,
            clock,
            world.workspace_id,
            creator.user_id,
            creator.username,
            status="syncing",
            last_synced_at=None,
            session_secret=services.secrets.seal(session.token),
        )
        # A pass-through fault only counts the snapshot reads of this creator's session.
        reads[creator.user_id] = state.faults.add(
            {"route": "GET /users/me", "delayMs": 1, "userId": creator.user_id}
        )

    env = {
        **os.environ,
        "COUNTERSIGN_DATABASE_URL": postgres_url,
        "COUNTERSIGN_SECRET_KEY": "sync-workers",
        "COUNTERSIGN_PLATFORM_URL": fake_platform.base_url,
        "COUNTERSIGN_SYNC_INTERVAL": "3600",
    }
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            START_WORKER,
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(WORKERS)
    ]
    try:
        rounds = await asyncio.wait_for(asyncio.gather(*map(first_round, workers)), 120)
    finally:
        for worker in workers:
            worker.kill()
            await worker.wait()

    assert len(reads) >= 3 and len(rounds) == WORKERS
    assert {user: fault.hits for user, fault in reads.items()} == {user: 1 for user in reads}
    async with pg_store.reading() as uow:
        accounts = await uow.accounts.list(world.workspace_id, mode="live", only=list(reads))
    assert [a.status for a in accounts] == ["healthy"] * len(reads)
    assert all(a.last_synced_at is not None for a in accounts)
