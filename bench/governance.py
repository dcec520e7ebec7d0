"""Creating actions under an approval allowance, as a ratio to creating the same actions with
no policy, in one run, in process (the use case the REST and MCP channels call).

    python -m bench.governance [--actions 1000] [--rounds 3] [--databases sqlite,postgres]
                               [--latency 50] [--channel use-case|api] [--concurrency 1]
                               [--limit] [--window 0]

For each database and round: a fresh workspace with two linked accounts, one under an allowance
large enough for every action (`approvals: 0`, `maxPerDay` 10,000) and one with no policy; the
same `--actions` send_message actions are created one after another on each, alternating which
goes first. Reports the median actions/s of each side and the median of the per-round ratios
(allowance / no policy), with /proc/loadavg. `--channel use-case` (the default) calls the use
case directly, so the ratio is the service's own cost of an allowance; `--channel api` sends
each creation as a client does, `POST /v1/accounts/{id}/actions` with a live key, through the
whole app in process (ASGI, no socket, no workers, no rate limit), so the ratio is what a
client's throughput loses. `--concurrency N` keeps N creations in flight at once (N tasks, each
creating one after another), as N agents of one agency would. `--limit` adds a third account
under the same allowance and a daily limit of 10,000 `send_message` actions, created in the same
rounds: its ratios to no policy and to the allowance alone. `--window N` first writes N executed
`send_message` actions of the last day on the allowance's and the limit's accounts, so the
limit's window is full of actions a count would read.

Then, per database, `--latency` actions created one at a time under an allowance with the
executor running in the process (woken by the creation, as the API wakes it): p50 and p95 from
the create call to the row reading `executed` (read every millisecond). Test-mode actions (the
sandbox: no network), so what is measured is the service's own path. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import statistics
import time
import uuid
from pathlib import Path

from bench import quick
from harness.scratch import scratch_database
from service.actions.creation import create_action
from service.actions.policies.limits import parse_limits
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.usecases import set_account_policy
from service.domain.clock import SystemClock
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore
from tests.factories import add_live_account, build_world

ALLOWANCE = [
    {"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 10_000}
]
POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
LIMIT = parse_limits([{"types": ["send_message"], "perDay": 10_000}])
GOVERNED, PLAIN, LIMITED = "41001", "41002", "41003"
"""The account under the allowance, the one with no policy, and the one under both the
allowance and a daily limit (`--limit`)."""


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


async def _timed(n: int, concurrency: int, one) -> float:
    """Actions/s of `one(i)` for i in range(n), `concurrency` at a time (one after another in
    each of `concurrency` tasks)."""
    numbers = iter(range(n))

    async def worker() -> None:
        for i in numbers:
            await one(i)

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return n / (time.perf_counter() - started)


async def _create_many(store, clock, world, account: str, n: int, concurrency: int = 1) -> float:
    agent = world.owner.__class__(
        workspace_id=world.workspace_id,
        mode="live",
        kind="api_key",
        label="bench",
        scopes=frozenset({"read", "write"}),
        key_id="key_bench",
    )

    async def one(i: int) -> None:
        await create_action(
            store,
            clock,
            agent,
            account,
            f"{account}-{uuid.uuid4().hex}",
            "send_message",
            {"fanId": str(100000 + i), "text": f"Reply {i}"},
        )

    return await _timed(n, concurrency, one)


async def _post_many(
    app, key: str, account: str, n: int, expect: str, concurrency: int = 1
) -> float:
    """Actions/s of `n` creations over the API, `concurrency` at a time, each `expect`ed status."""
    from bench.hot_path_cpu import _request, _scope

    async def one(i: int) -> None:
        body = json.dumps(
            {"type": "send_message", "params": {"fanId": str(100000 + i), "text": f"Reply {i}"}}
        ).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"idempotency-key", f"{account}-{uuid.uuid4().hex}".encode()),
        ]
        path = f"/v1/accounts/{account}/actions"
        status, answer = await _request(app, _scope("POST", path, key, headers), body)
        if status >= 300 or json.loads(answer)["data"]["status"] != expect:
            raise SystemExit(f"create: {status} {answer[:300]!r}")

    return await _timed(n, concurrency, one)


SIDES = {"allowance": GOVERNED, "none": PLAIN, "limit": LIMITED}
"""Each measured side's account; `limit` only with `--limit`."""


def _order(labels: list[str], r: int) -> list[str]:
    """The sides in round `r`'s order: rotated each round, so none always goes first."""
    return labels[r % len(labels) :] + labels[: r % len(labels)]


async def one_round_api(
    url: str, n: int, labels: list[str], concurrency: int = 1, window: int = 0
) -> dict[str, float]:
    from bench.hot_path_cpu import _lifespan
    from bench.in_process import bench_settings
    from service.app import create_app

    store, clock = SqlStore.from_url(url), SystemClock()
    try:
        world = await _seed(url, store, clock, window)
    finally:
        await store.close()
    app = create_app(bench_settings(url))
    stop = await _lifespan(app)
    try:
        await _post_many(app, world.live_key, PLAIN, 20, "pending")  # warm up
        expect = {"allowance": "approved", "none": "pending", "limit": "approved"}
        return {
            label: await _post_many(
                app, world.live_key, SIDES[label], n, expect[label], concurrency
            )
            for label in labels
        }
    finally:
        await stop()


async def _fill(store, world, window: int) -> None:
    """`window` executed actions of the last day on the allowance's and the limit's accounts."""
    from storage.sql import tables
    from storage.sql.driver.rows import to_row
    from tests.storage.test_store_contract import make_action

    now = SystemClock().now()
    for account in (GOVERNED, LIMITED):
        rows = [
            to_row(
                make_action(
                    world.workspace_id,
                    account,
                    now - dt.timedelta(seconds=i + 1),
                    status="executed",
                )
            )
            for i in range(window)
        ]
        async with store.transaction() as uow:
            for start in range(0, len(rows), 1000):
                await uow.conn.execute(tables.actions.insert(), rows[start : start + 1000])


async def _seed(url: str, store, clock, window: int = 0):
    """A migrated database holding a workspace with three live accounts: one under the
    allowance, one with no policy, one under the allowance and a daily limit (and `window`
    actions already in the last day of the first and the last)."""
    engine = make_engine(url)
    await migrate(engine)
    await engine.dispose()
    world = await build_world(store, clock)
    await add_live_account(store, clock, world.workspace_id, GOVERNED, "gov.live")
    await add_live_account(store, clock, world.workspace_id, PLAIN, "plain.live")
    await add_live_account(store, clock, world.workspace_id, LIMITED, "lim.live")
    await set_account_policy(store, clock, world.owner, GOVERNED, parse_rules(ALLOWANCE))
    await set_account_policy(store, clock, world.owner, LIMITED, parse_rules(ALLOWANCE), LIMIT)
    if window:
        await _fill(store, world, window)
    return world


async def one_round(
    url: str, n: int, labels: list[str], concurrency: int = 1, window: int = 0
) -> dict[str, float]:
    store, clock = SqlStore.from_url(url), SystemClock()
    try:
        world = await _seed(url, store, clock, window)
        return {
            label: await _create_many(store, clock, world, SIDES[label], n, concurrency)
            for label in labels
        }
    finally:
        await store.close()


TEST_ALLOWANCE = [
    {
        "types": ["mark_notifications_read"],
        "approvals": 0,
        "approvers": "members",
        "maxPerDay": 10_000,
    }
]


async def latency(url: str, n: int) -> list[float]:
    """Seconds from each create call to its action reading `executed`."""
    import attrs

    from service.app import build_services
    from service.http.auth import principal_for_key
    from service.runtime.runner import executor_for
    from service.settings import Settings

    engine = make_engine(url)
    await migrate(engine)
    await engine.dispose()
    settings = Settings(
        database_url=url, secret_key="bench", run_workers=False, public_url="http://bench.test"
    )
    services = build_services(settings, store=SqlStore.from_url(url), clock=SystemClock())
    store, clock = services.store, services.clock
    runner = None
    try:
        world = await build_world(store, clock)
        agent = await principal_for_key(store, clock, world.test_key)
        owner = attrs.evolve(world.owner, mode="test")
        account = world.sandbox_accounts[0]
        await set_account_policy(store, clock, owner, account, parse_rules(TEST_ALLOWANCE))
        executor = executor_for(services)
        runner = asyncio.create_task(executor.run_forever(poll=60))
        await executor.idle.wait()
        seconds = []
        for i in range(n + 5):  # five to warm up
            await asyncio.sleep(0.02)  # the executor idle again, as between real creations
            started = time.perf_counter()
            created = await create_action(
                store,
                clock,
                agent,
                account,
                f"lat-{i}",
                "mark_notifications_read",
                {},
                wake_executor=services.wake_executor,
            )
            assert created.action.status == "approved", created.action.status
            while True:
                async with store.reading() as uow:
                    found = await uow.actions.get(world.workspace_id, created.action.id)
                assert found is not None
                if found.status in ("executed", "failed"):
                    break
                await asyncio.sleep(0.001)
            assert found.status == "executed", found.error
            if i >= 5:
                seconds.append(time.perf_counter() - started)
        return seconds
    finally:
        if runner is not None:
            runner.cancel()
        await store.close()


def _rates(rates: dict[str, float]) -> str:
    return ", ".join(f"{label} {rate:.0f}/s" for label, rate in rates.items())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--latency", type=int, default=50)
    parser.add_argument("--channel", choices=("use-case", "api"), default="use-case")
    parser.add_argument(
        "--concurrency",
        type=int,
        default=1,
        help="creations in flight at once (1: one after another)",
    )
    parser.add_argument(
        "--limit",
        action="store_true",
        help="also an account under the allowance and a daily limit",
    )
    parser.add_argument(
        "--window",
        type=int,
        default=0,
        help="executed actions already in the last day of the allowance's and limit's accounts",
    )
    args = quick.parse(parser, None, actions=10, rounds=1, databases="sqlite", window=20)
    creating = one_round_api if args.channel == "api" else one_round
    labels = ["allowance", "none", *(["limit"] if args.limit else [])]
    for name in args.databases.split(","):
        results: list[dict[str, float]] = []
        for r in range(args.rounds):
            load = loadavg()
            order = _order(labels, r)
            if name == "sqlite":
                path = Path(f"/tmp/bench-governance-{uuid.uuid4().hex}.db")
                try:
                    results.append(
                        asyncio.run(
                            creating(
                                f"sqlite:///{path}",
                                args.actions,
                                order,
                                args.concurrency,
                                args.window,
                            )
                        )
                    )
                finally:
                    for suffix in ("", "-wal", "-shm"):
                        Path(f"{path}{suffix}").unlink(missing_ok=True)
            else:
                with scratch_database(POSTGRES, "cs_bench") as url:
                    results.append(
                        asyncio.run(
                            creating(url, args.actions, order, args.concurrency, args.window)
                        )
                    )
            print(
                f"{name} {args.channel} x{args.concurrency} round {r}: {_rates(results[-1])} (load {load})"
            )
        print(f"{name}: {_rates({k: statistics.median(x[k] for x in results) for k in labels})}")
        print(
            f"{name}: median ratio allowance/none "
            f"{statistics.median(x['allowance'] / x['none'] for x in results):.2f}"
        )
        if args.limit:
            for base in ("none", "allowance"):
                ratio = statistics.median(x["limit"] / x[base] for x in results)
                print(f"{name}: median ratio limit+allowance/{base} {ratio:.2f}")
        if args.latency:
            if name == "sqlite":
                path = Path(f"/tmp/bench-governance-{uuid.uuid4().hex}.db")
                try:
                    took = asyncio.run(latency(f"sqlite:///{path}", args.latency))
                finally:
                    for suffix in ("", "-wal", "-shm"):
                        Path(f"{path}{suffix}").unlink(missing_ok=True)
            else:
                with scratch_database(POSTGRES, "cs_bench") as url:
                    took = asyncio.run(latency(url, args.latency))
            ms = sorted(t * 1000 for t in took)
            print(
                f"{name}: create -> executed under an allowance, {len(ms)} actions: "
                f"p50 {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms) * 0.95) - 1]:.1f} ms "
                f"(load {loadavg()})"
            )


if __name__ == "__main__":
    main()
