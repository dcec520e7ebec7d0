"""What a sync costs as an account grows: platform calls, time and memory of a first sync, an
unchanged one, one after a new fan, and a full reconciliation that must find an expiry 80% deep
in the fan list, at each size (fans and revenue rows alike) on each database.

    python -m bench.sync_scale [--sizes 1000,10000] [--chats 100] [--databases sqlite,postgres]

The fake platform (harness/platform) runs on a real socket in this process and counts every
call (`PlatformState.calls_by_route`); the service syncs through its real syncer over HTTP with
a budget no sync reaches, so time is the sync's own (and the fake's, which keeps its lists
sorted until they change and renders only the page asked for). Memory is this process's resident set: its peak while the sync runs, sampled
every 20 ms, minus what it was just before (the fake's answers are in it too). The clock is a
manual one, moved past `COUNTERSIGN_SYNC_FULL_INTERVAL` for the reconciliation.

Each sync's CPU is split: the service's (this process's CPU less the fake platform's thread)
and, on PostgreSQL, the database's (the CPU of the server's backends for the bench database,
read from /proc: the server runs on this machine); SQLite's runs in the service's own. The
fake platform's thread CPU is shown apart: the wall time less these three is waiting. The
first sync's CPU per fan at each size, against the smallest size's, says whether it is linear
(about 1.0 at every size).

Goals at 50,000 fans and rows: unchanged ≤ 5% of the first sync's calls; one new fan ≤ 10
calls more than unchanged; the reconciliation finds the expiry; memory growth ≤ 50 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Self

from bench import quick
from bench.sync_cost import EMAIL, link
from harness.platform import PlatformState, run_platform_in_thread
from harness.platform.models import Fan, Message
from harness.scratch import scratch_database
from service.app import create_app, outgoing_http
from service.domain.clock import ManualClock
from service.settings import Settings
from service.synced.syncer import sync_account
from storage.migrate import migrate
from storage.sql.store import SqlStore

PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


def rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE_BYTES


class Peak:
    """The resident set's peak while a block runs, sampled by a thread."""

    def __init__(self) -> None:
        self.base = self.peak = 0
        self._stop = threading.Event()

    def __enter__(self) -> Self:
        self.base = self.peak = rss()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self) -> None:
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, rss())

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, rss())

    @property
    def growth_mb(self) -> float:
        return (self.peak - self.base) / 1_048_576


def _thread_cpu(name: str) -> float:
    """CPU seconds of this process's threads called `name` (the fake platform's)."""
    found = [t.ident for t in threading.enumerate() if t.name == name and t.ident]
    return sum(time.clock_gettime(time.pthread_getcpuclockid(i)) for i in found)


def _pids_cpu(pids: list[int]) -> dict[int, float]:
    """CPU seconds (user + system) of these processes, from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    used = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / ticks
    return used


async def _backends(store: SqlStore) -> list[int]:
    """The server processes serving the bench database (PostgreSQL)."""
    if store.dialect != "postgresql":
        return []
    sql = "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
    async with store.reading() as uow:
        return [int(row[0]) for row in (await uow.conn.exec_driver_sql(sql)).all()]


def grow(state: PlatformState, size: int, chats: int) -> tuple[str, list[str]]:
    """`size` fans (newest subscription first; every fourth expired), `size` revenue rows over
    the past, and `chats` chats of 3 messages; returns the creator and the fans, newest first."""
    with state.lock:
        creator = state.creator_by_email(EMAIL)
        assert creator is not None
        now = state.now()
        creator.fans = {}
        ids = []
        for n in range(size):
            fid = str(80_000_000 + n)
            creator.fans[fid] = Fan(
                id=fid,
                username=f"fan{n}",
                name=f"Fan {n}",
                avatar="",
                subscribed_at=now - dt.timedelta(minutes=n + 1),
                expired_at=now - dt.timedelta(days=1) if n % 4 == 3 else None,
                price_cents=999,
            )
            ids.append(fid)
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
        user_id = creator.user_id
    for n in range(size - len(creator.transactions)):
        when = state.now() - dt.timedelta(minutes=n + 1)
        state.add_transaction(user_id, {"occurredAt": when.isoformat(), "fanId": ids[n % size]})
    return user_id, ids


async def measure(url: str, size: int, chats: int) -> list[dict[str, object]]:
    state = PlatformState(seed=1)
    user_id, ids = grow(state, size, chats)
    clock = ManualClock()
    with run_platform_in_thread(state=state) as platform:
        store = SqlStore.from_url(url)
        await migrate(store.engine)
        settings = Settings(
            database_url=url,
            secret_key="bench-secret",
            run_workers=False,
            platform_url=platform.base_url,
            platform_timeout=60.0,
            password_hashing="cheapest",
            platform_budget=10_000_000,
        )
        app = create_app(settings, store=store, clock=clock)
        services = app.state.services
        rows: list[dict[str, object]] = []
        try:
            async with outgoing_http(services):
                workspace_id = await link(services, state, user_id)

                async def one(name: str) -> None:
                    state.calls.clear()
                    clock.advance(seconds=1)
                    db_before = _pids_cpu(await _backends(store))
                    cpu, fake = time.process_time(), _thread_cpu("fake-platform")
                    started = time.perf_counter()
                    with Peak() as peak:
                        account = await sync_account(services.syncing, workspace_id, user_id)
                    assert account is not None and account.status == "healthy", account
                    seconds = time.perf_counter() - started
                    fake = _thread_cpu("fake-platform") - fake
                    service = time.process_time() - cpu - fake
                    db_after = _pids_cpu(await _backends(store))
                    db = sum(used - db_before.get(pid, 0.0) for pid, used in db_after.items())
                    rows.append(
                        {
                            "sync": name,
                            "calls": sum(state.calls_by_route(user_id).values()),
                            "seconds": seconds,
                            "service_cpu": service,
                            "db_cpu": db,
                            "platform_cpu": fake,
                            "rss_mb": peak.growth_mb,
                        }
                    )

                async def status_of(fan_id: str) -> str | None:
                    async with store.reading() as uow:
                        fan = await uow.fans.get(workspace_id, user_id, fan_id)
                    return fan.subscription_status if fan else None

                await one("first")
                await one("unchanged")
                with state.lock:
                    state.creator(user_id).fans["99000001"] = Fan(
                        id="99000001",
                        username="brand.new",
                        name="Brand New",
                        avatar="",
                        subscribed_at=state.now(),
                        expired_at=None,
                        price_cents=999,
                    )
                await one("one new fan")
                assert await status_of("99000001") == "active"
                deep = next(
                    f for f in ids[int(size * 0.8) :] if state.creator(user_id).fans[f].active
                )
                with state.lock:
                    state.creator(user_id).fans[deep].expired_at = state.now()
                await one("one expiry (quick pass)")
                quick_found = await status_of(deep) == "expired"
                clock.advance(seconds=settings.sync_full_interval)
                await one("full reconciliation")
                assert await status_of(deep) == "expired", "the reconciliation missed the expiry"
                rows[-2]["note"] = "found" if quick_found else "waits for the reconciliation"
                rows[-1]["note"] = f"found the expiry {ids.index(deep):,} fans deep"
        finally:
            await store.close()
    return rows


def goals(kind: str, size: int, rows: list[dict[str, object]]) -> tuple[str, bool]:
    """The goals against one size's syncs: held at 50,000 and above, shown for smaller sizes."""
    calls = [int(row["calls"]) for row in rows]  # type: ignore[call-overload]
    first, unchanged, new_fan = calls[0], calls[1], calls[2]
    peak = max(float(row["rss_mb"]) for row in rows)  # type: ignore[arg-type]
    found = str(rows[-1].get("note", ""))
    checks = {
        f"unchanged {unchanged / first:.2%} of first (≤ 5%)": unchanged <= 0.05 * first,
        f"one new fan +{new_fan - unchanged} calls (≤ 10)": new_fan - unchanged <= 10,
        f"reconciliation {found}": found.startswith("found"),
        f"largest RSS growth {peak:.1f} MB (≤ 50 MB)": peak <= 50,
    }
    held = size >= 50_000
    marks = "; ".join(f"{text}: {'met' if met else 'MISSED'}" for text, met in checks.items())
    scope = "goal" if held else "shown only"
    return f"{kind} {size:,} ({scope}): {marks}", all(checks.values()) or not held


def run(kind: str, size: int, args: argparse.Namespace) -> list[dict[str, object]]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="cs-sync-scale-") as folder:
            return asyncio.run(measure(f"sqlite:///{Path(folder) / 'bench.db'}", size, args.chats))
    with scratch_database(args.postgres_admin_url, "cs_sync_scale") as url:
        return asyncio.run(measure(url, size, args.chats))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--chats", type=int, default=100)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = quick.parse(parser, argv, sizes="100", chats=5, databases="sqlite")
    ok = True
    checks: list[tuple[str, bool]] = []
    print(f"fans = revenue rows = size; {args.chats} chats of 3 messages\n")
    print(
        "| database | size | sync | platform calls | ÷ first | seconds | service CPU s"
        " | database CPU s | fake platform CPU s | RSS growth MB | note |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|")
    per_fan: list[str] = []
    for kind in args.databases.split(","):
        smallest: tuple[float, float] | None = None
        for size in (int(s) for s in args.sizes.split(",")):
            rows = run(kind, size, args)
            first = int(rows[0]["calls"])  # type: ignore[call-overload]
            for row in rows:
                calls = int(row["calls"])  # type: ignore[call-overload]
                print(
                    f"| {kind} | {size:,} | {row['sync']} | {calls:,} | {calls / first:.2%} | "
                    f"{float(row['seconds']):.2f} | {float(row['service_cpu']):.2f} | "  # type: ignore[arg-type]
                    f"{float(row['db_cpu']):.2f} | {float(row['platform_cpu']):.2f} | "  # type: ignore[arg-type]
                    f"{float(row['rss_mb']):.1f} | "  # type: ignore[arg-type]
                    f"{row.get('note', '')} |",
                    flush=True,
                )
            checks.append(goals(kind, size, rows))
            service = float(rows[0]["service_cpu"]) / size  # type: ignore[arg-type]
            db = float(rows[0]["db_cpu"]) / size  # type: ignore[arg-type]
            smallest = smallest or (service, db)
            per_fan.append(
                f"{kind} {size:,}: first sync per fan, service CPU {service * 1e6:.0f} µs"
                f" ({service / smallest[0]:.2f}x the smallest size's), database CPU"
                f" {db * 1e6:.0f} µs" + (f" ({db / smallest[1]:.2f}x)" if smallest[1] > 0 else "")
            )
    print()
    print("\n".join(per_fan))
    for line, met in checks:
        print(line)
        ok = ok and met
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
