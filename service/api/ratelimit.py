"""Per-key rate limiting: a fixed budget of requests per window, kept in process memory.

Each process counts on its own, so N replicas allow up to N times the budget; the README says so.
"""

from __future__ import annotations

import math
from collections import deque


class RateLimiter:
    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._hits: dict[str, deque[float]] = {}

    def hit(self, key: str, now: float) -> int | None:
        """Count one request; return the seconds to wait when over the limit, else None."""
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.limit:
            return max(1, math.ceil(hits[0] + self.window - now))
        hits.append(now)
        return None
