"""Earning autonomy at scale, in one run per database: the policy suggestions of an account with
100,000 decided actions, and creation under a shadow rule beside creation under a live
allowance.

    python -m bench.suggestions [--decided 100000] [--actions 500] [--rounds 3]
                                [--databases sqlite,postgres]

1. Suggestions. A fresh workspace whose account holds `--decided` actions over the last 30 days
   (nine in ten replies, one in ten mass messages; mostly approved as asked, some edited,
   rejected, expired) beside a second account of a tenth as many, written by the storage
   layer's bulk insert, then analysed (PostgreSQL: VACUUM ANALYZE, as autovacuum leaves a table
   that stopped growing). Timed: the suggestions (`suggesting.suggestions_in`, what
   `GET /v1/accounts/{id}/policy-suggestions` runs), median of 20 reads, and as a baseline the
   Activity figures over the same 30 days (`activity.account_activity`). The suggestions must
   take well under a second; the ratio says what they cost beside a read the product already
   makes.
2. Creation. Per round, `--actions` send_message actions created one after another (the use case
   REST and MCP call) on an account under a live allowance (`approvals: 0`, maxPerDay 10,000),
   one under the same rule in shadow, and one with no policy, in rotating order. Reported: the
   median actions/s of each and the median per-round ratios shadow / allowance and each / none.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench import quick
from bench.governance import POSTGRES, _create_many, loadavg
from bench.scale_seed import _account
from harness.scratch import scratch_database
from service.actions.model import Action
from service.actions.policies.activity import account_activity
from service.actions.policies.policy_rule import parse_rules
from service.actions.policies.suggesting import suggestions_in
from service.actions.policies.usecases import set_account_policy
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from storage.migrate import migrate
from storage.sql import tables as t
from storage.sql.driver.engine import make_engine
from storage.sql.driver.rows import to_row
from storage.sql.store import SqlStore
from tests.factories import add_live_account, build_world

RECORD, OTHER = "42001", "42002"
LIVE, SHADOW, PLAIN = "43001", "43002", "43003"
RULE = {"types": ["send_message"], "approvals": 0, "approvers": "members", "maxPerDay": 10_000}


def _action(ws: str, account: str, n: int, now: dt.datetime, rng: random.Random) -> Action:
    created = now - dt.timedelta(seconds=rng.randrange(1, 30 * 86400 - 3600))
    roll = rng.random()
    status, edited = "executed", None
    if roll < 0.01:
        status = "rejected"
    elif roll < 0.015:
        status, edited = "executed", created + dt.timedelta(minutes=2)
    elif roll < 0.02:
        status = "expired"
    return Action(
        id=f"act_{account}{n:09d}",
        workspace_id=ws,
        account_id=account,
        mode="live",
        type="send_mass_message" if n % 10 == 0 else "send_message",
        status=status,
        params={"fanId": "f1", "text": "hi"},
        summary="Send a message",
        estimated_recipients=1,
        price=None,
        requested_by={"kind": "api_key", "label": "bench", "client": None, "tool": None},
        idempotency_key=f"k{account}{n}",
        fingerprint="0" * 64,
        created_at=created,
        expires_at=created + dt.timedelta(days=1),
        decided_at=created + dt.timedelta(minutes=3),
        edited_at=edited,
        approvals_required=1,
    )


async def _migrated(url: str) -> SqlStore:
    engine = make_engine(url)
    await migrate(engine)
    await engine.dispose()
    return SqlStore.from_url(url)


async def suggestions(url: str, decided: int) -> tuple[float, float, str]:
    """Median ms of the suggestions and of the 30 days' activity, and the suggestions' words."""
    store, clock = await _migrated(url), SystemClock()
    try:
        world = await build_world(store, clock)
        ws, now, rng = world.workspace_id, clock.now(), random.Random(7)
        async with store.transaction() as uow:
            for account_id in (RECORD, OTHER):
                await uow.accounts.add(_account(ws, account_id))
            for account_id, n in ((RECORD, decided), (OTHER, decided // 10)):
                for start in range(0, n, 10_000):
                    rows = [
                        to_row(_action(ws, account_id, i, now, rng))
                        for i in range(start, min(n, start + 10_000))
                    ]
                    await uow.conn.execute(t.actions.insert(), rows)
        if store.dialect == "postgresql":
            async with store.reading() as uow:
                await uow.conn.exec_driver_sql("VACUUM ANALYZE")
        else:
            async with store.transaction() as uow:
                await uow.conn.exec_driver_sql("ANALYZE")
        async with store.reading() as uow:
            account = await uow.accounts.get(ws, RECORD)
        assert account is not None
        reader = Principal.operator(ws)

        async def suggest():
            async with store.reading() as uow:
                return await suggestions_in(uow, account, "live", clock.now())

        async def activity():
            return await account_activity(store, reader, RECORD, None, None, clock.now())

        found = await suggest()
        words = "; ".join(f"{s.type} → {s.kind} ({s.figures.sentence()})" for s in found)
        return await _median_ms(suggest), await _median_ms(activity), words
    finally:
        await store.close()


async def _median_ms(read, times: int = 20) -> float:
    await read()  # warm: statements planned, pages cached
    taken = []
    for _ in range(times):
        started = time.perf_counter()
        await read()
        taken.append((time.perf_counter() - started) * 1000)
    return statistics.median(taken)


async def creation(url: str, n: int, round_: int) -> dict[str, float]:
    store, clock = await _migrated(url), SystemClock()
    try:
        world = await build_world(store, clock)
        for account_id, rules in ((LIVE, [RULE]), (SHADOW, [{**RULE, "shadow": True}])):
            await add_live_account(store, clock, world.workspace_id, account_id, f"a{account_id}")
            await set_account_policy(store, clock, world.owner, account_id, parse_rules(rules))
        await add_live_account(store, clock, world.workspace_id, PLAIN, f"a{PLAIN}")
        await _create_many(store, clock, world, PLAIN, 20)  # warm up
        order = [(LIVE, "allowance"), (SHADOW, "shadow"), (PLAIN, "none")]
        shift = round_ % len(order)
        rates = {}
        for account_id, label in order[shift:] + order[:shift]:
            rates[label] = await _create_many(store, clock, world, account_id, n)
        return rates
    finally:
        await store.close()


def _urls(databases: list[str]):
    for name in databases:
        if name == "sqlite":
            with tempfile.TemporaryDirectory() as tmp:
                yield name, f"sqlite:///{Path(tmp) / 'bench.db'}"
        else:
            with scratch_database(POSTGRES, "cs_bench") as url:
                yield name, url


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decided", type=int, default=100_000)
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--databases", default="sqlite,postgres")
    args = quick.parse(parser, None, decided=300, actions=10, rounds=1, databases="sqlite")
    databases = args.databases.split(",")
    print(f"load before: {loadavg()}")
    print("| database | decided | suggestions ms | activity (30 days) ms | ratio |")
    print("|---|---|---|---|---|")
    said = []
    for name, url in _urls(databases):
        took, baseline, words = asyncio.run(suggestions(url, args.decided))
        print(
            f"| {name} | {args.decided:,} | {took:.1f} | {baseline:.1f} | {took / baseline:.2f} |"
        )
        said.append(f"{name}: {words}")
    print("\n".join(said))
    print()
    print(
        "| database | allowance/s | shadow/s | none/s | shadow / allowance | shadow / none | allowance / none |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in databases:
        rounds = []
        for r in range(args.rounds):
            for _, url in _urls([name]):
                rounds.append(asyncio.run(creation(url, args.actions, r)))
        med = {k: statistics.median(x[k] for x in rounds) for k in ("allowance", "shadow", "none")}
        ratio = {
            (a, b): statistics.median(x[a] / x[b] for x in rounds)
            for a, b in (("shadow", "allowance"), ("shadow", "none"), ("allowance", "none"))
        }
        print(
            f"| {name} | {med['allowance']:.0f} | {med['shadow']:.0f} | {med['none']:.0f} | "
            f"{ratio['shadow', 'allowance']:.2f} | {ratio['shadow', 'none']:.2f} | "
            f"{ratio['allowance', 'none']:.2f} |"
        )
    print(f"load after: {loadavg()}")


if __name__ == "__main__":
    main()
