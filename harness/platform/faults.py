"""Injected faults: make a route answer with a chosen status, or answer late, N times.

A fault names a route pattern as the platform writes it ("POST /chats/:id/messages"; the "/api"
prefix and `{id}` spelling are accepted too), or "*" for every route. It can be limited to
one creator. `processed: true` means the platform does the work first and only then fails or
stalls: the ambiguous outcome an at-most-once executor must survive. Without it, a faulted
call changes nothing.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

from attrs import asdict, define

_PARAM = re.compile(r"(:[A-Za-z_]\w*|\{[A-Za-z_]\w*\})")


@define
class Fault:
    id: str
    route: str
    status: int | None
    body: Any
    delay_ms: int
    times: int | None
    user_id: str | None
    processed: bool
    retry_after: int | None = None
    probability: float = 1.0
    hits: int = 0

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {
            "id": data["id"],
            "route": data["route"],
            "status": data["status"],
            "body": data["body"],
            "delayMs": data["delay_ms"],
            "times": data["times"],
            "userId": data["user_id"],
            "processed": data["processed"],
            "retryAfter": data["retry_after"],
            "probability": data["probability"],
            "hits": data["hits"],
        }


def canonical_route(route: str) -> str:
    """`"post  /api/chats/{id}/messages"` -> `"POST /chats/:/messages"` (names dropped)."""
    route = " ".join(str(route).split())
    if route == "*":
        return route
    method, _, path = route.partition(" ")
    if not method.isalpha() or not path.startswith("/"):
        raise ValueError('route must look like "POST /chats/:id/messages" or be "*"')
    if path.startswith("/api/"):
        path = path[len("/api") :]
    return f"{method.upper()} {_PARAM.sub(':', path.rstrip('/') or '/')}"


def default_body(status: int) -> dict[str, Any]:
    return {
        "error": {
            "code": "injected_fault",
            "message": f"The platform is having trouble (injected HTTP {status}).",
        }
    }


class FaultBook:
    """The active faults, first match wins; a fault with `times` left 0 is gone."""

    def __init__(self, seed: int = 1) -> None:
        self._faults: list[Fault] = []
        self._ids = itertools.count(1)
        self._dice = random.Random(seed)  # a `probability` fault: the same draws every run

    def add(self, spec: dict[str, Any]) -> Fault:
        status = spec.get("status")
        delay_ms = spec.get("delayMs", 0) or 0
        times = spec.get("times")
        if status is not None and (not isinstance(status, int) or not 100 <= status <= 599):
            raise ValueError("status must be an HTTP status code")
        if not isinstance(delay_ms, int) or delay_ms < 0:
            raise ValueError("delayMs must be a whole number of milliseconds, 0 or more")
        if status is None and delay_ms == 0:
            raise ValueError("give a status, a delayMs, or both")
        retry_after = spec.get("retryAfter")
        if retry_after is not None and (not isinstance(retry_after, int) or retry_after < 0):
            raise ValueError("retryAfter must be a whole number of seconds, 0 or more")
        if times is not None and (not isinstance(times, int) or times < 1):
            raise ValueError("times must be 1 or more, or null for until cleared")
        probability = spec.get("probability", 1)
        if (
            isinstance(probability, bool)
            or not isinstance(probability, int | float)
            or not 0 < probability <= 1
        ):
            raise ValueError("probability must be a number above 0, at most 1")
        route = spec.get("route", "*")
        fault = Fault(
            id=f"fault_{next(self._ids)}",
            route=route,
            status=status,
            body=spec.get("body")
            if spec.get("body") is not None or status is None
            else default_body(status),
            delay_ms=delay_ms,
            times=times,
            user_id=spec.get("userId"),
            processed=bool(spec.get("processed", False)),
            retry_after=spec.get("retryAfter"),
            probability=float(probability),
        )
        self._match_key(fault)  # validates the route
        self._faults.append(fault)
        return fault

    def take(self, route: str, user_id: str | None) -> Fault | None:
        """The first fault for this call, counted as used once. A fault with a `probability`
        below 1 passes the call on (to the next fault, or to the route) when its draw says so."""
        key = canonical_route(route)
        for fault in list(self._faults):
            wanted = self._match_key(fault)
            if wanted not in ("*", key) or (fault.user_id and fault.user_id != user_id):
                continue
            if fault.probability < 1 and self._dice.random() >= fault.probability:
                continue
            fault.hits += 1
            if fault.times is not None:
                fault.times -= 1
                if fault.times == 0:
                    self._faults.remove(fault)
            return fault
        return None

    def clear(self) -> None:
        self._faults.clear()

    def active(self) -> list[Fault]:
        return list(self._faults)

    @staticmethod
    def _match_key(fault: Fault) -> str:
        return canonical_route(fault.route)
