"""How long an approved action waits for a platform that surely received none of its sends.

The schedule (when the next attempt is due, or that the patience ran out) is computed here,
pure; lifecycle.finish writes it on the action's row (docs/actions.md, "When the platform is
down").
"""

from __future__ import annotations

import datetime as dt

from attrs import frozen


@frozen
class Patience:
    """How long an approved action waits for a platform that surely received none of its
    sends (refused connections, 429/503): `limit` from the first refusal; the next attempt
    `base × 2^(sends refused - 1)` seconds later, at most `cap`, or later when the platform's
    `Retry-After` asks."""

    limit: dt.timedelta = dt.timedelta(hours=1)
    base: float = 1.0
    cap: float = 60.0

    def next_attempt(
        self, since: dt.datetime, attempts: int, retry_after: float | None, now: dt.datetime
    ) -> dt.datetime | None:
        """When attempt `attempts + 1` is due (never past the end of the patience, so the last
        one runs at its end); None once the patience has run out."""
        deadline = since + self.limit
        if now >= deadline:
            return None
        delay = max(min(self.cap, self.base * 2 ** max(attempts - 1, 0)), retry_after or 0.0)
        return min(now + dt.timedelta(seconds=delay), deadline)
