"""A whole deployment on this machine: 2 API replicas and 2 workers on one PostgreSQL and one Redis,
driven under load, measured, then killed piece by piece and checked for anything lost.

    PYTHONPATH=$PWD .venv/bin/python bench/cluster.py [--round-seconds 8] [--rounds 3]
                                                      [--concurrency 8] [--no-faults]

What it starts (every process in its own process group, all stopped at the end, loopback only):
a scratch PostgreSQL database on the machine's server (dropped at the end), a private
`redis-server` on a free port (never the shared one on 6379), the fake platform as its own process
(bench/cluster_platform.py: sessions and its write log survive a kill), a webhook receiver
(`python -m harness.receiver`), `countersign serve` twice (workers off) and `countersign worker`
twice. It seeds a workspace, an owner, a live key, two creators linked through the real
hosted-link steps (mia: password; luna: password and 2FA) and an event endpoint on the receiver.

Phase 1 (figures): rounds of the same load against 1 replica and against 2, interleaved
(1, 2, 1, 2, …), each `--round-seconds` long with `--concurrency` clients; every client creates
an action (POST), reads it (GET), and every 5th time lists actions; the driver approves (9 in 10)
or rejects each created action with the `decide_action` use case against the same database,
which wakes the workers with NOTIFY. Medians over rounds are printed with /proc/loadavg.

Phase 2 (faults): one continuous load at lower concurrency while, in turn, an API replica, a
worker caught mid-execution, the fake platform and Redis are killed with SIGKILL and started again
(as a supervisor would), and a third replica is started with a database URL that refuses
connections. Then it waits (bounded) for the work to drain and checks: every acknowledged create
is in the database once; no action is left approved or executing; every executed action is exactly
one applied write in the platform's log, and no action has two; every action event reached the
receiver at least once (duplicates are counted by delivery id).

The benchmark is not a test: it took 7–10 minutes on the 2-core development machine and prints
a report (also written as JSON to --out, or report.json in the logs folder).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.scratch import scratch_database
from service.actions.decisions import decide_action
from service.app import build_services, outgoing_http
from service.domain.clock import SystemClock
from service.domain.principal import Principal
from service.keys import usecases as keys
from service.linking import flow
from service.linking.usecases import create_link
from service.settings import Settings
from service.webhooks import usecases as hooks
from service.workspaces import usecases as ws

PYTHON = sys.executable
SECRET = "cluster-bench-secret-" + uuid.uuid4().hex
CREATORS = (
    ("mia@creators.test", "mia-password-1", None, False),
    ("luna@creators.test", "luna-password-2", "123456", False),
    ("rosa@creators.test", "rosa-password-3", "123456", True),
)
MAX_ACTIONS = 20_000  # a hard bound on everything one run can create


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


# -- processes -------------------------------------------------------------------------------


class Proc:
    def __init__(
        self, name: str, argv: list[str], env: dict[str, str], logs: Path, port: int | None = None
    ) -> None:
        self.name, self.argv, self.env, self.logs, self.port = name, argv, env, logs, port
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with open(self.logs / f"{self.name}.log", "ab") as log:
            log.write(f"\n--- start {self.starts} at {time.time():.3f}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                self.argv,
                env=self.env,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)

    def stop(self) -> None:
        if self.alive():
            self.kill(signal.SIGTERM)
        self.kill(signal.SIGKILL)


def wait_http(url: str, proc: Proc, timeout: float = 40.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.alive():
            raise SystemExit(f"{proc.name} exited; see {proc.logs / (proc.name + '.log')}")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit(f"{proc.name} did not answer at {url}")


def wait_redis(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


# -- seeding ---------------------------------------------------------------------------------


async def seed(settings: Settings, receiver_url: str) -> dict:
    services = build_services(settings)
    clock = SystemClock()
    try:
        async with outgoing_http(services):
            await services.store.migrate()
            workspace = await ws.create_workspace(services.store, clock, "Cluster agency")
            owner = await ws.create_user(
                services.store,
                clock,
                Principal.operator(workspace.id),
                "owner@cluster.test",
                "Cluster Owner",
                "cluster-password",
                "owner",
                passwords=services.passwords,
            )
            accounts = []
            for email, password, code, selfie in CREATORS:
                link = await create_link(
                    services.store,
                    clock,
                    Principal.person(workspace.id, owner, "owner"),
                    email,
                    tokens=services.link_tokens,
                )
                link = await flow.open_page(services.linking, link)
                link = await flow.sign_in(services.linking, link, email, password)
                if code:
                    link = await flow.submit_2fa(services.linking, link, code)
                if selfie:
                    link = await flow.submit_selfie(services.linking, link, "selfie.jpg")
                assert link.account_id, f"{email} did not link: {link.status} {link.step}"
                async with services.store.reading() as uow:
                    fans = await uow.fans.list(workspace.id, link.account_id, limit=50)
                accounts.append({"id": link.account_id, "fans": [f.id for f in fans][:10]})
            _, key = await keys.create_key(
                services.store,
                clock,
                Principal.operator(workspace.id),
                name="cluster",
                scopes=["read", "write"],
                mode="live",
            )
            principal = Principal.person(workspace.id, owner, "owner")
            endpoint = await hooks.add_event_endpoint(
                services.store,
                clock,
                principal,
                receiver_url,
                None,
                box=services.secrets,
                allow_loopback=True,
            )
            signing = hooks.shown_secrets(endpoint, services.secrets)[0]["secret"]
            return {
                "workspace": workspace.id,
                "owner": owner,
                "accounts": accounts,
                "key": key,
                "signing": signing,
            }
    finally:
        await services.store.close()


# -- load ------------------------------------------------------------------------------------


class Load:
    """Clients creating and reading actions, and the person approving them (in process)."""

    def __init__(self, seeded: dict, store, tag: str) -> None:
        self.seeded, self.store, self.tag = seeded, store, tag
        self.principal = Principal.person(seeded["workspace"], seeded["owner"], "owner")
        self.counter = itertools.count(1)
        self.intents: dict[str, dict] = {}  # idempotency key → what the client saw
        self.queue: asyncio.Queue = asyncio.Queue()
        self.reset()

    def reset(self) -> None:
        self.lat = {"create": [], "get": [], "list": []}
        self.create_times: list[tuple[float, float]] = []  # (finished at, seconds)
        self.pause = 0.0  # think time between one client's actions
        self.done = {"create": 0, "get": 0, "list": 0}
        self.client_errors: dict[str, int] = {}
        self.retries = 0
        self.decided: list[tuple[str, bool]] = []
        self.decide_errors: dict[str, int] = {}

    def _err(self, what: str) -> None:
        self.client_errors[what] = self.client_errors.get(what, 0) + 1

    async def _call(
        self, http: httpx.AsyncClient, bases, method: str, path: str, **kw
    ) -> httpx.Response | None:
        """One request as a careful client makes it: a transport error or a 5xx is tried again
        (same Idempotency-Key) on the next replica, up to 6 times, 0.2 s apart."""
        for attempt in range(6):
            base = bases()[attempt % len(bases())]
            if attempt:
                self.retries += 1
                await asyncio.sleep(0.2)
            try:
                response = await http.request(method, base + path, **kw)
            except httpx.TransportError as exc:
                self._err(f"{method} transport {type(exc).__name__}")
                continue
            if response.status_code >= 500:
                self._err(
                    f"{method} {response.status_code} "
                    f"{response.json().get('error', {}).get('code', '?')}"
                )
                continue
            return response
        return None

    async def client(self, http: httpx.AsyncClient, bases, stop_at: float) -> None:
        auth = {"Authorization": f"Bearer {self.seeded['key']}"}
        while time.monotonic() < stop_at:
            n = next(self.counter)
            if n > MAX_ACTIONS:
                return
            account = self.seeded["accounts"][n % len(self.seeded["accounts"])]
            fan = account["fans"][n % len(account["fans"])]
            key = f"{self.tag}-{n}"
            intent = self.intents[key] = {"acked": None, "account": account["id"]}
            started = time.perf_counter()
            response = await self._call(
                http,
                bases,
                "POST",
                f"/v1/accounts/{account['id']}/actions",
                headers={**auth, "Idempotency-Key": key},
                json={
                    "type": "send_message",
                    "params": {"fanId": fan, "text": f"<p>cluster {key}</p>"},
                },
            )
            if response is None or response.status_code not in (200, 202):
                if response is not None:
                    self._err(f"POST {response.status_code}")
                continue
            self.lat["create"].append(time.perf_counter() - started)
            self.create_times.append((time.monotonic(), time.perf_counter() - started))
            self.done["create"] += 1
            action_id = response.json()["data"]["id"]
            intent["acked"] = action_id
            self.queue.put_nowait((action_id, n % 10 != 0))
            started = time.perf_counter()
            got = await self._call(http, bases, "GET", f"/v1/actions/{action_id}", headers=auth)
            if got is not None and got.status_code == 200:
                self.lat["get"].append(time.perf_counter() - started)
                self.done["get"] += 1
            if n % 5 == 0:
                started = time.perf_counter()
                got = await self._call(http, bases, "GET", "/v1/actions?limit=25", headers=auth)
                if got is not None and got.status_code == 200:
                    self.lat["list"].append(time.perf_counter() - started)
                    self.done["list"] += 1
            if self.pause:
                await asyncio.sleep(self.pause)

    async def approver(self) -> None:
        clock = SystemClock()
        while True:
            action_id, approve = await self.queue.get()
            try:
                await decide_action(
                    self.store,
                    clock,
                    self.principal,
                    action_id,
                    approve=approve,
                    note=None,
                )
                self.decided.append((action_id, approve))
            except Exception as exc:  # noqa: BLE001 - counted and reported
                name = getattr(exc, "code", type(exc).__name__)
                self.decide_errors[name] = self.decide_errors.get(name, 0) + 1
            finally:
                self.queue.task_done()

    async def run(self, bases, seconds: float, concurrency: int) -> float:
        stop_at = time.monotonic() + seconds
        limits = httpx.Limits(max_connections=concurrency * 2)
        async with httpx.AsyncClient(timeout=10, limits=limits) as http:
            started = time.monotonic()
            await asyncio.gather(*(self.client(http, bases, stop_at) for _ in range(concurrency)))
            return time.monotonic() - started


# -- database checks -------------------------------------------------------------------------


async def scalar_rows(store, sql: str, **params) -> list:
    async with store.engine.connect() as conn:
        return list((await conn.execute(sa.text(sql), params)).mappings())


async def wait_settled(store, workspace: str, timeout: float) -> dict:  # noqa: ASYNC109
    """Until no action is approved or executing and no delivery pending (bounded)."""
    deadline = time.monotonic() + timeout
    while True:
        rows = await scalar_rows(
            store,
            """
            SELECT (SELECT count(*) FROM actions WHERE workspace_id = :ws
                      AND status IN ('approved', 'executing')) AS running,
                   (SELECT count(*) FROM deliveries WHERE status = 'pending') AS pending,
                   (SELECT count(*) FROM events WHERE dispatched_at IS NULL) AS undispatched
        """,
            ws=workspace,
        )
        state = dict(rows[0])
        if (
            state["running"] == 0 and state["pending"] == 0 and state["undispatched"] == 0
        ) or time.monotonic() > deadline:
            return state
        await asyncio.sleep(0.5)


async def commits(store) -> int:
    """Transactions committed in this database so far (all processes; PostgreSQL's stats)."""
    rows = await scalar_rows(
        store,
        """SELECT xact_commit FROM pg_stat_database
        WHERE datname = current_database()""",
    )
    return int(rows[0]["xact_commit"])


async def approval_to_executed(store, ids: list[str]) -> list[float]:
    if not ids:
        return []
    rows = await scalar_rows(
        store,
        """
        SELECT EXTRACT(EPOCH FROM (executed_at - decided_at)) AS s FROM actions
        WHERE id = ANY(:ids) AND status = 'executed'""",
        ids=ids,
    )
    return [float(r["s"]) for r in rows]


# -- the run ---------------------------------------------------------------------------------


class Cluster:
    def __init__(self, args, db_url: str, logs: Path) -> None:
        self.args, self.db_url, self.logs = args, db_url, logs
        self.procs: dict[str, Proc] = {}
        self.redis_port, self.platform_port = free_port(), free_port()
        self.receiver_port = free_port()
        self.api_ports = [free_port(), free_port()]
        self.platform_url = f"http://127.0.0.1:{self.platform_port}"
        self.receiver_url = f"http://127.0.0.1:{self.receiver_port}"
        self.prefix = f"cs-cluster-{uuid.uuid4().hex[:10]}"

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("COUNTERSIGN_")}
        env.update(
            {
                "PYTHONPATH": str(ROOT),
                "COUNTERSIGN_DATABASE_URL": self.db_url,
                "COUNTERSIGN_SECRET_KEY": SECRET,
                "COUNTERSIGN_PLATFORM_URL": self.platform_url,
                "COUNTERSIGN_PLATFORM_TIMEOUT": "5",
                "COUNTERSIGN_LIMITS_STORAGE": f"redis://127.0.0.1:{self.redis_port}/0",
                "COUNTERSIGN_LIMITS_PREFIX": self.prefix,
                "COUNTERSIGN_RATE_LIMIT": "100000",
                # development: the deliverer may send to the loopback receiver (SSRF guard)
                "COUNTERSIGN_DEVELOPMENT": "true",
                "COUNTERSIGN_VALIDATE_RESPONSES": "false",
                "COUNTERSIGN_PASSWORD_HASHING": "cheapest",
                "COUNTERSIGN_SYNC_INTERVAL": "20",
                "COUNTERSIGN_PUBLIC_URL": f"http://127.0.0.1:{self.api_ports[0]}",
            }
        )
        env.update(extra)
        return env

    def add(self, name: str, argv: list[str], env: dict[str, str], port=None) -> Proc:
        proc = self.procs[name] = Proc(name, argv, env, self.logs, port)
        return proc

    def start_infra(self) -> None:
        redis = self.add(
            "redis",
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            dict(os.environ),
        )
        redis.start()
        wait_redis(self.redis_port)
        platform = self.add(
            "platform",
            [
                PYTHON,
                str(ROOT / "bench" / "cluster_platform.py"),
                "--port",
                str(self.platform_port),
                "--state-dir",
                str(self.logs / "platform-state"),
            ],
            self.env(),
        )
        platform.start()
        wait_http(self.platform_url + "/_control/faults", platform)
        receiver = self.add(
            "receiver",
            [
                PYTHON,
                "-m",
                "harness.receiver",
                "--port",
                str(self.receiver_port),
                "--secret",
                "whsec_unset",
            ],
            self.env(),
        )
        receiver.start()
        wait_http(self.receiver_url + "/_control/mode", receiver)

    def start_service(self) -> None:
        for i, port in enumerate(self.api_ports, 1):
            self.add(
                f"api{i}",
                [PYTHON, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                self.env(COUNTERSIGN_RUN_WORKERS="false"),
                port,
            ).start()
        for i in (1, 2):
            self.add(f"worker{i}", [PYTHON, "-m", "service.cli", "worker"], self.env()).start()
        for i, port in enumerate(self.api_ports, 1):
            wait_http(f"http://127.0.0.1:{port}/healthz", self.procs[f"api{i}"])
        time.sleep(1.0)  # workers: LISTEN set up

    def start_db_replica(self) -> None:
        relay_port, self.api3_port = free_port(), free_port()
        host = self.db_url.split("@", 1)[1].split("/", 1)[0]
        pg_port = int(host.split(":")[1]) if ":" in host else 5432
        self.add(
            "dbrelay",
            [PYTHON, str(ROOT / "bench" / "tcp_proxy.py"), str(relay_port), str(pg_port)],
            dict(os.environ),
        ).start()
        time.sleep(0.5)
        via = self.db_url.replace(host, f"127.0.0.1:{relay_port}")
        self.add(
            "api3",
            [
                PYTHON,
                "-m",
                "service.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.api3_port),
            ],
            self.env(COUNTERSIGN_RUN_WORKERS="false", COUNTERSIGN_DATABASE_URL=via),
            self.api3_port,
        ).start()
        wait_http(f"http://127.0.0.1:{self.api3_port}/healthz", self.procs["api3"])

    def restart(self, name: str) -> None:
        proc = self.procs[name]
        proc.start()
        if proc.port:
            wait_http(f"http://127.0.0.1:{proc.port}/healthz", proc)
        elif name == "platform":
            wait_http(self.platform_url + "/_control/faults", proc)
        elif name == "redis":
            wait_redis(self.redis_port)

    def stop_all(self) -> None:
        for proc in reversed(list(self.procs.values())):
            proc.stop()


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


async def executing_pid(store, workspace: str, timeout: float) -> tuple[str, int] | None:  # noqa: ASYNC109
    """An action executing right now and the pid of the worker that claimed it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = await scalar_rows(
            store,
            """SELECT id, claimed_by FROM actions
            WHERE workspace_id = :ws AND status = 'executing' LIMIT 1""",
            ws=workspace,
        )
        if rows:
            return rows[0]["id"], int(rows[0]["claimed_by"].split(":")[1])
        await asyncio.sleep(0.05)
    return None


async def phase_faults(cluster: Cluster, load: Load, store, args) -> dict:
    global LOAD
    LOAD = load
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
        note("api1 started again", clients=_delta(before, snapshot()))
        await asyncio.sleep(5)
        # 2. a worker in the middle of a platform call (calls made slow with a fault)
        before = snapshot()
        await http.post(
            cluster.platform_url + "/_control/faults",
            json={"route": "POST /chats/:id/messages", "delayMs": 1500, "times": 40},
        )
        found = await executing_pid(store, load.seeded["workspace"], 15)
        victim = next(
            (n for n in ("worker1", "worker2") if found and cluster.procs[n].pid == found[1]), None
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
            note(f"{victim} started again", clients=_delta(before, snapshot()))
        await asyncio.sleep(5)
        # 3. the platform
        before = snapshot()
        cluster.procs["platform"].kill()
        note("SIGKILL platform", health_api2=await health(cluster.api_ports[1]))
        await asyncio.sleep(6)
        await asyncio.to_thread(cluster.restart, "platform")
        note(
            "platform started again",
            clients=_delta(before, snapshot()),
            health_api2=await health(cluster.api_ports[1]),
        )
        await asyncio.sleep(5)
        # 4. Redis (the private one)
        before = snapshot()
        cluster.procs["redis"].kill()
        note("SIGKILL redis")
        await asyncio.sleep(5)
        await asyncio.to_thread(cluster.restart, "redis")
        note("redis started again", clients=_delta(before, snapshot()))
        await asyncio.sleep(5)
        note("after redis", clients=_delta(before, snapshot()))
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


LOAD: Load | None = None


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


def _delta(before: dict, after: dict) -> dict:
    errors = {
        k: v - before["errors"].get(k, 0)
        for k, v in after["errors"].items()
        if v - before["errors"].get(k, 0)
    }
    window = [s for t, s in LOAD.create_times if before["at"] <= t <= after["at"]]
    return {
        "errors": errors,
        "retries": after["retries"] - before["retries"],
        "creates": after["creates"] - before["creates"],
        "seconds": round(after["at"] - before["at"], 1),
        "slowest_create_s": round(max(window), 2) if window else None,
    }


async def check(cluster: Cluster, load: Load, store, settle_seconds: float) -> dict:
    workspace = load.seeded["workspace"]
    settled = await wait_settled(store, workspace, settle_seconds)
    actions = await scalar_rows(
        store,
        """SELECT id, idempotency_key, status, error, claimed_by
        FROM actions WHERE workspace_id = :ws AND mode = 'live'""",
        ws=workspace,
    )
    by_key = {a["idempotency_key"]: a for a in actions}
    acked = {k: v["acked"] for k, v in load.intents.items() if v["acked"]}
    lost = [k for k, a in acked.items() if k not in by_key or by_key[k]["id"] != a]
    unacked_but_created = [k for k, v in load.intents.items() if not v["acked"] and k in by_key]
    statuses: dict[str, int] = {}
    for a in actions:
        statuses[a["status"]] = statuses.get(a["status"], 0) + 1
    failed_codes: dict[str, int] = {}
    for a in actions:
        if a["status"] == "failed":
            code = (
                json.loads(a["error"])["code"]
                if isinstance(a["error"], str)
                else a["error"]["code"]
            )
            failed_codes[code] = failed_codes.get(code, 0) + 1
    # the platform's own record of what it applied
    async with httpx.AsyncClient(timeout=30) as http:
        writes = (await http.get(cluster.platform_url + "/_control/writes")).json()
        received = (await http.get(cluster.receiver_url + "/_control/received")).json()
    writes = writes["list"]
    applied: dict[str, int] = {}
    unapplied: dict[str, list] = {}
    for w in writes:
        text = json.dumps(w.get("body"))
        marker = text.split("cluster ", 1)[1].split("<", 1)[0] if "cluster " in text else None
        if marker is None:
            continue
        if w.get("applied"):
            applied[marker] = applied.get(marker, 0) + 1
        else:
            unapplied.setdefault(marker, []).append(w.get("status"))
    twice = {k: n for k, n in applied.items() if n > 1}
    executed_not_applied = [
        a["id"]
        for a in actions
        if a["status"] == "executed" and applied.get(a["idempotency_key"], 0) != 1
    ]
    applied_not_executed = {
        a["id"]: json.loads(a["error"])["code"]
        if isinstance(a["error"], str)
        else a["error"]["code"]
        for a in actions
        if a["status"] != "executed" and applied.get(a["idempotency_key"])
    }
    # events versus what the receiver accepted
    events = await scalar_rows(
        store,
        """SELECT id, type FROM events WHERE workspace_id = :ws
        AND type LIKE 'action.%'""",
        ws=workspace,
    )
    received = received["received"]
    accepted_events = {r["json"]["id"] for r in received if r["accepted"]}
    duplicates = sum(1 for r in received if r["duplicate"])
    lags = [
        r["receivedAt"] - dt.datetime.fromisoformat(r["json"]["createdAt"]).timestamp()
        for r in received
        if r["accepted"] and r["event"] != "test"
    ]
    undelivered = [e["id"] for e in events if e["id"] not in accepted_events]
    attempts_by_delivery: dict[str, int] = {}
    for r in received:
        attempts_by_delivery[r["deliveryId"]] = attempts_by_delivery.get(r["deliveryId"], 0) + 1
    stuck = [a["id"] for a in actions if a["status"] in ("approved", "executing")]
    return {
        "settled": settled,
        "actions": len(actions),
        "statuses": statuses,
        "failed_codes": failed_codes,
        "acknowledged_creates": len(acked),
        "lost_acknowledged": lost,
        "created_without_ack": len(unacked_but_created),
        "platform_writes_for_cluster": sum(applied.values()),
        "executed_twice": twice,
        "executed_without_one_write": executed_not_applied,
        "applied_but_not_executed": applied_not_executed,
        "unapplied_write_calls": {k: v for k, v in unapplied.items()},
        "action_events": len(events),
        "events_not_received": undelivered,
        "event_types": {
            t: sum(1 for e in events if e["type"] == t) for t in sorted({e["type"] for e in events})
        },
        "event_to_received_p50_s": round(pct(lags, 0.5), 2),
        "event_to_received_p95_s": round(pct(lags, 0.95), 2),
        "event_to_received_max_s": round(max(lags), 2) if lags else None,
        "receiver_requests": len(received),
        "receiver_duplicates_dropped": duplicates,
        "stuck_approved_or_executing": stuck,
    }


async def drive(cluster: Cluster, args) -> dict:
    settings = Settings.from_env(cluster.env())
    seeded = await seed(settings, cluster.receiver_url + "/hooks")
    async with httpx.AsyncClient() as http:
        await http.put(
            cluster.receiver_url + "/_control/secret", json={"secrets": [seeded["signing"]]}
        )
    await asyncio.to_thread(cluster.start_service)
    from storage.sql.store import SqlStore

    store = SqlStore.from_url(cluster.db_url)
    report: dict = {
        "machine": {"cores": os.cpu_count(), "loadavg_start": loadavg()},
        "args": vars(args),
    }
    try:
        load = Load(seeded, store, uuid.uuid4().hex[:6])
        if args.rounds:
            print(
                f"phase 1: {args.rounds} rounds × (1 replica, 2 replicas), "
                f"{args.round_seconds:g} s each, {args.concurrency} clients",
                flush=True,
            )
            report["figures"] = await phase_figures(cluster, load, store, args)
        if args.faults:
            print(
                f"phase 2: faults under load ({args.fault_concurrency} clients, "
                f"{args.fault_seconds:g} s)",
                flush=True,
            )
            cluster.killed_mid_call = None
            report["faults"] = await phase_faults(cluster, load, store, args)
            report["faults"]["killed_mid_call"] = cluster.killed_mid_call
        print("checking (waits for the executor lease and deliveries to settle)…", flush=True)
        report["check"] = await check(cluster, load, store, args.settle_seconds)
        report["machine"]["loadavg_end"] = loadavg()
    finally:
        await store.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round-seconds", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--fault-seconds", type=float, default=75)
    parser.add_argument("--fault-concurrency", type=int, default=3)
    parser.add_argument(
        "--fault-pause",
        type=float,
        default=0.3,
        help="think time between one client's actions in the fault phase",
    )
    parser.add_argument("--settle-seconds", type=float, default=120)
    parser.add_argument("--no-faults", dest="faults", action="store_false")
    parser.add_argument("--out", default=None, help="write the report as JSON here")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    random.seed(1)
    logs = Path(tempfile.mkdtemp(prefix="cs-cluster-"))
    print(f"logs in {logs}", flush=True)
    admin = args.postgres_admin_url.rsplit("/", 1)[0] + "/postgres"
    with scratch_database(admin, "cs_cluster") as db_url:
        cluster = Cluster(args, db_url, logs)
        try:
            cluster.start_infra()
            report = asyncio.run(drive(cluster, args))
        finally:
            cluster.stop_all()
    out = Path(args.out) if args.out else logs / "report.json"
    out.write_text(json.dumps(report, indent=2, default=str))
    print(json.dumps(report.get("check", {}), indent=2, default=str))
    if "figures" in report:
        print(
            json.dumps(
                {
                    "medians": report["figures"]["medians"],
                    "ratio_2_over_1": report["figures"]["ratio_2_over_1_median"],
                },
                indent=2,
            )
        )
    print(f"report: {out}")
    c = report.get("check", {})
    bad = (
        c.get("lost_acknowledged")
        or c.get("executed_twice")
        or c.get("executed_without_one_write")
        or c.get("events_not_received")
        or c.get("stuck_approved_or_executing")
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
