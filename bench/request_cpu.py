"""CPU time per request of the three hot paths, in process, one tree against another.

    python -m bench.request_cpu --compare /work/main . [--rounds 3] [--requests 2000]
        [--database sqlite|postgres] [--json results.json]

Each measurement runs in a fresh process of the tree it measures (its own PYTHONPATH and cwd):
seed a scratch database (bench/api_throughput.py's seed), build the app (no workers, no
response validation, no rate limit), send `--requests` requests per endpoint through httpx's
ASGITransport after a warm-up, and report `time.process_time` per request (client overhead
included, the same on both sides). Rounds alternate which tree goes first; the summary gives
each side's median over rounds and the ratio of medians (second / first), with /proc/loadavg
at every round. CPU time, unlike wall-clock throughput, barely moves with the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ENDPOINTS = ("get", "create", "list")
LABELS = {
    "get": "GET /v1/actions/{id}",
    "create": "POST /v1/accounts/{id}/actions",
    "list": "GET /v1/actions?limit=100",
}
WARM_UP = 200


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def measure(kind: str, admin_url: str, requests: int) -> dict[str, float]:
    import httpx

    from bench.api_throughput import SECRET, database, seed
    from service.app import create_app
    from service.settings import Settings
    from storage.sql.store import SqlStore

    with database(kind, admin_url) as url:
        seeded = await seed(url, 120)
        settings = Settings(
            database_url=url,
            secret_key=SECRET,
            public_url="http://bench.invalid",
            run_workers=False,
            validate_responses=False,
            rate_limit=10**9,
        )
        store = SqlStore.from_url(url)
        app = create_app(settings, store=store)
        headers = {"Authorization": f"Bearer {seeded['key']}"}
        body = {"type": "send_message", "params": {"fanId": "f1", "text": "<p>Hello</p>"}}
        sent = 0

        async def one(client: httpx.AsyncClient, name: str) -> None:
            nonlocal sent
            if name == "get":
                response = await client.get(f"/v1/actions/{seeded['action']}", headers=headers)
            elif name == "list":
                response = await client.get("/v1/actions?limit=100", headers=headers)
            else:
                sent += 1
                response = await client.post(
                    f"/v1/accounts/{seeded['account']}/actions",
                    headers={**headers, "Idempotency-Key": f"cpu-{sent}"},
                    json=body,
                )
            assert response.status_code < 300, response.text

        results = {}
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench.test") as client:
            for name in ENDPOINTS:
                for _ in range(WARM_UP):
                    await one(client, name)
                started = time.process_time()
                for _ in range(requests):
                    await one(client, name)
                results[name] = (time.process_time() - started) / requests * 1e6
        await store.close()
    return results


def run_tree(tree: str, args: argparse.Namespace) -> dict[str, float]:
    tree = str(Path(tree).resolve())
    python = Path(tree) / ".venv" / "bin" / "python"
    done = subprocess.run(
        [
            str(python if python.exists() else sys.executable),
            __file__,
            "--one",
            "--requests",
            str(args.requests),
            "--database",
            args.database,
            "--postgres-admin-url",
            args.postgres_admin_url,
        ],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": tree},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    from bench import quick  # here: another tree's process imports this module too

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", nargs=2, metavar=("BASELINE", "CANDIDATE"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument(
        "--postgres-admin-url", default="postgresql://postgres@127.0.0.1:5432/postgres"
    )
    parser.add_argument("--json")
    parser.add_argument("--one", action="store_true", help="measure this tree once, print JSON")
    args = quick.parse(parser, None, one=True, requests=5, database="sqlite")
    if args.one:
        print(
            json.dumps(asyncio.run(measure(args.database, args.postgres_admin_url, args.requests)))
        )
        return
    if not args.compare:
        parser.error("--compare BASELINE CANDIDATE")
    baseline, candidate = args.compare
    rounds = []
    for n in range(args.rounds):
        order = [baseline, candidate] if n % 2 == 0 else [candidate, baseline]
        got = {"loadavg": loadavg()}
        for tree in order:
            got[tree] = run_tree(tree, args)
        rounds.append(got)
        print(f"round {n + 1} loadavg {got['loadavg']}: {json.dumps(got)}", flush=True)
    print(f"\n| endpoint | {baseline} (µs, per round) | {candidate} (µs, per round) | ratio |")
    print("|---|---|---|---:|")
    summary = {}
    for name in ENDPOINTS:
        a = [r[baseline][name] for r in rounds]
        b = [r[candidate][name] for r in rounds]
        ratio = statistics.median(b) / statistics.median(a)
        summary[name] = {"baseline": a, "candidate": b, "ratio": ratio}
        print(
            f"| {LABELS[name]} | {' / '.join(f'{x:.0f}' for x in a)} | "
            f"{' / '.join(f'{x:.0f}' for x in b)} | {ratio:.3f} |"
        )
    if args.json:
        Path(args.json).write_text(json.dumps({"rounds": rounds, "summary": summary}, indent=2))


if __name__ == "__main__":
    main()
