"""Daily limits: a policy's `limits: [{types, perDay}]` caps how many matching actions an
account may be asked for in any 24 hours, whoever would approve them.

One more than `perDay` is `429 write_limit_exceeded`, with `Retry-After` the seconds until the
oldest counted action leaves the window. Rejected, expired and cancelled actions do not count:
they never run, and leave the count as soon as they end. Pure rules here; the count runs in the
statement that writes the action and takes the account's next number (governed.py), so
replicas never pass a limit and nothing is locked.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from service.actions.types import names
from service.errors.api_error import ApiError
from service.errors.codes import ErrorCode

WINDOW = dt.timedelta(hours=24)
MAX_PER_DAY = 100_000
NOT_COUNTED = ("rejected", "expired", "cancelled")
"""Statuses of actions that never run: they leave no mark on a limit."""


@frozen
class Window:
    """What a limit's window holds now: the actions counted and the oldest one's creation."""

    used: int
    oldest: dt.datetime | None


def _bad(i: int, key: str, message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=f"limits[{i}].{key}")


def normalised(limits: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The limits as stored and shown (the dashboard's input is checked here too)."""
    stored = []
    for i, limit in enumerate(limits):
        types = limit.get("types")
        if not isinstance(types, list) or not types or not all(t in names() for t in types):
            raise _bad(i, "types", f"Choose one or more action types: {', '.join(names())}.")
        per_day = limit.get("perDay")
        if (
            not isinstance(per_day, int)
            or isinstance(per_day, bool)
            or not 1 <= per_day <= MAX_PER_DAY
        ):
            raise _bad(i, "perDay", f"`perDay` is a whole number from 1 to {MAX_PER_DAY}.")
        stored.append({"types": list(dict.fromkeys(types)), "perDay": per_day})
    return stored


def matching(limits: Sequence[Mapping[str, Any]] | None, type_: str) -> list[dict[str, Any]]:
    return [dict(limit) for limit in limits or () if type_ in limit.get("types", ())]


def effective(
    has_own_rules: bool,
    own: Sequence[Mapping[str, Any]] | None,
    default: Sequence[Mapping[str, Any]] | None,
) -> list[dict[str, Any]]:
    """An account with rules of its own has its own limits (none unless set); one following
    the workspace default follows its limits too: the policy is inherited whole."""
    chosen = own if has_own_rules else default
    return [dict(limit) for limit in chosen or ()]


def exceeded(limit: Mapping[str, Any], window: Window, now: dt.datetime) -> ApiError | None:
    """`write_limit_exceeded` when one more action would pass `limit`, else None."""
    if window.used < limit["perDay"]:
        return None
    oldest = window.oldest or now
    wait = max(math.ceil((oldest + WINDOW - now).total_seconds()), 1)
    types = ", ".join(limit["types"])
    return ApiError(
        ErrorCode.WRITE_LIMIT_EXCEEDED,
        f"This account's policy allows at most {limit['perDay']} {types} actions in any "
        f"24 hours, and that many were asked for.",
        hint=f"Retry after {wait} seconds, when the oldest of them leaves the window.",
        headers={"Retry-After": str(wait)},
    )
