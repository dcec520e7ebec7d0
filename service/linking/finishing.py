"""What finishing a hosted link uses, and all it may, named one by one by the composition root
(service/app.py): the store, the clock, the platforms (sign-in), the secret box that seals a
platform session, the link tokens, the settings and the first sync of the account it connects.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from attrs import frozen

from service.domain.clock import Clock
from service.kit.crypto import SecretBox
from service.linking.tokens import LinkTokens
from service.platform.seam import Platforms
from service.ports import Store
from service.settings import Settings

FirstSync = Callable[[str, str], Awaitable[None]]
"""A newly linked account's first sync, given its workspace and account ids (the synced
feature's `first_sync`): the creator's last page waits for it."""


@frozen
class LinkDeps:
    store: Store
    clock: Clock
    platforms: Platforms
    secrets: SecretBox
    link_tokens: LinkTokens
    settings: Settings
    first_sync: FirstSync
