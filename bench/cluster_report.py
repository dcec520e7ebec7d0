"""The cluster's report: after the run drains, everything the clients were told and the
workers did is checked against the database, the platform's write log and the receiver's log
(nothing acknowledged lost, nothing executed twice, every event received), with the machine's
load beside the figures."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import httpx

from bench.cluster_load import Load
from bench.cluster_processes import Cluster
from bench.cluster_queries import scalar_rows, wait_settled


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


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
