"""Scheduled runs: `runAt` at creation, checked and turned into the action's schedule.

A scheduled action stays open for approval until `runAt` (its `expiresAt`), waits `approved`
after approval, and the executor claims it at `runAt` (storage's claim skips it before then).
"""

from __future__ import annotations

import datetime as dt

from service.domain.clock import isoformat, parse_rfc3339
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

MAX_AHEAD = dt.timedelta(days=30)
"""The furthest a run may be scheduled: an approval should not wait on a send a month away
(Stripe's subscription schedules and Slack's scheduled messages bound theirs the same way)."""


def parse(value: str | None) -> dt.datetime | None:
    """`runAt` as an aware UTC time (None when not asked for); its form only, so a retry is
    fingerprinted before its time is judged."""
    if value is None:
        return None
    try:
        run_at = parse_rfc3339(value)
    except (TypeError, ValueError):
        raise _invalid(
            "runAt must be an RFC 3339 date-time with a time zone, like 2026-11-27T20:00:00Z."
        ) from None
    # To the millisecond, as every response shows times: what is stored is what is shown.
    return run_at.replace(microsecond=run_at.microsecond // 1000 * 1000)


def check(run_at: dt.datetime, now: dt.datetime) -> None:
    """A new action's `runAt` must be in the future and at most 30 days ahead."""
    if run_at <= now:
        raise _invalid(f"runAt must be in the future; it is now {isoformat(now)}.")
    if run_at > now + MAX_AHEAD:
        raise _invalid(
            f"runAt must be at most 30 days ahead, no later than {isoformat(now + MAX_AHEAD)}."
        )


def _invalid(message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param="runAt")
