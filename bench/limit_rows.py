"""What every route of the limit apps (bench/limit_app.py, bench/limit_synced_app.py) does alike
on either driver: the API key looked up by its hash and refused when revoked or expired, an
action's row rendered as the API renders it, a new action's values, and the route table."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from storage.sql.driver.packing import unpack

UTC = dt.UTC
PUBLIC_URL = "http://bench.invalid"
COLUMNS = (
    "id, workspace_id, account_id, mode, type, status, params, summary, "
    "estimated_recipients, price, requested_by, idempotency_key, fingerprint, created_at, "
    "expires_at, decided_by, decision_note, decided_at, executed_at, result, error, "
    "warnings"
)
JSON_COLUMNS = ("params", "price", "requested_by", "decided_by", "result", "error", "warnings")
PACKED = {
    "params": "params",
    "summary": "summary",
    "requested_by": "people",
    "decided_by": "people",
    "result": "outcome",
    "error": "outcome",
    "warnings": "warnings",
}
"""SQLite stores these packed since revision 0017 (storage/sql/driver/packing.py); text still reads."""
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)


def _column(name, value):
    if value is None:
        return None
    if isinstance(value, bytes) and name in PACKED:
        value = unpack(value, PACKED[name])
    return json.loads(value) if name in JSON_COLUMNS else value


def _iso(value):
    if value is None:
        return None
    if isinstance(value, int):  # SQLite since revision 0017: microseconds since 1970
        value = EPOCH + dt.timedelta(microseconds=value)
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _time(value):
    if isinstance(value, int):
        return EPOCH + dt.timedelta(microseconds=value)
    if isinstance(value, str):
        return dt.datetime.fromisoformat(value).replace(tzinfo=UTC)
    return value


def render(row, now: dt.datetime) -> dict:
    r = {k: _column(k, row[k]) for k in row.keys()}  # noqa: SIM118 (rows iterate values)
    status = r["status"]
    if status == "pending" and _time(r["expires_at"]) <= now:
        status = "expired"
    return {
        "id": r["id"],
        "type": r["type"],
        "status": status,
        "mode": r["mode"],
        "accountId": r["account_id"],
        "summary": r["summary"],
        "params": r["params"],
        "estimatedRecipients": r["estimated_recipients"],
        "price": r["price"],
        "approvalUrl": f"{PUBLIC_URL}/dashboard/actions/{r['id']}",
        "requestedBy": r["requested_by"],
        "decidedBy": r["decided_by"],
        "decisionNote": r["decision_note"],
        "createdAt": _iso(r["created_at"]),
        "expiresAt": _iso(r["expires_at"]),
        "decidedAt": _iso(r["decided_at"]),
        "executedAt": _iso(r["executed_at"]),
        "result": r["result"],
        "error": r["error"],
        "warnings": r["warnings"],
    }


def bearer(request: Request) -> str:
    return hashlib.sha256(request.headers["authorization"][7:].strip().encode()).hexdigest()


def denied() -> JSONResponse:
    return JSONResponse({"error": {"code": "invalid_api_key"}}, status_code=401)


def key_ok(key, now: dt.datetime) -> bool:
    return (
        key is not None
        and key["revoked_at"] is None
        and (key["expires_at"] is None or _time(key["expires_at"]) > now)
    )


def new_action(key, account_id: str, idem: str, body: dict, now: dt.datetime) -> dict:
    return {
        "id": "act_" + secrets.token_hex(12),
        "workspace_id": key["workspace_id"],
        "account_id": account_id,
        "mode": key["mode"],
        "type": body["type"],
        "status": "pending",
        "params": json.dumps(body["params"]),
        "summary": "Send a message",
        "estimated_recipients": 1,
        "price": None,
        "requested_by": json.dumps({"type": "api_key", "id": key["id"]}),
        "idempotency_key": idem,
        "fingerprint": hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest(),
        "created_at": now,
        "expires_at": now + dt.timedelta(days=7),
        "warnings": "[]",
    }


INSERT_FIELDS = (
    "id",
    "workspace_id",
    "account_id",
    "mode",
    "type",
    "status",
    "params",
    "summary",
    "estimated_recipients",
    "price",
    "requested_by",
    "idempotency_key",
    "fingerprint",
    "created_at",
    "expires_at",
    "warnings",
)


PG_KEY = (
    "SELECT id, workspace_id, mode, revoked_at, expires_at FROM api_keys WHERE secret_hash = $1"
)
SQ_KEY = PG_KEY.replace("$1", "?")


def routes(get, listing, create) -> list[Route]:
    return [
        Route("/v1/actions/{id}", get, methods=["GET"]),
        Route("/v1/actions", listing, methods=["GET"]),
        Route("/v1/accounts/{id}/actions", create, methods=["POST"]),
        Route("/", lambda request: JSONResponse({"ok": True})),
    ]
