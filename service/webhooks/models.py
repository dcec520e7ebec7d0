"""Webhook endpoints, deliveries and attempts as plain values (storage loads them)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from attrs import frozen

DELIVERED_EVENTS = ("action.created", "action.executed", "action.rejected", "action.failed",
                    "account.connected", "link.failed")
TRANSACTION_EVENT = "transaction.observed"


@frozen
class WebhookEndpoint:
    id: str
    workspace_id: str
    kind: str  # "transactions" (one per workspace) | "events"
    url: str
    secrets: list[dict[str, Any]]  # [{secret, expiresAt}] newest first; expiresAt ISO or None
    event_types: list[str] | None
    failing: bool
    created_at: dt.datetime
    disabled_at: dt.datetime | None = None

    def signing_secrets(self, now: dt.datetime) -> list[str]:
        """Every secret still signing at `now`, newest first (two while a roll is in grace)."""
        out = []
        for item in self.secrets:
            expires = item.get("expiresAt")
            if expires is None or dt.datetime.fromisoformat(expires) > now:
                out.append(item["secret"])
        return out

    def wants(self, event_type: str) -> bool:
        if self.kind == "transactions":
            return event_type == TRANSACTION_EVENT
        return event_type in DELIVERED_EVENTS and (
            self.event_types is None or event_type in self.event_types)


@frozen
class Delivery:
    id: str
    endpoint_id: str
    workspace_id: str
    event_id: str
    event_type: str
    ordering_key: str | None
    payload: str
    status: str  # pending | succeeded | failed
    attempts: int
    next_attempt_at: dt.datetime | None
    claimed_by: str | None
    claimed_until: dt.datetime | None
    created_at: dt.datetime
    seq: int


@frozen
class DeliveryAttempt:
    id: str
    delivery_id: str
    attempted_at: dt.datetime
    status_code: int | None
    response: str | None
    duration_ms: int
    error: str | None

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300
