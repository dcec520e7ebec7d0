"""The outbox (events) and the audit log."""

from __future__ import annotations

import builtins
import datetime as dt

from harness.memory_store.state import State, changed, stored
from service.domain.audit_entry import AuditEntry
from service.domain.events import Event


class MemoryEvents:
    def __init__(self, state: State) -> None:
        self.state = state

    async def add(self, event: Event) -> int:
        self.state.seq += 1
        self.state.events.append(changed(stored(event), {"seq": self.state.seq}))
        return self.state.seq

    async def list(
        self, workspace_id: str | None = None, *, after_seq: int = 0, limit: int = 100
    ) -> builtins.list[Event]:
        found = [
            e
            for e in self.state.events
            if (e.seq or 0) > after_seq and (workspace_id is None or e.workspace_id == workspace_id)
        ]
        return found[:limit]


class MemoryAuditLog:
    def __init__(self, state: State) -> None:
        self.state = state

    async def add(self, entry: AuditEntry) -> None:
        self.state.audit.append(stored(entry))

    async def list(
        self,
        workspace_id: str,
        *,
        limit: int = 200,
        action: str | None = None,
        since: dt.datetime | None = None,
        until: dt.datetime | None = None,
    ) -> builtins.list[AuditEntry]:
        found = [
            e
            for e in self.state.audit
            if e.workspace_id == workspace_id
            and (action is None or e.action == action)
            and (since is None or e.created_at >= since)
            and (until is None or e.created_at < until)
        ]
        return sorted(found, key=lambda e: (e.created_at, e.id), reverse=True)[:limit]

    async def count(self, workspace_id: str) -> int:
        return sum(1 for e in self.state.audit if e.workspace_id == workspace_id)
