"""What operators see of a running service: worker heartbeats, backlogs and retention."""

from __future__ import annotations

import datetime as dt

from attrs import frozen

HEARTBEAT_SECONDS = 15.0
"""How often a process running the background loops writes its heartbeat."""
STALE_AFTER = dt.timedelta(seconds=3 * HEARTBEAT_SECONDS)
"""A heartbeat older than this is a worker that stopped (three missed beats)."""
FORGET_STOPPED_AFTER = dt.timedelta(days=1)
"""A stopped worker's row is reported this long, then pruned."""
LINKS_KEPT = dt.timedelta(days=90)
"""Finished hosted links are kept this long after they expire."""
ALLOWANCE_USES_KEPT = dt.timedelta(days=2)
"""An allowance counts its uses over the last 24 hours; older ones can never count again (two
days leaves a margin for replicas' clocks)."""


@frozen
class Heartbeat:
    id: str
    host: str
    pid: int
    started_at: dt.datetime
    beat_at: dt.datetime

    def alive(self, now: dt.datetime) -> bool:
        return now - self.beat_at <= STALE_AFTER


@frozen
class Backlog:
    """Work waiting, as `/healthz` and `/metrics` report it."""

    oldest_undelivered_at: dt.datetime | None  # the oldest event not yet delivered everywhere
    pending_deliveries: int
    approved_waiting: int  # approved actions not yet claimed by an executor
    approved_retrying: int  # of those, the ones waiting for the platform (a retry scheduled)
    executing: int
    failing_endpoints: int  # enabled endpoints whose last delivery failed or is being retried
    accounts_by_status: dict[str, int]
    sync_lists_continuing: int = 0
    """Platform lists (an account's active fans, expired fans or revenue rows) longer than one
    sync's page cap, whose reading continues next round."""


@frozen
class Retention:
    """How long finished records are kept (0 days: pruned as soon as finished)."""

    deliveries_days: int = 30
    events_days: int = 30

    def deliveries_before(self, now: dt.datetime) -> dt.datetime:
        return now - dt.timedelta(days=self.deliveries_days)

    def events_before(self, now: dt.datetime) -> dt.datetime:
        return now - dt.timedelta(days=self.events_days)
