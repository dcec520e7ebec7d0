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

Json = dict[str, Any]

WINDOW = dt.timedelta(hours=24)
MAX_PER_DAY = 100_000
NOT_COUNTED = ("rejected", "expired", "cancelled")
"""Statuses of actions that never run: they leave no mark on a limit."""


@frozen
class Window:
    """What a limit's window holds now: the actions counted and the oldest one's creation."""

    used: int
    oldest: dt.datetime | None


@frozen
class DailyLimit:
    """One limit, typed: at most `per_day` actions of `types` asked for per account in any 24
    hours. Read once from the JSON a client sends or the database holds, rendered back to the
    same JSON (openapi.yaml's `PolicyLimit`: `{types, perDay}`)."""

    types: tuple[str, ...]
    per_day: int

    def to_json(self) -> Json:
        return {"types": list(self.types), "perDay": self.per_day}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> DailyLimit:
        """A limit as stored (checked when it was written): read as it is, never refused."""
        return cls(tuple(raw.get("types") or ()), int(raw["perDay"]))


Limits = tuple[DailyLimit, ...]


def _bad(i: int, key: str, message: str) -> ApiError:
    return ApiError(ErrorCode.INVALID_PARAMETER, message, param=f"limits[{i}].{key}")


def parse_limits(raw: Sequence[Any]) -> Limits:
    """Limits a person or a script sent, checked (the dashboard's and the other channels' input
    too, so every channel stores only limits the API would accept); each limit's types once."""
    parsed = []
    for i, limit in enumerate(raw):
        if not isinstance(limit, Mapping):
            raise ApiError(
                ErrorCode.INVALID_PARAMETER, "A limit is an object.", param=f"limits[{i}]"
            )
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
        parsed.append(DailyLimit(tuple(dict.fromkeys(types)), per_day))
    return tuple(parsed)


def stored_limits(raw: Sequence[Mapping[str, Any]] | None) -> Limits:
    """Limits as the database holds them (none set: none)."""
    return tuple(DailyLimit.from_json(limit) for limit in raw or ())


def limits_json(limits: Sequence[DailyLimit]) -> list[Json]:
    """Limits as the database stores them and the API shows them."""
    return [limit.to_json() for limit in limits]


def matching(limits: Sequence[DailyLimit], type_: str) -> Limits:
    return tuple(limit for limit in limits if type_ in limit.types)


def effective(
    has_own_rules: bool,
    own: Sequence[Mapping[str, Any]] | None,
    default: Sequence[Mapping[str, Any]] | None,
) -> Limits:
    """An account with rules of its own has its own limits (none unless set); one following
    the workspace default follows its limits too: the policy is inherited whole. Read from
    their stored JSON."""
    return stored_limits(own if has_own_rules else default)


def exceeded(limit: DailyLimit, window: Window, now: dt.datetime) -> ApiError | None:
    """`write_limit_exceeded` when one more action would pass `limit`, else None."""
    if window.used < limit.per_day:
        return None
    oldest = window.oldest or now
    wait = max(math.ceil((oldest + WINDOW - now).total_seconds()), 1)
    types = ", ".join(limit.types)
    return ApiError(
        ErrorCode.WRITE_LIMIT_EXCEEDED,
        f"This account's policy allows at most {limit.per_day} {types} actions in any "
        f"24 hours, and that many were asked for.",
        hint=f"Retry after {wait} seconds, when the oldest of them leaves the window.",
        headers={"Retry-After": str(wait)},
    )
