"""Webhooks: endpoints, deliveries and one row per attempt."""

from __future__ import annotations

import sqlalchemy as sa

from storage.sql.driver.types import Json, UtcDateTime
from storage.sql.tables.schema import metadata

webhook_endpoints = sa.Table(
    "webhook_endpoints",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("workspace_id", sa.ForeignKey("workspaces.id"), nullable=False, index=True),
    sa.Column("kind", sa.String(12), nullable=False),  # transactions (one per mode) | events
    sa.Column("mode", sa.String(4), nullable=False),  # live | test: the events it receives
    sa.Column("url", sa.String(2000), nullable=False),
    sa.Column("secrets", Json, nullable=False),  # [{secret, expiresAt|null}], newest first
    sa.Column("event_types", Json, nullable=True),  # null = all events
    sa.Column("failing", sa.Boolean, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("disabled_at", UtcDateTime, nullable=True),  # removed by a person
    # The first failed attempt since the last success (null while deliveries succeed).
    sa.Column("failing_since", UtcDateTime, nullable=True),
    # Disabled by the deliverer (failing for days, or 410 Gone); still listed, with the reason.
    sa.Column("auto_disabled_at", UtcDateTime, nullable=True),
    sa.Column("disabled_reason", sa.String(300), nullable=True),
)

deliveries = sa.Table(
    "deliveries",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),  # x-svc-delivery, stable across retries
    sa.Column("endpoint_id", sa.ForeignKey("webhook_endpoints.id"), nullable=False),
    sa.Column("workspace_id", sa.String(40), nullable=False),
    # The event it sends: the body is built from that one row (events.id), never copied here.
    sa.Column("event_id", sa.String(40), nullable=False, index=True),
    sa.Column("event_type", sa.String(40), nullable=False),
    sa.Column("status", sa.String(10), nullable=False),  # pending | succeeded | failed
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("next_attempt_at", UtcDateTime, nullable=True),
    sa.Column("claimed_by", sa.String(80), nullable=True),
    sa.Column("claimed_until", UtcDateTime, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("seq", sa.BigInteger, nullable=False),  # the event's seq (its `sequence`)
    sa.UniqueConstraint("endpoint_id", "event_id"),
    sa.Index("ix_deliveries_due", "status", "next_attempt_at"),
    # Retention: the oldest deliveries first.
    sa.Index("ix_deliveries_created_at", "created_at"),
)

delivery_attempts = sa.Table(
    "delivery_attempts",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("delivery_id", sa.ForeignKey("deliveries.id"), nullable=False, index=True),
    sa.Column("attempted_at", UtcDateTime, nullable=False),
    sa.Column("status_code", sa.Integer, nullable=True),
    sa.Column("response", sa.String(2000), nullable=True),
    sa.Column("duration_ms", sa.Integer, nullable=False),
    sa.Column("error", sa.String(500), nullable=True),
)
