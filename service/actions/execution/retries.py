"""When the executor sends a write again: only when the platform surely received nothing.

A refused connection, a failed DNS lookup, a connect timeout, or a 429/503 (refusals before the
request is handled, see service/platform/client.py) cannot have applied the write, so sending
it again is safe. A timeout after sending, another 5xx or a connection dropped mid-answer may
have applied it: never resent (at most once), the action fails and says so.

The jitter is its own function so tests can swap in a deterministic one.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from attrs import frozen

from service.platform.errors import PlatformError


def full_jitter(ceiling: float) -> float:
    """Anywhere from 0 to `ceiling` ("full jitter"), so workers retrying at once spread out."""
    return random.uniform(0, ceiling)


def surely_unsent(error: PlatformError) -> bool:
    return error.retryable and not error.may_have_applied


@frozen
class RetryPolicy:
    """`attempts` counts the first send. The whole run (each attempt bounded by the platform
    timeout, plus these pauses) stays well inside the executor's 60-second lease."""

    attempts: int = 3
    base_delay: float = 0.25
    max_delay: float = 2.0
    jitter: Callable[[float], float] = full_jitter

    def delay(self, retry: int) -> float:
        """Seconds to wait before retry number `retry` (1, 2, …): doubling, capped, jittered."""
        return self.jitter(min(self.max_delay, self.base_delay * 2 ** (retry - 1)))
