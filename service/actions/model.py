"""The Action record: what was asked, who decided, what the platform answered."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import field, frozen

Json = dict[str, Any]


@frozen
class Action:
    id: str
    workspace_id: str
    account_id: str
    mode: str
    type: str
    status: str
    params: Json
    summary: str
    estimated_recipients: int | None
    price: Json | None
    requested_by: Json
    idempotency_key: str
    fingerprint: str
    created_at: dt.datetime
    expires_at: dt.datetime
    decided_by: Json | None = None
    decision_note: str | None = None
    decided_at: dt.datetime | None = None
    executed_at: dt.datetime | None = None
    result: Json | None = None
    error: Json | None = None
    claimed_by: str | None = None
    claimed_at: dt.datetime | None = None
    warnings: list[Json] = field(factory=list)
    """`[{code, message, param}]` found against synced data at creation (never blocking)."""
