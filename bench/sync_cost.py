"""What a sync costs in platform calls: first sync, a second with nothing changed, and one after
10 new messages in 3 chats, on an account with 5,000 fans and 1,000 chats (the goals: the
second makes at most 5% of the first's calls; the third at most 10 calls more than the second).

    python -m bench.sync_cost [--fans 5000] [--chats 1000] [--databases sqlite,postgres]

The fake platform (harness/platform) runs on a real socket and counts every call it receives
(`PlatformState.calls_by_route`); the service syncs the account through its real syncer over
HTTP, on each database. Calls are counted, not timed, so the figures are exact and repeatable.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import sys
import tempfile
from pathlib import Path

from bench import quick
from harness.platform import PlatformState, run_platform_in_thread
from harness.platform.models import Fan, Message
from harness.scratch import scratch_database
from service.accounts.model import Account
from service.app import create_app, outgoing_http
from service.domain.clock import SystemClock
from service.settings import Settings
from service.synced.syncer import sync_account
from service.workspaces.usecases import create_workspace
from storage.migrate import migrate
from storage.sql.store import SqlStore

EMAIL = "mia@creators.test"


def grow(state: PlatformState, fans: int, chats: int) -> str:
    """Give the seeded creator `fans` fans and `chats` chats of 3 messages each."""
    with state.lock:
        creator = state.creator_by_email(EMAIL)
        assert creator is not None
        now = state.now()
        for n in range(fans - len(creator.fans)):
            fid = str(80_000_000 + n)
            creator.fans[fid] = Fan(
                id=fid,
                username=f"fan{n}",
                name=f"Fan {n}",
                avatar="",
                subscribed_at=now - dt.timedelta(days=n % 300 + 1),
                expired_at=None if n % 4 else now - dt.timedelta(days=1),
                price_cents=999,
            )
        ids = list(creator.fans)
        creator.chats = {}
        for n, fid in enumerate(ids[:chats]):
            creator.chats[fid] = [
                Message(
                    id=state.new_id(),
                    fan_id=fid,
                    from_creator=bool(k % 2),
                    text=f"<p>message {k} in chat {n}</p>",
                    price=0,
                    media_ids=[],
                    created_at=now - dt.timedelta(minutes=n * 10 + 3 - k),
                )
                for k in range(3)
            ]
        return creator.user_id


def new_messages(state: PlatformState, user_id: str, spread: tuple[int, ...]) -> None:
    """`sum(spread)` new fan messages in `len(spread)` chats (the oldest chats, so they move
    to the top of the list)."""
    with state.lock:
        creator = state.creator(user_id)
        chosen = list(creator.chats)[-len(spread) :]
        now = state.now()
        for fid, count in zip(chosen, spread, strict=True):
            for k in range(count):
                creator.chats[fid].append(
                    Message(
                        id=state.new_id(),
                        fan_id=fid,
                        from_creator=False,
                        text=f"<p>new {k}</p>",
                        price=0,
                        media_ids=[],
                        created_at=now + dt.timedelta(seconds=k + 1),
                    )
                )


async def link(services, state: PlatformState, user_id: str) -> str:
    """A new workspace holding the creator as a live account with a fresh platform session, as a
    finished hosted link leaves it; returns the workspace's id."""
    store = services.store
    workspace = await create_workspace(store, services.clock, "Sync cost")
    session = state.create_session(user_id)
    now = services.clock.now()
    async with store.transaction() as uow:
        await uow.accounts.add(
            Account(
                workspace_id=workspace.id,
                id=user_id,
                mode="live",
                username="mia",
                name="Mia",
                avatar_url=None,
                status="healthy",
                status_reason=None,
                writes_enabled=True,
                linked_at=now,
                last_synced_at=None,
                counts={},
                revenue30d={},
                subscription_price=None,
                session_secret=services.secrets.seal(session.token),
            )
        )
    return str(workspace.id)


async def measure(url: str, args) -> dict[str, dict[str, int]]:
    state = PlatformState(seed=1)
    user_id = grow(state, args.fans, args.chats)
    with run_platform_in_thread(state=state) as platform:
        store = SqlStore.from_url(url)
        await migrate(store.engine)
        settings = Settings(
            database_url=url,
            secret_key="bench-secret",
            run_workers=False,
            platform_url=platform.base_url,
            platform_timeout=30.0,
            password_hashing="cheapest",
            # Calls are counted here, not paced: a budget no sync reaches (bench/sync_pacing.py
            # measures the first sync paced at the default budget).
            platform_budget=1_000_000,
        )
        app = create_app(settings, store=store, clock=SystemClock())
        services = app.state.services
        try:
            async with outgoing_http(services):
                workspace_id = await link(services, state, user_id)

                async def one_sync() -> dict[str, int]:
                    state.calls.clear()
                    account = await sync_account(services.syncing, workspace_id, user_id)
                    assert account is not None and account.status == "healthy", account
                    return state.calls_by_route(user_id)

                first = await one_sync()
                second = await one_sync()
                new_messages(state, user_id, (4, 3, 3))
                third = await one_sync()
                async with store.reading() as uow:
                    held = await uow.synced.count_chats(workspace_id, user_id)
                    fans = len(await uow.fans.list(workspace_id, user_id, limit=10_000))
                assert held == args.chats and fans == args.fans, (held, fans)
        finally:
            await store.close()
    return {"first": first, "second": second, "third": third}


def run(kind: str, args) -> dict[str, dict[str, int]]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="cs-sync-cost-") as folder:
            return asyncio.run(measure(f"sqlite:///{Path(folder) / 'bench.db'}", args))
    with scratch_database(args.postgres_admin_url, "cs_sync_cost") as url:
        return asyncio.run(measure(url, args))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fans", type=int, default=5000)
    parser.add_argument("--chats", type=int, default=1000)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, fans=50, chats=5, databases="sqlite")
    ok = True
    print(f"account: {args.fans} fans, {args.chats} chats of 3 messages\n")
    print(
        "| database | first sync | second (nothing changed) | second / first | "
        "after 10 new messages in 3 chats | third - second |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for kind in args.databases.split(","):
        calls = run(kind, args)
        first, second, third = (sum(calls[k].values()) for k in ("first", "second", "third"))
        ok = ok and second <= 0.05 * first and third - second <= 10
        print(
            f"| {kind} | {first} | {second} | {second / first:.2%} | {third} | {third - second} |"
        )
        for name in ("first", "second", "third"):
            routes = ", ".join(f"{r} {n}" for r, n in sorted(calls[name].items()))
            print(f"  {kind} {name}: {routes}", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
