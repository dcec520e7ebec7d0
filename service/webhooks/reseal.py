"""Re-seals webhook signing secrets written before they were sealed, once, when the service starts.

A migration cannot seal them (it has no key), so migration 0005 leaves such rows as they were
and the first `serve` or `worker` after it moves each plaintext secret (`{secret}`) to a sealed
one (`{sealed}`) in one transaction; readers accept both forms meanwhile. Secrets sealed with
COUNTERSIGN_SECRET_KEY_PREVIOUS are moved onto the current key at the same time, so the
previous key can be dropped after one restart.
"""

from __future__ import annotations

import logging

from service.kit.crypto import SecretBox
from service.ports import Store
from service.webhooks.models import open_secret, seal_secret

log = logging.getLogger("countersign.reseal")


async def reseal_webhook_secrets(store: Store, box: SecretBox) -> int:
    """Returns how many endpoints were rewritten."""
    changed = 0
    async with store.transaction() as uow:
        for endpoint in await uow.webhooks.every():
            if not box.rotating and all("sealed" in item for item in endpoint.secrets):
                continue
            sealed = [
                seal_secret(open_secret(item, box), box, item.get("expiresAt"))
                if "secret" in item
                else dict(item, sealed=box.reseal(item["sealed"].encode()).decode("ascii"))
                for item in endpoint.secrets
            ]
            await uow.webhooks.set_secrets(endpoint.id, sealed)
            changed += 1
    if changed:
        log.info("re-sealed the signing secrets of %d webhook endpoints", changed)
    return changed
