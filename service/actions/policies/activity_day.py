"""One UTC day of an account's actions, counted by the database (storage's `activity`).

Every action counts on the day it was created, once, by where its decision stands now:
`approved_by_person + approved_by_allowance + rejected + expired + cancelled + pending ==
created`. `failed` is the part of the approved ones whose platform call failed."""

from __future__ import annotations

import datetime as dt

from attrs import frozen


@frozen
class ActivityDay:
    day: dt.date
    created: int = 0
    approved_by_person: int = 0
    approved_by_allowance: int = 0
    rejected: int = 0
    expired: int = 0
    cancelled: int = 0
    failed: int = 0
    pending: int = 0
    # Median seconds from creation to approval or rejection (by a person or an allowance);
    # None when no action of the day was decided.
    median_decision_seconds: float | None = None


COUNTS = (
    "created",
    "approved_by_person",
    "approved_by_allowance",
    "rejected",
    "expired",
    "cancelled",
    "failed",
    "pending",
)

RAN_OR_WILL = ("approved", "executing", "executed", "failed")
"""Approved, whatever happened when it ran; a cancelled approval counts as cancelled (the
cancel's time replaces the decision's)."""
DECIDED = (*RAN_OR_WILL, "rejected")
"""The statuses whose `decided_at` is an approval's or a rejection's: the decision timed."""
