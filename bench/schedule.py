"""Scheduled runs at volume: N approved actions due in the same minute all run within 60 s of
their `runAt`, none twice, on SQLite (one executor) and PostgreSQL (two replicas: two stores,
two executors, as two processes would have).

    python -m bench.schedule [--actions 10000] [--databases sqlite,postgres]

Test-mode actions (the sandbox: no network, `{"simulated": true}`), so what is measured is the
schedule's own path: the indexed claim of due actions, the account read, the finish and its
event. The clock is a manual one set to the minute the actions fall due (each `runAt` spread
over that minute); the executors then run until none is left, and the report gives the wall
time from the moment they start to the last action executed (the worst lateness past `runAt`),
how many ran, and how many were claimed twice (must be 0). See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import time
import uuid
from pathlib import Path

import attrs
import sqlalchemy as sa

from bench import quick
from harness.scratch import scratch_database
from service.actions.creation import create_action
from service.actions.decisions import decide_action
from service.app import build_services
from service.domain.clock import ManualClock, isoformat
from service.http.auth import principal_for_key
from service.runtime.runner import executor_for
from service.settings import Settings
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore
from tests.factories import build_world

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


async def _prepare(url: str, n: int, clock: ManualClock) -> dt.datetime:
    """N test-mode actions scheduled within one minute an hour from now, all approved (a type
    the sandbox runs without looking anything up, so every one can end `executed`)."""
    store = SqlStore.from_url(url)
    try:
        world = await build_world(store, clock)
        agent = await principal_for_key(store, clock, world.test_key)
        owner = attrs.evolve(world.owner, mode="test")
        due = clock.now().replace(second=0, microsecond=0) + dt.timedelta(hours=1)
        for i in range(n):
            created = await create_action(
                store,
                clock,
                agent,
                world.sandbox_accounts[0],
                f"s{i}",
                "mark_notifications_read",  # the sandbox accepts it with no data to find
                {},
                run_at=isoformat(due + dt.timedelta(milliseconds=60_000 * i // n)),
            )
            await decide_action(
                store,
                clock,
                owner,
                created.action.id,
                approve=True,
                note=None,
                wake_executor=lambda: None,
            )
        return due
    finally:
        await store.close()


async def one_run(url: str, n: int, replicas: int) -> None:
    engine = make_engine(url)
    await migrate(engine)
    clock = ManualClock()
    due = await _prepare(url, n, clock)
    settings = Settings(
        database_url=url, secret_key="bench", run_workers=False, public_url="http://bench.test"
    )
    services = [
        build_services(settings, store=SqlStore.from_url(url), clock=clock) for _ in range(replicas)
    ]
    try:
        clock.advance(seconds=(due - clock.now()).total_seconds() + 60)  # the whole minute is due
        started = time.perf_counter()
        counts = await asyncio.gather(
            *[executor_for(s, f"replica{i}").run_waiting() for i, s in enumerate(services)]
        )
        elapsed = time.perf_counter() - started
        async with engine.connect() as conn:
            statuses = dict(
                (
                    await conn.execute(
                        sa.text("SELECT status, count(*) FROM actions GROUP BY status")
                    )
                ).all()
            )
            events = (
                await conn.execute(
                    sa.text("SELECT count(*) FROM events WHERE type = 'action.executed'")
                )
            ).scalar()
        twice = sum(counts) - n
        print(
            f"{url.split(':')[0]} x{replicas}: {n} due, ran {sum(counts)} {counts}, "
            f"statuses {statuses}, executed events {events}, twice {twice}, "
            f"last ran {elapsed:.1f} s after the minute fell due"
        )
    finally:
        for s in services:
            await s.store.close()
        await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--databases", default="sqlite,postgres")
    args = quick.parse(parser, None, actions=100, databases="sqlite")
    for name in args.databases.split(","):
        if name == "sqlite":
            path = Path(f"/tmp/bench-schedule-{uuid.uuid4().hex}.db")
            try:
                asyncio.run(one_run(f"sqlite:///{path}", args.actions, 1))
            finally:
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
        else:
            with scratch_database(POSTGRES, "cs_bench") as url:
                asyncio.run(one_run(url, args.actions, 2))


if __name__ == "__main__":
    main()
