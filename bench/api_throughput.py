"""Requests/second of the hot API paths, each as a ratio to a bare Starlette route in the same run.

    python -m bench.api_throughput [--duration 8] [--databases sqlite,postgres]
                                   [--validators compiled,openapi-core]

Every server (the service and bench/bare_app.py) runs under the same uvicorn flags in its own
process; wrk (`apt-get install wrk`) generates the load from another process. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import httpx

from harness.scratch import scratch_database
from service.actions.creation import create_action
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.http.auth import principal_of
from service.keys.usecases import create_key
from service.workspaces.usecases import create_workspace
from storage.migrate import migrate
from storage.sql.store import SqlStore

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
SECRET = "bench-secret"
ENDPOINTS = ("get", "create", "list")
LABELS = {
    "get": "GET /v1/actions/{id}",
    "create": "POST /v1/accounts/{id}/actions",
    "list": "GET /v1/actions?limit=100",
}


def uvicorn_flags() -> list[str]:
    flags = ["--workers", "1", "--no-access-log", "--log-level", "warning"]
    if importlib.util.find_spec("uvloop"):
        flags += ["--loop", "uvloop"]
    if importlib.util.find_spec("httptools"):
        flags += ["--http", "httptools"]
    return flags


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


PIDS: dict[str, int] = {}
"""Each running server's process id, by base URL (for CPU time per request)."""


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU time so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def server(target: str, env: dict[str, str], cwd: Path = ROOT):
    """One uvicorn process; ready once /openapi.yaml (or any route) answers. `cwd` is the source
    tree it imports (another checkout, for a before/after run)."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            target,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *uvicorn_flags(),
        ],
        cwd=cwd,
        env={**os.environ, **env},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # a loaded shared machine can take a minute to start one
    try:
        while True:
            if process.poll() is not None:
                raise SystemExit(f"{target} exited with {process.returncode}")
            try:
                httpx.get(base + "/", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"{target} did not start") from None
                time.sleep(0.05)
        PIDS[base] = process.pid
        yield base
    finally:
        PIDS.pop(base, None)
        process.terminate()
        process.wait(timeout=15)


def wrk(url: str, script: str, args: list[str], duration: float, connections: int) -> dict:
    command = [
        "wrk",
        "-t1",
        f"-c{connections}",
        f"-d{int(duration)}s",
        "-s",
        str(BENCH / script),
        url,
        "--",
        *args,
    ]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    latency = re.search(r"Latency\s+([\d.]+\w+)", out)
    return {
        "rps": rps,
        "errors": int(bad.group(1)) if bad else 0,
        "latency": latency.group(1) if latency else "?",
    }


def measure(
    base: str, paths: dict[str, str], key: str, duration: float, connections: int
) -> dict[str, dict]:
    results = {}
    for name in ENDPOINTS:
        script = "post.lua" if name == "create" else "get.lua"
        args = [paths[name], key] + ([uuid.uuid4().hex[:8]] if name == "create" else [])
        wrk(base, script, args, 1, connections)  # warm-up: caches, pools, JIT-free but fair
        results[name] = wrk(base, script, args, duration, connections)
    return results


async def seed(url: str, actions: int) -> dict[str, str]:
    store = SqlStore.from_url(url)
    await migrate(store.engine)
    clock = SystemClock()
    try:
        workspace = await create_workspace(store, clock, "Bench agency")
        key, secret = await create_key(
            store,
            clock,
            Principal.operator(workspace.id),
            name="bench",
            scopes=["read", "write"],
            mode="test",
        )
        async with store.reading() as uow:
            account = (await uow.accounts.list(workspace.id, mode="test"))[0].id
        principal, last = principal_of(key), None
        for n in range(actions):
            last = (
                await create_action(
                    store,
                    clock,
                    principal,
                    account,
                    f"seed-{n}",
                    "send_message",
                    {"fanId": "f1", "text": f"<p>{n}</p>"},
                )
            ).action
    finally:
        await store.close()
    return {"key": secret, "account": account, "action": last.id}


@contextmanager
def database(kind: str, admin_url: str):
    if kind == "sqlite":
        folder = tempfile.mkdtemp(prefix="cs-bench-")
        try:
            yield f"sqlite:///{folder}/bench.db"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    with scratch_database(admin_url, "cs_bench") as url:
        yield url


def capture_bodies(base: str, paths: dict[str, str], key: str, path: Path) -> None:
    auth = {"Authorization": f"Bearer {key}"}
    create = httpx.post(
        base + paths["create"],
        headers={**auth, "Idempotency-Key": "capture"},
        json={
            "type": "send_message",
            "params": {"fanId": "f1", "text": "<p>Hello from the bench</p>"},
        },
    )
    bodies = {
        "get": httpx.get(base + paths["get"], headers=auth).json(),
        "list": httpx.get(base + paths["list"], headers=auth).json(),
        "create": create.json(),
    }
    assert create.status_code == 202, create.text
    assert len(bodies["list"]["data"]) == 100, "seed fewer than 100 actions?"
    path.write_text(json.dumps(bodies))


def table(rows: list[dict], bare: dict[str, dict]) -> str:
    header = (
        "| database | validator | endpoint | req/s | bare req/s | ratio | mean latency | non-2xx |"
    )
    lines = [header, "|---|---|---|---:|---:|---:|---|---:|"]
    for row in rows:
        base = bare[row["endpoint"]]["rps"]
        lines.append(
            f"| {row['database']} | {row['validator']} | {LABELS[row['endpoint']]} | "
            f"{row['rps']:.0f} | {base:.0f} | {row['rps'] / base:.2f} | "
            f"{row['latency']} | {row['errors']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=8)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--databases", default="sqlite,postgres")
    parser.add_argument("--validators", default="compiled,openapi-core")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is required: apt-get install -y wrk")

    rows, bodies_file = [], Path(tempfile.mkdtemp(prefix="cs-bench-bodies-")) / "bodies.json"
    for kind in args.databases.split(","):
        with database(kind, args.postgres_admin_url) as url:
            seeded = asyncio.run(seed(url, args.actions))
            paths = {
                "get": f"/v1/actions/{seeded['action']}",
                "list": "/v1/actions?limit=100",
                "create": f"/v1/accounts/{seeded['account']}/actions",
            }
            for validator in args.validators.split(","):
                env = {
                    "COUNTERSIGN_DATABASE_URL": url,
                    "COUNTERSIGN_SECRET_KEY": SECRET,
                    "COUNTERSIGN_RATE_LIMIT": "1000000000",
                    "COUNTERSIGN_RUN_WORKERS": "false",
                    "COUNTERSIGN_VALIDATE_RESPONSES": "false",
                    "BENCH_VALIDATOR": validator,
                }
                with server("bench.service_app:app", env) as base:
                    if not bodies_file.exists():
                        capture_bodies(base, paths, seeded["key"], bodies_file)
                    for name, result in measure(
                        base, paths, seeded["key"], args.duration, args.connections
                    ).items():
                        rows.append(
                            {"database": kind, "validator": validator, "endpoint": name, **result}
                        )
                        print(
                            f"{kind:8} {validator:12} {LABELS[name]:34} {result['rps']:8.0f} req/s",
                            file=sys.stderr,
                        )
    with server("bench.bare_app:app", {"BENCH_BODIES": str(bodies_file)}) as base:
        bare = measure(
            base,
            {"get": "/bare/get", "list": "/bare/list", "create": "/bare/create"},
            "unused",
            args.duration,
            args.connections,
        )
    print(
        f"\nuvicorn {' '.join(uvicorn_flags())}; wrk -t1 -c{args.connections} "
        f"-d{args.duration:g}s; {args.actions} seeded actions\n"
    )
    print(table(rows, bare))
    failed = [r for r in rows if r["errors"]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
