"""The rows of one creation for bench/governance_floor.py, prepared before its clock starts:
the action, its events and, under an approval, the audit entry and the allowance's use, with
JSON the size of an action's rendering, in the column order the statements name."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid
from typing import Any

WORKSPACE, ACCOUNT, ALLOWANCE, PER_DAY = "ws_floor", "41001", "r0", 10_000
ACTION_COLUMNS = [
    "id",
    "workspace_id",
    "account_id",
    "mode",
    "type",
    "status",
    "params",
    "summary",
    "requested_by",
    "idempotency_key",
    "fingerprint",
    "created_at",
    "expires_at",
    "decided_by",
    "decided_at",
    "warnings",
    "approvals",
    "approvals_required",
]
EVENT_COLUMNS = ["id", "workspace_id", "type", "mode", "account_id", "data", "created_at"]
AUDIT_COLUMNS = ["id", "workspace_id", "actor", "action", "target", "details", "created_at"]
USE_COLUMNS = ["action_id", "workspace_id", "account_id", "allowance", "created_at"]


def _rendered(action_id: str, status: str, now: dt.datetime) -> str:
    """An action as the API renders it (and as its events carry it): about 900 bytes."""
    stamp = now.isoformat()
    return json.dumps(
        {
            "id": action_id,
            "object": "action",
            "accountId": ACCOUNT,
            "type": "send_message",
            "status": status,
            "params": {"fanId": "100001", "text": "Thanks for subscribing! A reply from Maya."},
            "summary": "Send a message to fan 100001",
            "estimatedRecipients": 1,
            "requestedBy": {"kind": "api_key", "id": "key_bench", "name": "backend"},
            "approvalsRequired": 0 if status == "approved" else 1,
            "approvals": [],
            "decidedBy": None,
            "decidedAt": stamp if status == "approved" else None,
            "createdAt": stamp,
            "expiresAt": (now + dt.timedelta(days=1)).isoformat(),
            "runAt": None,
            "executedAt": None,
            "result": None,
            "error": None,
            "warnings": [],
            "testMode": False,
            "livemode": True,
            "metadata": {"source": "bench", "batch": uuid.uuid4().hex},
        },
        separators=(",", ":"),
    )


def rows(variant: str, n: int, sqlite: bool) -> list[dict[str, list[Any]]]:
    """Each creation's rows, column values in the order of the *_COLUMNS lists."""
    now = dt.datetime.now(dt.UTC)

    def when(at: dt.datetime) -> Any:
        return int(at.timestamp() * 1_000_000) if sqlite else at

    def stamp(at: dt.datetime) -> Any:
        return at.isoformat() if sqlite else at

    out = []
    for i in range(n):
        at = now + dt.timedelta(microseconds=i)
        action_id = f"act_{uuid.uuid4().hex}"
        digest = hashlib.sha256(action_id.encode()).digest()
        approved = variant != "none"
        status = "approved" if approved else "pending"
        decision = (
            json.dumps([{"kind": "policy", "rule": 0, "name": "replies"}]) if approved else None
        )
        action = [
            action_id,
            WORKSPACE,
            ACCOUNT,
            "live",
            "send_message",
            status,
            json.dumps({"fanId": str(100000 + i), "text": f"Reply {i}"}),
            f"Send a message to fan {100000 + i}",
            json.dumps({"kind": "api_key", "id": "key_bench", "name": "backend"}),
            uuid.uuid4().hex,
            digest if sqlite else digest.hex(),  # SQLite keeps the 32 bytes
            when(at),
            when(at + dt.timedelta(days=1)),
            decision,
            when(at) if approved else None,
            "[]",
            "[]",
            0 if approved else 1,
        ]
        rendered = _rendered(action_id, status, at)

        def event(kind: str, rendered: str = rendered, at: dt.datetime = at) -> list[Any]:
            return [
                f"evt_{uuid.uuid4().hex}",
                WORKSPACE,
                kind,
                "live",
                ACCOUNT,
                rendered,
                stamp(at),
            ]

        one: dict[str, list[Any]] = {"action": action, "created": event("action.created")}
        if approved:
            one["approved"] = event("action.approved")
            one["audit"] = [
                f"aud_{uuid.uuid4().hex}",
                WORKSPACE,
                json.dumps({"kind": "policy", "id": "r0", "name": "replies"}),
                "action.approved",
                action_id,
                json.dumps({"rule": 0, "allowance": ALLOWANCE}),
                stamp(at),
            ]
        if variant == "allowance":
            one["use"] = [action_id, WORKSPACE, ACCOUNT, ALLOWANCE, when(at)]
            one["since"] = [when(at - dt.timedelta(days=1))]
        out.append(one)
    return out
