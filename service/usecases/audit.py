"""The audit log: who decided, switched writes, and managed keys, members and webhooks."""

from __future__ import annotations

from typing import Any

from service.domain.clock import Clock
from service.domain.dashboard import AuditEntry
from service.domain.ids import new_id
from service.domain.principal import Principal
from storage.base import Store


def actor_of(principal: Principal) -> dict[str, Any]:
    return {"kind": principal.kind, "id": principal.user_id or principal.key_id,
            "name": principal.label, "email": principal.email}


async def record_in(uow, clock: Clock, principal: Principal, action: str,
                    target: str | None = None, **details: Any) -> None:
    """Write the entry inside the caller's unit of work, so change and entry commit together."""
    await uow.audit.add(AuditEntry(
        id=new_id("aud_"), workspace_id=principal.workspace_id, actor=actor_of(principal),
        action=action, target=target, created_at=clock.now(), details=details))


async def record(store: Store, clock: Clock, principal: Principal, action: str,
                 target: str | None = None, **details: Any) -> None:
    async with store.transaction() as uow:
        await record_in(uow, clock, principal, action, target, **details)


async def recent(store: Store, workspace_id: str, limit: int = 200) -> list[AuditEntry]:
    async with store.reading() as uow:
        return list(await uow.audit.list(workspace_id, limit=limit))
