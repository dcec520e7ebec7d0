"""The cluster's faults (phase 2): under one continuous load, an API replica, a worker caught
mid-execution, the fake platform, Redis and one replica's database are killed in turn and
started again, with what the clients saw around each kill kept on a timeline."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import time
import uuid

import httpx

from bench.cluster_load import Load
from bench.cluster_processes import PYTHON, Cluster, free_port
from bench.cluster_queries import executing_pid


async def phase_faults(cluster: Cluster, load: Load, store, args) -> dict:
    load.reset()
    load.pause = args.fault_pause
    log: list[dict] = []
    started = time.monotonic()
    http = httpx.AsyncClient(timeout=20)

    def note(what: str, **info) -> None:
        entry = {"t": round(time.monotonic() - started, 1), "what": what, **info}
        log.append(entry)
        print(f"  t={entry['t']:>5}s {what} {info if info else ''}", flush=True)

    async def health(port: int) -> dict:
        try:
            r = await http.get(f"http://127.0.0.1:{port}/healthz")
            return {**r.json(), "http": r.status_code}
        except httpx.HTTPError as exc:
            return {"error": type(exc).__name__}

    def snapshot() -> dict:
        return {
            "errors": dict(load.client_errors),
            "retries": load.retries,
            "creates": load.done["create"],
            "at": time.monotonic(),
        }

    async def script() -> None:
        await asyncio.sleep(8)
        # 1. an API replica
        before = snapshot()
        cluster.procs["api1"].kill()
        note("SIGKILL api1", pid_was=cluster.procs["api1"].pid)
        await asyncio.sleep(8)
        await asyncio.to_thread(cluster.restart, "api1")
        note("api1 started again", clients=_delta(load, before, snapshot()))
        await asyncio.sleep(5)
        # 2. a worker in the middle of a platform call (calls made slow with a fault)
        before = snapshot()
        await http.post(
            cluster.platform_url + "/_control/faults",
            json={"route": "POST /chats/:id/messages", "delayMs": 1500, "times": 40},
        )
        found = await executing_pid(store, load.seeded["workspace"], 15)
        victim = next(
            (n for n in cluster.WORKERS if found and cluster.procs[n].pid == found[1]), None
        )
        if victim:
            cluster.procs[victim].kill()
            note(f"SIGKILL {victim} while it executed {found[0]}", action=found[0])
            cluster.killed_mid_call = found[0]
        else:
            note("no executing action found to kill a worker on", found=found)
        await asyncio.sleep(5)
        await http.delete(cluster.platform_url + "/_control/faults")
        if victim:
            await asyncio.to_thread(cluster.restart, victim)
            note(f"{victim} started again", clients=_delta(load, before, snapshot()))
        await asyncio.sleep(5)
        # 3. the platform
        before = snapshot()
        cluster.procs["platform"].kill()
        note("SIGKILL platform", health_api2=await health(cluster.api_ports[1]))
        await asyncio.sleep(6)
        await asyncio.to_thread(cluster.restart, "platform")
        note(
            "platform started again",
            clients=_delta(load, before, snapshot()),
            health_api2=await health(cluster.api_ports[1]),
        )
        await asyncio.sleep(5)
        # 4. Redis (the private one)
        before = snapshot()
        cluster.procs["redis"].kill()
        note("SIGKILL redis")
        await asyncio.sleep(5)
        await asyncio.to_thread(cluster.restart, "redis")
        note("redis started again", clients=_delta(load, before, snapshot()))
        await asyncio.sleep(5)
        note("after redis", clients=_delta(load, before, snapshot()))
        # 5. the database, as one replica sees it: api3 reaches PostgreSQL through a relay
        await asyncio.to_thread(cluster.start_db_replica)
        note("api3 (through the relay) up", health=await health(cluster.api3_port))
        await probe(note, http, cluster.api3_port, load, "api3 before")
        cluster.procs["dbrelay"].kill()
        note("SIGKILL the database relay: api3 has no database")
        await asyncio.sleep(1)
        for i in range(3):
            await probe(note, http, cluster.api3_port, load, f"api3 without database #{i + 1}")
        cluster.procs["dbrelay"].start()
        await asyncio.sleep(0.5)
        began = time.monotonic()
        while time.monotonic() - began < 30:
            if (await health(cluster.api3_port)).get("http") == 200:
                break
            await asyncio.sleep(0.2)
        note("relay started again", api3_healthy_after_s=round(time.monotonic() - began, 1))
        await probe(note, http, cluster.api3_port, load, "api3 after")
        cluster.procs["api3"].stop()
        # 6. a replica started while the database is unreachable
        port = free_port()
        bad = cluster.add(
            "api-nodb",
            [PYTHON, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
            cluster.env(
                COUNTERSIGN_RUN_WORKERS="false",
                COUNTERSIGN_DATABASE_URL=f"postgresql://postgres@127.0.0.1:{free_port()}/nowhere",
            ),
            port,
        )
        bad.start()
        with contextlib.suppress(subprocess.TimeoutExpired):
            bad.process.wait(timeout=30)
        note("replica started with a refusing database URL", exit_code=bad.process.returncode)
        bad.stop()

    script_task = asyncio.create_task(script())
    approvers = [asyncio.create_task(load.approver()) for _ in range(2)]
    bases = [f"http://127.0.0.1:{p}" for p in cluster.api_ports]
    try:
        await load.run(lambda: bases, args.fault_seconds, args.fault_concurrency)
        await script_task
        await load.queue.join()
    finally:
        script_task.cancel()
        for task in approvers:
            task.cancel()
        await http.aclose()
    return {
        "timeline": log,
        "errors": dict(load.client_errors),
        "retries": load.retries,
        "creates": load.done["create"],
        "decide_errors": dict(load.decide_errors),
    }


async def probe(note, http: httpx.AsyncClient, port: int, load: Load, label: str) -> None:
    """What a client sees from one replica: /healthz, a read and a create."""
    base, auth = f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {load.seeded['key']}"}
    account = load.seeded["accounts"][0]
    seen = {}
    for name, call in (
        ("healthz", lambda: http.get(base + "/healthz")),
        ("read", lambda: http.get(base + "/v1/actions?limit=5", headers=auth)),
        (
            "create",
            lambda: http.post(
                base + f"/v1/accounts/{account['id']}/actions",
                headers={**auth, "Idempotency-Key": f"probe-{uuid.uuid4().hex[:8]}"},
                json={
                    "type": "add_fan_to_list",
                    "params": {"fanId": account["fans"][0], "listId": "1"},
                },
            ),
        ),
    ):
        began = time.perf_counter()
        try:
            r = await call()
            body = r.json()
            seen[name] = {
                "status": r.status_code,
                "ms": round(1000 * (time.perf_counter() - began)),
                "code": body.get("error", {}).get("code") or body.get("status"),
            }
        except httpx.HTTPError as exc:
            seen[name] = {
                "error": type(exc).__name__,
                "ms": round(1000 * (time.perf_counter() - began)),
            }
    note(label, **seen)


def _delta(load: Load, before: dict, after: dict) -> dict:
    """What the clients saw between two snapshots: new errors, retries, creates, the slowest."""
    errors = {
        k: v - before["errors"].get(k, 0)
        for k, v in after["errors"].items()
        if v - before["errors"].get(k, 0)
    }
    window = [s for t, s in load.create_times if before["at"] <= t <= after["at"]]
    return {
        "errors": errors,
        "retries": after["retries"] - before["retries"],
        "creates": after["creates"] - before["creates"],
        "seconds": round(after["at"] - before["at"], 1),
        "slowest_create_s": round(max(window), 2) if window else None,
    }
