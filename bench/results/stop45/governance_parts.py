"""Two measurement-only looks at an allowance's creation on PostgreSQL, through the use case.

    PYTHONPATH=. python bench/results/stop45/governance_parts.py cpu|notify

`cpu`: this process's CPU (time.process_time; the database server's not included) a creation
with no policy and under an allowance, 3,000 of each after 200 warm-up.
`notify`: creations/s with no policy, under an allowance, and under an allowance with the
executor's NOTIFY left out of its statement (service.actions.lifecycle.ACTIONS_CHANNEL set to
None), 1,500 a round, 4 rounds, alternating the order.
"""

import asyncio
import statistics
import sys
import time

from bench.governance import GOVERNED, PLAIN, POSTGRES, _create_many, _seed, loadavg
from harness.scratch import scratch_database
from service.actions import lifecycle
from service.domain.clock import SystemClock
from storage.sql.store import SqlStore


async def cpu(store, clock, world) -> None:
    n = 3000
    spent = {}
    for account in (PLAIN, GOVERNED):
        started = time.process_time()
        await _create_many(store, clock, world, account, n)
        spent[account] = (time.process_time() - started) / n * 1e6
    print(f"cpu per creation us: plain {spent[PLAIN]:.0f} governed {spent[GOVERNED]:.0f}")


async def notify(store, clock, world) -> None:
    channel = lifecycle.ACTIONS_CHANNEL
    rates: dict[str, list[float]] = {"plain": [], "gov": [], "gov_nonotify": []}
    for r in range(4):
        names = list(rates) if r % 2 == 0 else list(reversed(rates))
        for name in names:
            lifecycle.ACTIONS_CHANNEL = None if name == "gov_nonotify" else channel
            account = PLAIN if name == "plain" else GOVERNED
            rates[name].append(await _create_many(store, clock, world, account, 1500))
    lifecycle.ACTIONS_CHANNEL = channel
    plain = statistics.median(rates["plain"])
    for name, values in rates.items():
        ratio = statistics.median(values) / plain
        print(name, [round(x) for x in values], "ratio to plain", round(ratio, 3))
    print(loadavg())


async def main(url: str, what: str) -> None:
    store, clock = SqlStore.from_url(url), SystemClock()
    try:
        world = await _seed(url, store, clock)
        await _create_many(store, clock, world, PLAIN, 200)
        await _create_many(store, clock, world, GOVERNED, 200)
        await (cpu if what == "cpu" else notify)(store, clock, world)
    finally:
        await store.close()


if __name__ == "__main__":
    with scratch_database(POSTGRES, "cs_parts") as url:
        asyncio.run(main(url, sys.argv[1]))
