"""Webhook endpoints, deliveries and attempts as plain values (storage loads them)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from attrs import frozen

from service.domain.events import Event

if TYPE_CHECKING:  # only callers that seal or open secrets need cryptography loaded
    from service.kit.crypto import SecretBox

DELIVERED_EVENTS = (
    "action.created",
    "action.executed",
    "action.approved",
    "action.rejected",
    "action.failed",
    "action.expired",
    "action.cancelled",
    "action.escalated",
    "account.connected",
    "account.status_changed",
    "link.failed",
    "allowance.paused",
)
TRANSACTION_EVENT = "transaction.observed"


def seal_secret(secret: str, box: SecretBox, expires_at: str | None = None) -> dict[str, Any]:
    return {"sealed": box.seal_text(secret), "expiresAt": expires_at}


def open_secret(item: dict[str, Any], box: SecretBox) -> str:
    return box.open_text(item["sealed"]) if "sealed" in item else item["secret"]


@frozen
class WebhookEndpoint:
    id: str
    workspace_id: str
    kind: str  # "transactions" (one per workspace and mode) | "events"
    mode: str  # live | test: receives only the events of its mode
    url: str
    # [{sealed, expiresAt}] newest first; expiresAt ISO or None. `sealed` is the signing secret
    # sealed with the service's SecretBox; rows from before sealing hold `secret` in plaintext
    # until the service re-seals them at start (service/webhooks/reseal.py).
    secrets: list[dict[str, Any]]
    event_types: list[str] | None
    failing: bool
    created_at: dt.datetime
    disabled_at: dt.datetime | None = None  # removed by a person: no longer listed
    failing_since: dt.datetime | None = None  # first failed attempt since the last success
    auto_disabled_at: dt.datetime | None = None  # disabled by the deliverer (still listed)
    disabled_reason: str | None = None  # why, in a sentence for the Webhooks page

    def signing_secrets(self, now: dt.datetime, box: SecretBox) -> list[str]:
        """Every secret still signing at `now`, newest first (two while a roll is in grace)."""
        return [
            open_secret(item, box)
            for item in self.secrets
            if item.get("expiresAt") is None or dt.datetime.fromisoformat(item["expiresAt"]) > now
        ]

    def wants(self, event: Event) -> bool:
        if event.mode != self.mode:
            return False
        event_type = event.type
        if self.kind == "transactions":
            return event_type == TRANSACTION_EVENT
        return event_type in DELIVERED_EVENTS and (
            self.event_types is None or event_type in self.event_types
        )


@frozen
class Delivery:
    id: str
    endpoint_id: str
    workspace_id: str
    event_id: str
    event_type: str  # its body is built from the event row (`envelope`), never stored here
    status: str  # pending | succeeded | failed
    attempts: int
    next_attempt_at: dt.datetime | None
    claimed_by: str | None
    claimed_until: dt.datetime | None
    created_at: dt.datetime
    seq: int  # the event's seq: the envelope's `sequence`


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
