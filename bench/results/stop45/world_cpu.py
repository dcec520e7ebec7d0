"""CPU and wall time a test's `build_world` takes (a workspace whose sandbox creators are
synced, a member, a live account and three keys), after three warm-up worlds.

    PYTHONPATH=. python bench/results/stop45/world_cpu.py sqlite|postgres LABEL

Run alternately on the tree before and after a change (git stash), three times each.
"""

import asyncio
import sys
import tempfile
import time

from harness.scratch import scratch_database
from service.domain.clock import ManualClock
from storage.migrate import migrate
from storage.sql.driver.engine import make_engine
from storage.sql.store import SqlStore
from tests.factories import build_world, empty_every_table

WORLDS = 40


async def main(url: str) -> None:
    engine = make_engine(url)
    await migrate(engine)
    await engine.dispose()
    store = SqlStore.from_url(url)
    for _ in range(3):
        await empty_every_table(store)
        await build_world(store, ManualClock())
    cpu = wall = 0.0
    for _ in range(WORLDS):
        await empty_every_table(store)
        started_cpu, started = time.process_time(), time.perf_counter()
        await build_world(store, ManualClock())
        cpu += time.process_time() - started_cpu
        wall += time.perf_counter() - started
    await store.close()
    per = f"cpu {cpu / WORLDS * 1e3:.1f} ms wall {wall / WORLDS * 1e3:.1f} ms per world"
    print(f"{sys.argv[2]} {sys.argv[1]} {per}")


if __name__ == "__main__":
    if sys.argv[1] == "sqlite":
        asyncio.run(main(f"sqlite:///{tempfile.mkdtemp()}/w.db"))
    else:
        with scratch_database("postgresql://postgres@127.0.0.1:5432/test", "cs_world") as url:
            asyncio.run(main(url))
