"""The first sync of a large account, paced within the syncer's share of the platform budget:
how long it takes, how many calls the platform sees per budget window, and whether live reads
made meanwhile get through (the creator's session must stay usable during a sync).

    python -m bench.sync_pacing [--fans 5000] [--chats 1000] [--databases sqlite]
        [--budget 600] [--window 60] [--share 0.8] [--storage memory://]

The account of bench/sync_cost.py (5,000 fans, 1,000 chats: 1,071 calls in its first sync) is
synced once through the real syncer over HTTP to the fake platform, at the default budget
unless told otherwise; this takes minutes of wall time, almost all of it waiting (the budget
counts with real time), and little CPU. Meanwhile a live read (what `fresh=true` and the
platform route do: `connect(enforce_budget=True)`) is made every `--live-every` seconds, and the
budget's own count of the account is sampled. Printed: the sync's duration, its calls, the
platform's calls per budget window from the first call (and in the busiest window of that length
anywhere), the highest count the budget held (sync and live reads), and the live reads that
got through or were refused. The run exits 1 if the sync did not finish healthy with every fan
and chat, or outlasted its lease (`COUNTERSIGN_SYNC_INTERVAL`).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import os
import sys
import tempfile
import time
from pathlib import Path

from limits import strategies as sync_strategies
from limits.aio import strategies as async_strategies
from limits.aio.storage import RedisStorage

from bench import quick
from bench.sync_cost import grow, link
from harness.platform import PlatformState, run_platform_in_thread
from harness.scratch import scratch_database
from service.app import create_app, outgoing_http
from service.domain.clock import SystemClock
from service.http.ratelimit import close_storage
from service.platform.budget import BudgetSpent
from service.settings import Settings
from service.synced.syncer import sync_account
from storage.migrate import migrate
from storage.sql.store import SqlStore


class TimedState(PlatformState):
    """The fake platform's state, also noting when each call arrived (monotonic seconds)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: list[float] = []

    def count_call(self, route: str, user_id: str | None) -> None:
        super().count_call(route, user_id)
        self.arrivals.append(time.monotonic())


def busiest(arrivals: list[float], window: float) -> int:
    """The most calls that arrived within any `window` seconds."""
    return max(
        (bisect.bisect_left(arrivals, at + window) - n for n, at in enumerate(arrivals)), default=0
    )


def per_window(arrivals: list[float], window: float) -> list[int]:
    if not arrivals:
        return []
    counts = [0] * (int((arrivals[-1] - arrivals[0]) // window) + 1)
    for at in arrivals:
        counts[int((at - arrivals[0]) // window)] += 1
    return counts


async def budget_count(services, key: str) -> int:
    budget = services.platforms.budget
    if isinstance(services.limits, RedisStorage):
        limiter = async_strategies.SlidingWindowCounterRateLimiter(services.limits)
        stats = await limiter.get_window_stats(budget.item, key)
    else:
        stats = sync_strategies.SlidingWindowCounterRateLimiter(services.limits).get_window_stats(
            budget.item, key
        )
    return budget.calls - stats.remaining


async def measure(url: str, args) -> dict:
    state = TimedState(seed=1)
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
            platform_budget=args.budget,
            platform_budget_window=args.window,
            platform_budget_sync_share=args.share,
            # --unpaced: a lease too short to wait in, so the sync sends every call at once, as
            # before pacing (its calls counted, never refused).
            sync_interval=0.001 if args.unpaced else Settings().sync_interval,
            limits_storage=args.storage,
            limits_prefix=f"cs-bench-pacing-{os.getpid()}",
        )
        app = create_app(settings, store=store, clock=SystemClock())
        services = app.state.services
        try:
            async with outgoing_http(services):
                workspace_id = await link(services, state, user_id)
                async with store.reading() as uow:
                    account = await uow.accounts.get(workspace_id, user_id)
                assert account is not None
                key = services.platforms.budget.key(workspace_id, user_id)
                state.calls.clear()
                started = time.monotonic()
                syncing = asyncio.create_task(sync_account(services.syncing, workspace_id, user_id))
                live = {"ok": 0, "refused": 0}
                peak, next_live = 0, started
                ended: float | None = None
                last_refused: float | None = None
                # Live reads during the sync, then for `--after` seconds more.
                while ended is None or time.monotonic() < ended + args.after:
                    if ended is None and syncing.done():
                        ended = time.monotonic()
                    peak = max(peak, await budget_count(services, key))
                    if time.monotonic() >= next_live:
                        next_live += args.live_every
                        connection = services.platforms.connect(account, enforce_budget=True)
                        try:
                            await connection.platform.request(
                                "GET /users/me", session=connection.session
                            )
                            live["ok"] += 1
                        except BudgetSpent:
                            live["refused"] += 1
                            last_refused = time.monotonic() - started
                    await asyncio.sleep(0.05)
                synced = syncing.result()
                took = ended - started
                async with store.reading() as uow:
                    held = await uow.synced.count_chats(workspace_id, user_id)
                    fans = len(await uow.fans.list(workspace_id, user_id, limit=10_000))
            assert synced is not None and synced.status == "healthy", synced
            assert held == args.chats and fans == args.fans, (held, fans)
        finally:
            await close_storage(services.limits)
            await store.close()
    calls = state.calls_made(user_id) - live["ok"]
    arrivals = state.arrivals
    return {
        "calls": calls,
        "took": took,
        "windows": per_window(arrivals, args.window),
        "busiest": busiest(arrivals, args.window),
        "peak": peak,
        "live": live,
        "last_refused": last_refused,
        "sync_calls": services.platforms.budget.sync_calls,
    }


def run(kind: str, args) -> dict:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="cs-sync-pacing-") as folder:
            return asyncio.run(measure(f"sqlite:///{Path(folder) / 'bench.db'}", args))
    with scratch_database(args.postgres_admin_url, "cs_sync_pacing") as url:
        return asyncio.run(measure(url, args))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fans", type=int, default=5000)
    parser.add_argument("--chats", type=int, default=1000)
    parser.add_argument("--databases", default="sqlite")
    defaults = Settings()
    parser.add_argument("--budget", type=int, default=defaults.platform_budget)
    parser.add_argument("--window", type=float, default=defaults.platform_budget_window)
    parser.add_argument("--share", type=float, default=defaults.platform_budget_sync_share)
    parser.add_argument("--storage", default="memory://")
    parser.add_argument("--live-every", type=float, default=1.0)
    parser.add_argument("--after", type=float, default=0.0, help="live reads after the sync, s")
    parser.add_argument("--unpaced", action="store_true", help="the sync as before pacing")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, fans=50, chats=5)
    ok = True
    lease = Settings().sync_interval
    print(
        f"account: {args.fans} fans, {args.chats} chats; budget {args.budget} calls per "
        f"{args.window:g} s, syncer's share {args.share:g}"
        f"{' (unpaced: the sync as before pacing)' if args.unpaced else ''}; {args.storage}; "
        f"a live read every {args.live_every:g} s, until {args.after:g} s after the sync; "
        f"loadavg {os.getloadavg()[0]:.1f}\n"
    )
    print(
        "| database | calls | first sync took | calls per window | busiest window | "
        "budget's peak count | live reads ok / refused | last refused |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for kind in args.databases.split(","):
        r = run(kind, args)
        ok = ok and r["took"] < lease
        windows = " / ".join(str(n) for n in r["windows"])
        print(
            f"| {kind} | {r['calls']} | {r['took']:.1f} s | {windows} | {r['busiest']} | "
            f"{r['peak']} (share {r['sync_calls']}) | {r['live']['ok']} / {r['live']['refused']} | "
            + ("none" if r["last_refused"] is None else f"{r['last_refused']:.1f} s in")
            + " |"
        )
    print(f"\nloadavg after: {os.getloadavg()[0]:.1f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
