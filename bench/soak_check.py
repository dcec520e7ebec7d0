"""The soak's check after the drain: the database, the platform's write log and the receiver's
log against what the clients were told (nothing executed twice, no event lost, nothing stuck)."""

from __future__ import annotations

import asyncio
import json
import re
import time

import httpx

from bench.cluster_queries import scalar_rows
from bench.soak_cluster import Soak
from bench.soak_load import Load
from service.webhooks.models import DELIVERED_EVENTS, TRANSACTION_EVENT

MARKER = re.compile(r"soak ([\w-]+)<")


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
