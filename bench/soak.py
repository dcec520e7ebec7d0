"""Soak: mixed load for minutes on two replicas while a worker is killed with SIGKILL
every minute and the platform fails 10% of calls; then checks that nothing ran twice, nothing
was lost, nothing is stuck and nothing grew.

    python -m bench.soak [--minutes 10] [--kill-every 60] [--clients 4] [--out FILE]

What it starts (each in its own process group, all stopped at the end, loopback only), with
bench/cluster.py's pieces: a scratch PostgreSQL database (dropped at the end), a private
`redis-server`, the fake platform (bench/cluster_platform.py, whose write log is the truth about
what was applied), a webhook receiver (`python -m harness.receiver`) with three event endpoints
on it, two `countersign serve` replicas (workers off) and two `countersign worker` processes:
`worker-steady`, never killed (its memory is measured over the whole run), and `worker-victim`,
killed with SIGKILL every `--kill-every` seconds (while it is sending an action when one can be
caught within 3 s) and started again at once, as a supervisor would.

The platform fails about 10% of calls with seeded draws (`probability` faults): 5% `503`,
3% `429` with `Retry-After: 1` (both provably applied nothing: the executor's patience sends
again later) and 2% a `500` after applying the call (the ambiguous outcome: the action fails
at once and is never sent again).

The load, spread over both replicas: clients create `send_message` actions over the API with an
`Idempotency-Key` (1 in 8 replays the previous key and must get the same action back), read each
one and every 5th list a page of actions; a person signed in to the dashboard approves 9 in 10
and rejects the rest through `POST /v1/actions/{id}/approve|reject` with the session and its
CSRF token; a reader pages accounts, fans and chats. Every 5 s the RSS of each replica and
worker is sampled.

After the load stops it waits (bounded by --drain-seconds) for workers to drain: no action
approved or executing, no delivery pending. Then it reports and asserts (exit 1 if one fails):

- executed twice: actions applied more than once in the platform's write log — 0;
- events lost: an event of the workspace whose delivery to one of the endpoints neither reached
  the receiver (accepted, verified) nor is still pending with a next attempt scheduled — 0;
- actions left `executing` — 0;
- RSS growth of each replica and of the steady worker from minute 1 to the end — under 20 MB
  (the victim lives one minute at a time; its RSS at each kill is reported).

The report (markdown) goes to --out, with /proc/loadavg at start and end; JSON beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

from bench.cluster import (
    PYTHON,
    ROOT,
    Cluster,
    Proc,
    executing_pid,
    loadavg,
    scalar_rows,
    seed,
    wait_http,
    wait_redis,
)
from harness.scratch import scratch_database
from service.settings import Settings
from service.webhooks.models import DELIVERED_EVENTS, TRANSACTION_EVENT
from storage.sql.store import SqlStore

RSS_LIMIT_MB = 20.0
FAULTS = (
    {"route": "*", "status": 503, "probability": 0.05},
    {"route": "*", "status": 429, "retryAfter": 1, "probability": 0.03},
    {"route": "*", "status": 500, "processed": True, "probability": 0.02},
)
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
MARKER = re.compile(r"soak ([\w-]+)<")


def rss_mb(pid: int | None) -> float | None:
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Soak(Cluster):
    """bench/cluster.py's deployment, with one steady worker and one victim."""

    WORKERS = ("worker-steady", "worker-victim")

    def start_service(self) -> None:
        for i, port in enumerate(self.api_ports, 1):
            self.add(
                f"api{i}",
                [PYTHON, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
                self.env(COUNTERSIGN_RUN_WORKERS="false"),
                port,
            ).start()
        for name in self.WORKERS:
            self.add(name, [PYTHON, "-m", "service.cli", "worker"], self.env()).start()
        for i, port in enumerate(self.api_ports, 1):
            wait_http(f"http://127.0.0.1:{port}/healthz", self.procs[f"api{i}"])

    def start_infra(self) -> None:
        """bench/cluster.py's private Redis, fake platform and receiver, started together."""
        env = self.env()
        self.add(
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
        ).start()
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
            env,
        )
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
            env,
        )
        platform.start()
        receiver.start()
        wait_redis(self.redis_port)
        wait_http(self.platform_url + "/_control/faults", platform)
        wait_http(self.receiver_url + "/_control/mode", receiver)

    def watched(self) -> dict[str, Proc]:
        return {n: self.procs[n] for n in ("api1", "api2", *self.WORKERS)}


class Load:
    def __init__(self, soak: Soak, seeded: dict, owner: tuple[str, str]) -> None:
        self.soak, self.seeded, self.owner = soak, seeded, owner
        self.bases = [f"http://127.0.0.1:{p}" for p in soak.api_ports]
        self.auth = {"Authorization": f"Bearer {seeded['key']}"}
        self.counter = itertools.count(1)
        self.tag = uuid.uuid4().hex[:6]
        self.acked: dict[str, str] = {}  # idempotency key -> action id the client was given
        self.replays = {"same": 0, "different": 0}
        self.queue: asyncio.Queue[tuple[str, bool]] = asyncio.Queue()
        self.counts: dict[str, int] = {}
        self.errors: dict[str, int] = {}  # 5xx answers from our service
        self.transport: dict[str, int] = {}  # no answer (tried again on the other replica)

    def count(self, what: str, into: dict[str, int] | None = None) -> None:
        into = self.counts if into is None else into
        into[what] = into.get(what, 0) + 1

    def base(self, n: int) -> str:
        return self.bases[n % len(self.bases)]

    async def call(self, http: httpx.AsyncClient, n: int, method: str, path: str, **kw):
        """One request, tried again on the other replica after a transport error (never after
        an answer: a 5xx from our service is an error the soak reports)."""
        for attempt in range(3):
            try:
                response = await http.request(method, self.base(n + attempt) + path, **kw)
            except httpx.TransportError as exc:
                self.count(f"{method} {type(exc).__name__}", self.transport)
                await asyncio.sleep(0.2)
                continue
            route = re.sub(r"/(act|acc|fan|cht)_\w+|/\d+", "/{id}", path.split("?")[0])
            self.count(f"{method} {route} {response.status_code}")
            if response.status_code >= 500:
                self.count(f"{method} {route} {response.status_code}", self.errors)
            return response
        return None

    async def creator(self, http: httpx.AsyncClient, stop_at: float, pause: float) -> None:
        last: tuple[str, str, dict] | None = None  # key, account, body of this client's last
        while time.monotonic() < stop_at:
            n = next(self.counter)
            if last is not None and n % 8 == 0:  # the same request again: same key, same body
                key, account_id, body = last
            else:
                account = self.seeded["accounts"][n % len(self.seeded["accounts"])]
                key, account_id = f"{self.tag}-{n}", account["id"]
                fan = account["fans"][n % len(account["fans"])]
                body = {
                    "type": "send_message",
                    "params": {"fanId": fan, "text": f"<p>soak {key}</p>"},
                }
            response = await self.call(
                http,
                n,
                "POST",
                f"/v1/accounts/{account_id}/actions",
                headers={**self.auth, "Idempotency-Key": key},
                json=body,
            )
            if response is not None and response.status_code in (200, 202):
                action_id = response.json()["data"]["id"]
                if key in self.acked:
                    self.count(
                        "same" if self.acked[key] == action_id else "different", self.replays
                    )
                else:
                    self.acked[key] = action_id
                    self.queue.put_nowait((action_id, n % 10 != 0))
                    last = (key, account_id, body)
                await self.call(http, n + 1, "GET", f"/v1/actions/{action_id}", headers=self.auth)
            if n % 5 == 0:
                await self.call(http, n, "GET", "/v1/actions?limit=25", headers=self.auth)
            await asyncio.sleep(pause)

    async def person(self, http: httpx.AsyncClient) -> None:
        """The owner, signed in to the dashboard, deciding each created action."""
        email, password = self.owner
        signed = await http.post(
            self.bases[0] + "/dashboard/sign-in",
            data={"email": email, "password": password, "next": "/dashboard/approvals"},
        )
        assert signed.status_code == 303, signed.text
        page = await http.get(self.bases[0] + "/dashboard/approvals")
        match = CSRF.search(page.text)
        assert match, "no CSRF token on the approvals page"
        headers = {"x-csrf-token": match.group(1)}
        n = 0
        while True:
            action_id, approve = await self.queue.get()
            try:
                n += 1
                verb = "approve" if approve else "reject"
                await self.call(
                    http, n, "POST", f"/v1/actions/{action_id}/{verb}", json={}, headers=headers
                )
            finally:
                self.queue.task_done()

    async def reader(self, http: httpx.AsyncClient, stop_at: float) -> None:
        n = 0
        while time.monotonic() < stop_at:
            n += 1
            account = self.seeded["accounts"][n % len(self.seeded["accounts"])]["id"]
            path = (
                "/v1/accounts",
                f"/v1/accounts/{account}",
                f"/v1/accounts/{account}/fans?limit=20",
                f"/v1/accounts/{account}/chats?limit=10",
                "/v1/actions?status=failed&limit=10",
            )[n % 5]
            await self.call(http, n, "GET", path, headers=self.auth)
            await asyncio.sleep(0.5)


async def seed_endpoints(soak: Soak, seeded: dict, settings: Settings) -> list[str]:
    """Two more endpoints on the receiver beside the seed's event endpoint: another event
    endpoint and the revenue push (transaction.observed), each with its own secret."""
    from service.app import build_services
    from service.domain.clock import SystemClock
    from service.domain.principal import Principal
    from service.webhooks import usecases as hooks

    services = build_services(settings)
    secrets = [seeded["signing"]]
    try:
        principal = Principal.person(seeded["workspace"], seeded["owner"], "owner")
        events = await hooks.add_event_endpoint(
            services.store,
            SystemClock(),
            principal,
            soak.receiver_url + "/hooks/b",
            None,
            box=services.secrets,
            allow_loopback=True,
        )
        revenue = await hooks.set_transaction_endpoint(
            services.store,
            SystemClock(),
            principal,
            soak.receiver_url + "/hooks/revenue",
            box=services.secrets,
            allow_loopback=True,
        )
        for endpoint in (events, revenue):
            secrets.append(hooks.shown_secrets(endpoint, services.secrets)[0]["secret"])
    finally:
        await services.store.close()
    return secrets


def wanted(endpoint: dict, event: dict) -> bool:
    """Whether the dispatcher owes this endpoint a delivery of this event (WebhookEndpoint.wants)."""
    types = endpoint["event_types"]
    types = json.loads(types) if isinstance(types, str) else types
    if event["mode"] != endpoint["mode"]:
        return False
    if endpoint["kind"] == "transactions":
        return event["type"] == TRANSACTION_EVENT
    return event["type"] in DELIVERED_EVENTS and (types is None or event["type"] in types)


async def drained(store, workspace: str, timeout: float) -> dict:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    began = time.monotonic()
    while True:
        [state] = await scalar_rows(
            store,
            """SELECT
              (SELECT count(*) FROM actions WHERE workspace_id = :ws AND status = 'approved')
                AS approved,
              (SELECT count(*) FROM actions WHERE workspace_id = :ws AND status = 'executing')
                AS executing,
              (SELECT count(*) FROM deliveries WHERE workspace_id = :ws AND status = 'pending')
                AS pending_deliveries,
              (SELECT count(*) FROM events WHERE workspace_id = :ws AND dispatched_at IS NULL)
                AS undispatched""",
            ws=workspace,
        )
        state = dict(state)
        if not any(state.values()) or time.monotonic() > deadline:
            return {**state, "seconds": round(time.monotonic() - began, 1)}
        await asyncio.sleep(1)


async def check(soak: Soak, load: Load, store) -> dict:
    workspace = load.seeded["workspace"]
    actions = await scalar_rows(
        store,
        "SELECT id, idempotency_key, status, error FROM actions WHERE workspace_id = :ws",
        ws=workspace,
    )
    statuses: dict[str, int] = {}
    failed: dict[str, int] = {}
    for a in actions:
        load.count(a["status"], statuses)
        if a["status"] == "failed":
            error = json.loads(a["error"]) if isinstance(a["error"], str) else a["error"]
            load.count(error["code"], failed)
    async with httpx.AsyncClient(timeout=60) as http:
        writes = (await http.get(soak.platform_url + "/_control/writes")).json()["list"]
        calls = (await http.get(soak.platform_url + "/_control/calls")).json()
        faults = (await http.get(soak.platform_url + "/_control/faults")).json()["list"]
        received = (await http.get(soak.receiver_url + "/_control/received")).json()["received"]
    applied: dict[str, int] = {}
    for w in writes:
        found = MARKER.search(json.dumps(w.get("body")))
        if found and w.get("applied"):
            load.count(found.group(1), applied)
    by_key = {a["idempotency_key"]: a for a in actions}
    twice = {k: n for k, n in applied.items() if n > 1}
    executed_without_write = [
        a["id"]
        for a in actions
        if a["status"] == "executed" and applied.get(a["idempotency_key"]) != 1
    ]
    lost_creates = [k for k, v in load.acked.items() if by_key.get(k, {}).get("id") != v]
    # every event, every endpoint: delivered (the receiver accepted that delivery id) or pending
    # with a next attempt scheduled
    events = await scalar_rows(
        store,
        "SELECT id, type, mode, dispatched_at FROM events WHERE workspace_id = :ws",
        ws=workspace,
    )
    endpoints = await scalar_rows(
        store,
        """SELECT id, kind, mode, event_types FROM webhook_endpoints
        WHERE workspace_id = :ws AND disabled_at IS NULL""",
        ws=workspace,
    )
    deliveries = await scalar_rows(
        store,
        """SELECT id, event_id, endpoint_id, status, next_attempt_at FROM deliveries
        WHERE workspace_id = :ws""",
        ws=workspace,
    )
    accepted = {r["deliveryId"] for r in received if r["accepted"]}
    by_event: dict[str, dict[str, dict]] = {}
    for d in deliveries:
        by_event.setdefault(d["event_id"], {})[d["endpoint_id"]] = d
    lost: list[dict] = []
    pending_scheduled = delivered = 0
    for e in events:
        owed = [p["id"] for p in endpoints if wanted(p, e)]
        if e["dispatched_at"] is None:
            pending_scheduled += len(owed)  # the dispatcher fans it out on its next pass
            continue
        mine = by_event.get(e["id"], {})
        for endpoint_id in owed:
            d = mine.get(endpoint_id)
            if d is None:
                lost.append({"event": e["id"], "type": e["type"], "why": "no delivery"})
            elif d["status"] == "succeeded" and d["id"] in accepted:
                delivered += 1
            elif d["status"] == "pending" and d["next_attempt_at"] is not None:
                pending_scheduled += 1
            else:
                lost.append({"event": e["id"], "delivery": d["id"], "status": d["status"]})
    hits = sum(f["hits"] for f in faults)
    return {
        "actions": len(actions),
        "statuses": statuses,
        "failed_codes": failed,
        "acknowledged_creates": len(load.acked),
        "acknowledged_creates_missing": lost_creates,
        "replays": load.replays,
        "platform_calls": calls.get("total"),
        "platform_faults_injected": hits,
        "platform_fault_share": round(hits / max(1, calls.get("total", 0)), 3),
        "applied_writes": sum(applied.values()),
        "executed_twice": twice,
        "executed_without_one_write": executed_without_write,
        "events": len(events),
        "deliveries": len(deliveries),
        "deliveries_received": delivered,
        "pending_with_schedule": pending_scheduled,
        "events_lost": lost,
        "receiver_requests": len(received),
        "left_executing": statuses.get("executing", 0),
        "left_approved": statuses.get("approved", 0),
    }


async def drive(soak: Soak, args) -> dict:
    settings = Settings.from_env(soak.env())
    seeded = await seed(settings, soak.receiver_url + "/hooks/a")
    secrets = await seed_endpoints(soak, seeded, settings)
    async with httpx.AsyncClient() as http:
        await http.put(soak.receiver_url + "/_control/secret", json={"secrets": secrets})
    await asyncio.to_thread(soak.start_service)
    store = SqlStore.from_url(soak.db_url)
    report: dict = {"loadavg_start": loadavg(), "args": vars(args), "kills": [], "rss": []}
    started = time.monotonic()
    seconds = args.minutes * 60
    stop_at = started + seconds

    def t() -> float:
        return round(time.monotonic() - started, 1)

    async def sample_rss() -> None:
        while True:
            report["rss"].append(
                {"t": t(), **{n: rss_mb(p.pid) for n, p in soak.watched().items()}}
            )
            await asyncio.sleep(5)

    async def killer() -> None:
        """One kill every `--kill-every` seconds of load, and never more than fit in it: the
        load's last requests can finish after `stop_at` on a busy machine, which once left
        room for a kill the run never planned."""
        victim = soak.procs["worker-victim"]
        for _ in range(int(seconds // args.kill_every)):
            await asyncio.sleep(max(0.0, args.kill_every - 3))
            found = None
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                sending = await executing_pid(store, seeded["workspace"], 0.2)
                busy = sending is not None and sending[1] == victim.pid
                if busy and args.kill_at == "mid-send":
                    found = sending  # caught sending: its action waits out the lease
                    break
                if not busy and args.kill_at == "between-sends":
                    break
            rss = rss_mb(victim.pid)
            victim.kill()
            report["kills"].append({"t": t(), "mid_send": found[0] if found else None, "rss": rss})
            print(
                f"  t={t():>6}s SIGKILL worker-victim (mid-send: {found is not None})", flush=True
            )
            victim.start()

    owner = ("owner@cluster.test", "cluster-password")
    load = Load(soak, seeded, owner)
    limits = httpx.Limits(max_connections=64)
    tasks = [asyncio.create_task(sample_rss()), asyncio.create_task(killer())]
    async with (
        httpx.AsyncClient(timeout=30, limits=limits) as http,
        httpx.AsyncClient(timeout=30) as person_http,
    ):
        await asyncio.sleep(1.0)  # workers: LISTEN set up
        for fault in FAULTS:
            (await http.post(soak.platform_url + "/_control/faults", json=fault)).raise_for_status()
        await http.delete(soak.platform_url + "/_control/calls")  # the share is counted from here
        person = asyncio.create_task(load.person(person_http))
        print(f"load for {seconds:g} s, {args.clients} clients + a reader + a person", flush=True)
        await asyncio.gather(
            *(load.creator(http, stop_at, args.pause) for _ in range(args.clients)),
            load.reader(http, stop_at),
        )
        tasks[1].cancel()  # no more kills once the load stops (a slow drain made a second)
        await asyncio.wait_for(load.queue.join(), 120)
        person.cancel()
        report["load_seconds"] = t()
        print("load stopped; draining…", flush=True)
        report["drain"] = await drained(store, seeded["workspace"], args.drain_seconds)
        tasks[0].cancel()
        report["rss"].append({"t": t(), **{n: rss_mb(p.pid) for n, p in soak.watched().items()}})
        report["check"] = await check(soak, load, store)
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*tasks, person, return_exceptions=True)
    await store.close()
    report["requests"] = load.counts
    report["service_errors"] = load.errors
    report["transport_errors"] = load.transport
    report["loadavg_end"] = loadavg()
    report["growth"] = growth(report["rss"], min(60.0, seconds / 3))
    return report


def growth(samples: list[dict], baseline_t: float) -> dict:
    """RSS at the first sample from `baseline_t` on versus the last, per process."""
    base = next((s for s in samples if s["t"] >= baseline_t), samples[0])
    last = samples[-1]
    out = {}
    for name in ("api1", "api2", "worker-steady"):
        if base.get(name) is not None and last.get(name) is not None:
            out[name] = {
                "at_t": base["t"],
                "from_mb": round(base[name], 1),
                "to_mb": round(last[name], 1),
                "growth_mb": round(last[name] - base[name], 1),
            }
    return out


def goals(report: dict) -> dict[str, bool]:
    c = report["check"]
    return {
        "0 actions executed twice": not c["executed_twice"],
        "0 events lost": not c["events_lost"],
        "0 actions left executing": c["left_executing"] == 0,
        f"RSS growth under {RSS_LIMIT_MB:g} MB": all(
            g["growth_mb"] < RSS_LIMIT_MB for g in report["growth"].values()
        )
        and len(report["growth"]) == 3,
        "0 acknowledged creates missing": not c["acknowledged_creates_missing"],
        "0 server errors answered": not report["service_errors"],
    }


def markdown(report: dict) -> str:
    c, g = report["check"], goals(report)
    lines = [
        (
            f"# Soak: {report['args']['minutes']:g} minutes, 2 replicas, a worker SIGKILLed every "
            f"{report['args']['kill_every']:g} s, ~10% platform faults"
        ),
        "",
        (
            f"Load average (1, 5, 15 min) at start {report['loadavg_start']}, at end "
            f"{report['loadavg_end']} (2 cores, shared)."
        ),
        "",
        "| Goal | Result |",
        "|---|---|",
        f"| actions executed twice (platform write log) | {len(c['executed_twice'])} |",
        (
            f"| events lost | {len(c['events_lost'])} ({c['deliveries_received']} deliveries "
            f"received, {c['pending_with_schedule']} pending with a schedule) |"
        ),
        f"| actions left `executing` | {c['left_executing']} |",
    ]
    for name, row in report["growth"].items():
        lines.append(
            f"| RSS growth {name} (t={row['at_t']:g} s → end) | {row['growth_mb']:+.1f} MB "
            f"({row['from_mb']} → {row['to_mb']} MB) |"
        )
    kills = report["kills"]
    lines += [
        "",
        "Goals: " + ", ".join(f"{k}: {'yes' if ok else 'NO'}" for k, ok in g.items()) + ".",
        "",
        (
            f"- Actions: {c['actions']} ({c['statuses']}); failed by code {c['failed_codes']}; "
            f"left approved {c['left_approved']}."
        ),
        (
            f"- Idempotent replays: {c['replays']}; acknowledged creates {c['acknowledged_creates']}, "
            f"missing {len(c['acknowledged_creates_missing'])}."
        ),
        (
            f"- Platform: {c['platform_calls']} calls, {c['platform_faults_injected']} faulted "
            f"(share {c['platform_fault_share']}); {c['applied_writes']} messages applied; executed "
            f"without exactly one applied write: {len(c['executed_without_one_write'])}."
        ),
        (
            f"- Webhooks: {c['events']} events, {c['deliveries']} deliveries to 3 endpoints (2 event endpoints, the revenue push), "
            f"{c['receiver_requests']} requests at the receiver."
        ),
        (
            f"- Kills: {len(kills)} (mid-send {sum(1 for k in kills if k['mid_send'])}); the victim's "
            f"RSS at each kill: {[round(k['rss'] or 0, 1) for k in kills]} MB."
        ),
        f"- Drain after the load: {report['drain']}.",
        (
            f"- Server errors answered (5xx): {report['service_errors'] or 'none'}; requests "
            f"without an answer, sent again to the other replica with the same key: "
            f"{report['transport_errors'] or 'none'}."
        ),
        f"- Requests by route and status: {dict(sorted(report['requests'].items()))}.",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--kill-every", type=float, default=60, help="seconds between kills")
    parser.add_argument(
        "--kill-at",
        choices=("mid-send", "between-sends"),
        default="mid-send",
        help="when to kill the victim (mid-send: its action is failed after the 60 s lease)",
    )
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--pause", type=float, default=0.2, help="a client's think time (s)")
    parser.add_argument("--drain-seconds", type=float, default=240)
    parser.add_argument("--out", default=None, help="the markdown report (JSON beside it)")
    parser.add_argument(
        "--postgres-admin-url",
        default=os.environ.get(
            "COUNTERSIGN_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args(argv)
    random.seed(1)
    logs = Path(tempfile.mkdtemp(prefix="cs-soak-"))
    print(f"logs in {logs}", flush=True)
    admin = args.postgres_admin_url.rsplit("/", 1)[0] + "/postgres"
    with scratch_database(admin, "cs_soak") as db_url:
        soak = Soak(args, db_url, logs)
        try:
            soak.start_infra()
            report = asyncio.run(drive(soak, args))
        finally:
            soak.stop_all()
    text = markdown(report)
    out = Path(args.out) if args.out else logs / "soak.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    out.with_suffix(".json").write_text(json.dumps(report, indent=2, default=str))
    print(text)
    print(f"report: {out}")
    return 0 if all(goals(report).values()) else 1


if __name__ == "__main__":
    sys.exit(main())
