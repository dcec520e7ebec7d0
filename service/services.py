"""Everything a request or worker needs, built once by the composition root (service/app.py)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import attrs
import httpx
from attrs import define, field
from limits.aio.storage import Storage

from service.api.cursors import Cursors
from service.api.forwarded import ClientAddress
from service.api.key_touches import KeyTouches
from service.api.ratelimit import RateLimiter
from service.api.spec import OpenApiDocument
from service.api.validation import OperationValidator
from service.crypto import SecretBox
from service.domain.clock import Clock
from service.domain.link_tokens import LinkTokens
from service.passwords import Passwords
from service.platform.client import PlatformClient
from service.platform.sandbox import SandboxPlatform
from service.settings import Settings
from storage.base import Store

log = logging.getLogger("countersign")


class ResponseInvalid(AssertionError):
    """A reply that does not match openapi.yaml: a bug in the service, surfaced in tests."""


class NoSessions:
    """Until a dashboard is mounted, nobody is signed in."""

    async def principal(self, request) -> None:
        return None


@define
class Services:
    settings: Settings
    store: Store
    clock: Clock
    document: OpenApiDocument
    validators: dict[str, OperationValidator]
    cursors: Cursors
    limiter: RateLimiter
    limits: Storage
    client_address: ClientAddress
    secrets: SecretBox
    sandbox: SandboxPlatform
    link_tokens: LinkTokens
    platform: PlatformClient | None = None
    http: httpx.AsyncClient | None = None
    sessions: Any = field(factory=NoSessions)
    live: Any = None
    executor_wakeup: asyncio.Event = field(factory=asyncio.Event)
    passwords: Passwords = field(factory=Passwords)
    key_touches: KeyTouches = field(
        default=attrs.Factory(lambda self: KeyTouches(self.store), takes_self=True))

    def wake_executor(self) -> None:
        self.executor_wakeup.set()

    def check_response(self, operation_id: str, status: int, body: Any) -> None:
        problems = self.validators[operation_id].response_errors(status, body)
        if problems:
            log.error("response of %s does not match openapi.yaml: %s", operation_id, problems)
            raise ResponseInvalid(f"{operation_id} {status}: {problems}")


def compile_validators(document: OpenApiDocument,
                       kind: str = "compiled") -> dict[str, OperationValidator]:
    """`openapi-core` is the per-request "before" path, kept for bench/ comparisons."""
    if kind == "openapi-core":
        from service.api.openapi_core_validation import compile_openapi_core

        return compile_openapi_core(document)  # type: ignore[return-value]
    return {op: OperationValidator(document, op) for op in document.operations}
