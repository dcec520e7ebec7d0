"""The cluster's figures (phase 1): rounds of the same load against one replica and against
two, interleaved, so both sides of the 2-over-1 ratio see the same machine; medians over rounds."""

from __future__ import annotations

import asyncio
import statistics

from bench.cluster_load import Load
from bench.cluster_processes import Cluster
from bench.cluster_queries import approval_to_executed, commits, wait_settled
from bench.cluster_report import loadavg, pct


async def phase_figures(cluster: Cluster, load: Load, store, args) -> dict:
    bases_all = [f"http://127.0.0.1:{p}" for p in cluster.api_ports]
    approvers = [asyncio.create_task(load.approver()) for _ in range(2)]
    rounds = []
    try:
        await load.run(lambda: bases_all, 3, args.concurrency)  # warm-up, not counted
        await load.queue.join()
        await wait_settled(store, load.seeded["workspace"], 60)
        for r in range(args.rounds):
            for replicas in (1, 2):
                load.reset()
                bases = bases_all[:replicas]
                before = loadavg()
                await asyncio.sleep(1.5)  # other backends flush their stats at most every second
                commits_before = await commits(store)
                elapsed = await load.run(lambda b=bases: b, args.round_seconds, args.concurrency)
                await load.queue.join()
                after = loadavg()
                settled = await wait_settled(store, load.seeded["workspace"], 90)
                await asyncio.sleep(1.5)
                committed = await commits(store) - commits_before
                approved = [a for a, ok in load.decided if ok]
                a2e = await approval_to_executed(store, approved)
                row = {
                    "round": r + 1,
                    "replicas": replicas,
                    "seconds": round(elapsed, 2),
                    "creates_per_s": load.done["create"] / elapsed,
                    "requests_per_s": sum(load.done.values()) / elapsed,
                    "create_p50_ms": 1000 * pct(load.lat["create"], 0.5),
                    "create_p95_ms": 1000 * pct(load.lat["create"], 0.95),
                    "get_p50_ms": 1000 * pct(load.lat["get"], 0.5),
                    "get_p95_ms": 1000 * pct(load.lat["get"], 0.95),
                    "list_p50_ms": 1000 * pct(load.lat["list"], 0.5),
                    "approved": len(approved),
                    "executed": len(a2e),
                    "commits_per_created_action": committed / max(1, load.done["create"]),
                    "approval_to_executed_p50_ms": 1000 * pct(a2e, 0.5),
                    "approval_to_executed_p95_ms": 1000 * pct(a2e, 0.95),
                    "errors": dict(load.client_errors),
                    "retries": load.retries,
                    "decide_errors": dict(load.decide_errors),
                    "settled": settled,
                    "loadavg_before": before,
                    "loadavg_after": after,
                }
                rounds.append(row)
                print(
                    f"round {r + 1} replicas={replicas}: {row['creates_per_s']:.1f} creates/s"
                    f" {row['requests_per_s']:.1f} req/s create p50/p95 "
                    f"{row['create_p50_ms']:.0f}/{row['create_p95_ms']:.0f} ms, get p50 "
                    f"{row['get_p50_ms']:.0f} ms, approval→executed p50 "
                    f"{row['approval_to_executed_p50_ms']:.0f} ms, errors "
                    f"{row['errors']} loadavg {after}",
                    flush=True,
                )
    finally:
        for task in approvers:
            task.cancel()
    summary = {}
    for replicas in (1, 2):
        mine = [r for r in rounds if r["replicas"] == replicas]
        summary[replicas] = {
            k: statistics.median(r[k] for r in mine)
            for k in (
                "creates_per_s",
                "requests_per_s",
                "create_p50_ms",
                "create_p95_ms",
                "get_p50_ms",
                "get_p95_ms",
                "approval_to_executed_p50_ms",
                "approval_to_executed_p95_ms",
                "commits_per_created_action",
            )
        }
    ratios = [
        b["requests_per_s"] / a["requests_per_s"]
        for a, b in zip(
            [r for r in rounds if r["replicas"] == 1],
            [r for r in rounds if r["replicas"] == 2],
            strict=True,
        )
    ]
    return {
        "rounds": rounds,
        "medians": summary,
        "ratio_2_over_1_per_round": ratios,
        "ratio_2_over_1_median": statistics.median(ratios),
    }
