"""Persists expiry: pending actions past `expiresAt` become `expired` in storage.

Reads already show them expired (service/actions/transitions.effective); this makes filters,
counts and the dashboard agree without waiting for someone to read each row. The move itself
is the actions lifecycle's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from service.actions import lifecycle
from service.domain.clock import Clock
from service.ports import Store

log = logging.getLogger("countersign.expirer")


async def expire_due(
    store: Store, clock: Clock, wake_deliverer: Callable[[], None]
) -> Sequence[str]:
    expired = await lifecycle.expire_due(store, clock.now())
    if expired:
        wake_deliverer()  # their `action.expired` events are committed
        log.info("expired %d pending actions", len(expired))
    return expired
