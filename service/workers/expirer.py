"""Persists expiry: pending actions past `expiresAt` become `expired` in storage.

Reads already show them expired (service.domain.actions.effective); this makes filters, counts
and the dashboard agree without waiting for someone to read each row.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from service.services import Services

log = logging.getLogger("countersign.expirer")


async def expire_due(services: Services) -> Sequence[str]:
    async with services.store.transaction() as uow:
        expired = await uow.actions.expire_due(services.clock.now())
    if expired:
        log.info("expired %d pending actions", len(expired))
    return expired
