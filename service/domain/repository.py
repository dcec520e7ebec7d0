"""The kernel's repositories: the event outbox and the audit log, written by every feature
in the unit of work that makes its change (service/ports.py gathers them)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from service.domain.audit_entry import AuditEntry
from service.domain.events import Event


class Events(Protocol):
    async def add(self, event: Event) -> int:
        """Returns the event's `seq`."""

    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> Sequence[Event]: ...


class AuditLog(Protocol):
    async def add(self, entry: AuditEntry) -> None: ...
    async def list(
        self,
        workspace_id: str,
        *,
        limit: int = 200,
        action: str | None = None,
        since: dt.datetime | None = None,
        until: dt.datetime | None = None,
    ) -> Sequence[AuditEntry]: ...
    async def count(self, workspace_id: str) -> int: ...
