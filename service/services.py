"""Everything a request or worker needs, built once by the composition root (service/app.py).

It names a feature only through the feature's public.py, what the container holds of it. The
syncer and a hosted link's finish take their dependencies as the composition root named them
(`syncing`, `linking`), never the container.

`Services` is frozen and complete when built: nothing is attached to it later. Resources that
must not outlive the app (the outgoing HTTP client) are opened by the lifespan inside the
objects that hold them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from service.actions.public import ActionWaiters
from service.chat.public import Chats
from service.domain.clock import Clock
from service.http.cursors import Cursors
from service.http.forwarded import ClientAddress
from service.http.key_touches import KeyTouches
from service.http.ratelimit import LimitsStorage, RateLimiter
from service.http.sessions import DashboardSessions
from service.http.spec import OpenApiDocument
from service.http.validators import RequestValidator
from service.kit.crypto import SecretBox
from service.kit.outgoing_http import OutgoingHttp
from service.kit.passwords import Passwords
from service.linking.public import LinkDeps, LinkTokens
from service.platform.seam import Platforms
from service.ports import Store
from service.settings import Settings
from service.synced.public import LiveReads, SyncDeps
from service.webhooks.public import PinnedClients, Sender

log = logging.getLogger("countersign")


class ResponseInvalid(AssertionError):
    """A reply that does not match openapi.yaml: a bug in the service, surfaced in tests."""


@frozen
class Services:
    settings: Settings
    store: Store
    clock: Clock
    document: OpenApiDocument
    validators: Mapping[str, RequestValidator]
    cursors: Cursors
    limiter: RateLimiter
    limits: LimitsStorage
    client_address: ClientAddress
    secrets: SecretBox
    link_tokens: LinkTokens
    passwords: Passwords
    http: OutgoingHttp
    platforms: Platforms
    live: LiveReads
    sessions: DashboardSessions
    key_touches: KeyTouches
    executor_wakeup: asyncio.Event
    deliverer_wakeup: asyncio.Event
    waiters: ActionWaiters
    """Requests and MCP calls waiting for an action's decision (service/actions/waiting.py)."""
    chats: Chats
    """Slack and Telegram (service/chat/): the poster's and the clicks' private replies."""
    chat_wakeup: asyncio.Event
    linking: LinkDeps
    """What finishing a hosted link uses (service/linking/finishing.py), for its page."""
    syncing: SyncDeps
    """What the syncer uses (service/synced/syncing.py), for the runner's rounds and the tests."""

    def wake_poster(self) -> None:
        """A chat message was queued or bumped in this process: post it now."""
        self.chat_wakeup.set()

    def wake_executor(self) -> None:
        """The in-process notifier the approving use case calls (other processes hear the
        store's NOTIFY instead)."""
        self.executor_wakeup.set()

    def wake_deliverer(self) -> None:
        """New events were committed in this process: the deliverer looks for work now instead
        of at its next poll (events from other processes wait for that poll, at most 1 s)."""
        self.deliverer_wakeup.set()

    def sender(self, clients: PinnedClients | None = None) -> Sender:
        """The webhook sender every part of the service uses: the shared HTTP client, loopback
        allowed only in development (the harness receiver listens on 127.0.0.1). The deliverer
        hands in its keep-alive `clients`; test sends go without (a connection each)."""
        return Sender(
            self.http.client,
            box=self.secrets,
            public_url=self.settings.public_url,
            allow_loopback=self.settings.development,
            timeout=self.settings.webhook_timeout,
            clients=clients,
        )

    def check_response(self, operation_id: str, status: int, body: Any) -> None:
        problems = self.validators[operation_id].response_errors(status, body)
        if problems:
            log.error("response of %s does not match openapi.yaml: %s", operation_id, problems)
            raise ResponseInvalid(f"{operation_id} {status}: {problems}")
