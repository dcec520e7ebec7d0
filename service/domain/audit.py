"""The audit log: who decided, switched writes, and managed keys, members and webhooks."""

from __future__ import annotations

import datetime as dt
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from service.domain.audit_entry import AuditEntry
from service.domain.clock import Clock
from service.domain.ids import new_id
from service.domain.principal import Principal
from service.domain.repository import AuditLog


class UnitOfWork(Protocol):
    """What the log needs of the caller's unit of work (service/ports.py's has it): the kernel
    sits below the features whose repositories the full unit gathers."""

    @property
    def audit(self) -> AuditLog: ...


class Store(Protocol):
    def transaction(self) -> AbstractAsyncContextManager[UnitOfWork]: ...
    def reading(self) -> AbstractAsyncContextManager[UnitOfWork]: ...


def actor_of(principal: Principal) -> dict[str, Any]:
    return {
        "kind": principal.kind,
        "id": principal.user_id or principal.key_id,
        "name": principal.label,
        "email": principal.email,
    }


def entry(
    clock: Clock,
    principal: Principal,
    action: str,
    target: str | None = None,
    **details: Any,
) -> AuditEntry:
    """The entry for a write whose repository stores it with the change (one statement)."""
    return AuditEntry(
        id=new_id("aud_"),
        workspace_id=principal.workspace_id,
        actor=actor_of(principal),
        action=action,
        target=target,
        created_at=clock.now(),
        details=details,
    )


async def record_in(
    uow: UnitOfWork,
    clock: Clock,
    principal: Principal,
    action: str,
    target: str | None = None,
    **details: Any,
) -> None:
    """Write the entry inside the caller's unit of work, so change and entry commit together."""
    await uow.audit.add(entry(clock, principal, action, target, **details))


async def record(
    store: Store,
    clock: Clock,
    principal: Principal,
    action: str,
    target: str | None = None,
    **details: Any,
) -> None:
    async with store.transaction() as uow:
        await record_in(uow, clock, principal, action, target, **details)


async def recent(
    store: Store,
    workspace_id: str,
    limit: int = 200,
    *,
    who: str | None = None,
    action: str | None = None,
    since: dt.datetime | None = None,
    until: dt.datetime | None = None,
) -> list[AuditEntry]:
    """Newest first. `who` matches the actor's id, name or email (case-insensitive); it is
    applied over the newest 5,000 entries that pass the other filters."""
    async with store.reading() as uow:
        rows = list(
            await uow.audit.list(
                workspace_id, limit=5_000 if who else limit, action=action, since=since, until=until
            )
        )
    if who:
        wanted = who.casefold()
        rows = [
            e
            for e in rows
            if any(wanted in str(e.actor.get(k) or "").casefold() for k in ("id", "name", "email"))
        ]
    return rows[:limit]
